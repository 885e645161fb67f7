"""A course folder (COURSE_FORMAT.md): course.json and its lesson files, read and written.

``read_course`` checks a whole folder (given as ``{relative path: text}``) and raises
``CourseFormatError`` with every problem; ``course_files`` writes a course of the database
back as the same files (the export).
"""

from __future__ import annotations

import json
from pathlib import Path

from django.utils.translation import gettext as _

from courses.content import (
    CODE_RE,
    LESSON_FILE_RE,
    SLUG_RE,
    CourseData,
    CourseFormatError,
    LessonData,
    ModuleData,
    Problem,
    published_question_problem,
    read_lesson_file,
)
from exams.models import Stage
from questions.models import Unit

# --- course.json -----------------------------------------------------------------------------


def _line_of(text: str, needle: str) -> int | None:
    for number, line in enumerate(text.split("\n"), start=1):
        if f'"{needle}"' in line:
            return number
    return None


def _bilingual(
    value, *, key: str, file: str, line: int | None, required: bool = True
) -> tuple[str, str, list[Problem]]:
    if (
        not isinstance(value, dict)
        or not isinstance(value.get("fr", ""), str)
        or not isinstance(value.get("en", ""), str)
    ):
        return (
            "",
            "",
            [Problem(file, line, _('« %(key)s » doit être {"fr": "…", "en": "…"}.') % {"key": key})],
        )
    if required and not value.get("fr", "").strip():
        return "", "", [Problem(file, line, _("« %(key)s » : le français est obligatoire.") % {"key": key})]
    return value.get("fr", "").strip(), value.get("en", "").strip(), []


def read_course(
    files: dict[str, str], *, folder: str = "", practice_problem=published_question_problem
) -> CourseData:
    """Check a whole course folder; raises ``CourseFormatError`` listing every problem."""
    prefix = f"{folder}/" if folder else ""
    name = f"{prefix}course.json"
    if "course.json" not in files:
        raise CourseFormatError([Problem(name, None, _("fichier course.json manquant."))])
    text = files["course.json"]
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise CourseFormatError(
            [Problem(name, error.lineno, _("JSON invalide : %(error)s") % {"error": error.msg})]
        ) from None
    if not isinstance(raw, dict):
        raise CourseFormatError([Problem(name, 1, _("course.json doit contenir un objet JSON."))])
    problems: list[Problem] = []
    known = {"code", "stage", "units", "hours", "title", "summary", "modules"}
    for key in sorted(set(raw) - known):
        problems.append(Problem(name, _line_of(text, key), _("clé inconnue « %(key)s ».") % {"key": key}))
    code = raw.get("code", "")
    if not isinstance(code, str) or not CODE_RE.match(code):
        problems.append(
            Problem(
                name,
                _line_of(text, "code"),
                _("code « %(code)s » : majuscules et chiffres, par exemple SC.") % {"code": code},
            )
        )
    elif folder and folder != code:
        problems.append(
            Problem(
                name,
                _line_of(text, "code"),
                _("le code %(code)s ne correspond pas au dossier %(folder)s.")
                % {"code": code, "folder": folder},
            )
        )
    stage = raw.get("stage", "")
    if stage not in Stage.values:
        problems.append(
            Problem(
                name,
                _line_of(text, "stage"),
                _("stage « %(stage)s » : attendu %(known)s.")
                % {"stage": stage, "known": ", ".join(Stage.values)},
            )
        )
    units = raw.get("units", [])
    if not isinstance(units, list) or any(unit not in Unit.values for unit in units):
        problems.append(
            Problem(
                name,
                _line_of(text, "units"),
                _("units : une liste parmi %(known)s.") % {"known": ", ".join(Unit.values)},
            )
        )
        units = []
    hours = raw.get("hours", 0)
    if isinstance(hours, bool) or not isinstance(hours, (int, float)) or not 0 <= hours <= 200:
        problems.append(
            Problem(name, _line_of(text, "hours"), _("hours : un nombre d'heures entre 0 et 200."))
        )
        hours = 0
    title_fr, title_en, found = _bilingual(
        raw.get("title"), key="title", file=name, line=_line_of(text, "title")
    )
    problems += found
    summary_fr, summary_en, found = _bilingual(
        raw.get("summary", {}), key="summary", file=name, line=_line_of(text, "summary"), required=False
    )
    problems += found
    lesson_files: dict[str, dict[str, str]] = {}
    for path, content in files.items():
        match = LESSON_FILE_RE.match(path)
        if match:
            lesson_files.setdefault(match["slug"], {})[match["language"]] = content
        elif path.startswith("lessons/"):
            problems.append(
                Problem(
                    f"{prefix}{path}",
                    None,
                    _(
                        "fichier inattendu : les leçons s'appellent "
                        "lessons/<slug>.fr.md ou lessons/<slug>.en.md."
                    ),
                )
            )
    modules: list[ModuleData] = []
    seen_modules: set[str] = set()
    seen_lessons: set[str] = set()
    raw_modules = raw.get("modules", [])
    if not isinstance(raw_modules, list) or not raw_modules:
        problems.append(
            Problem(name, _line_of(text, "modules"), _("modules : une liste d'au moins un module."))
        )
        raw_modules = []
    for index, raw_module in enumerate(raw_modules, start=1):
        if not isinstance(raw_module, dict):
            problems.append(
                Problem(
                    name,
                    _line_of(text, "modules"),
                    _("module n° %(n)s : un objet JSON attendu.") % {"n": index},
                )
            )
            continue
        slug = raw_module.get("slug", "")
        line = _line_of(text, slug) if isinstance(slug, str) and slug else _line_of(text, "modules")
        if not isinstance(slug, str) or not SLUG_RE.match(slug):
            problems.append(
                Problem(
                    name,
                    line,
                    _(
                        "module n° %(n)s : identifiant « %(slug)s » invalide (minuscules "
                        "sans accent, chiffres, tirets)."
                    )
                    % {"n": index, "slug": slug},
                )
            )
            continue
        if slug in seen_modules:
            problems.append(Problem(name, line, _("module « %(slug)s » en double.") % {"slug": slug}))
        seen_modules.add(slug)
        m_fr, m_en, found = _bilingual(raw_module.get("title"), key=f"{slug}.title", file=name, line=line)
        problems += found
        lessons: list[LessonData] = []
        for entry in raw_module.get("lessons", []) if isinstance(raw_module.get("lessons"), list) else []:
            planned = isinstance(entry, dict)
            lesson_slug = entry.get("slug", "") if planned else entry
            lesson_line = (
                _line_of(text, lesson_slug) if isinstance(lesson_slug, str) and lesson_slug else line
            )
            if not isinstance(lesson_slug, str) or not SLUG_RE.match(lesson_slug):
                problems.append(
                    Problem(
                        name,
                        lesson_line,
                        _("leçon « %(slug)s » du module %(module)s : identifiant invalide.")
                        % {"slug": lesson_slug, "module": slug},
                    )
                )
                continue
            if lesson_slug in seen_lessons:
                problems.append(
                    Problem(
                        name, lesson_line, _("leçon « %(slug)s » listée deux fois.") % {"slug": lesson_slug}
                    )
                )
                continue
            seen_lessons.add(lesson_slug)
            if planned:
                if entry.get("planned") is not True:
                    problems.append(
                        Problem(
                            name,
                            lesson_line,
                            _(
                                "leçon « %(slug)s » : une leçon décrite par un objet "
                                'doit porter "planned": true.'
                            )
                            % {"slug": lesson_slug},
                        )
                    )
                l_fr, l_en, found = _bilingual(
                    entry.get("title"), key=f"{lesson_slug}.title", file=name, line=lesson_line
                )
                problems += found
                lessons.append(LessonData(slug=lesson_slug, title_fr=l_fr, title_en=l_en, planned=True))
                continue
            texts = lesson_files.get(lesson_slug, {})
            fr_name = f"{prefix}lessons/{lesson_slug}.fr.md"
            if "fr" not in texts:
                problems.append(
                    Problem(
                        name,
                        lesson_line,
                        _("la leçon « %(slug)s » n'a pas de fichier %(file)s.")
                        % {"slug": lesson_slug, "file": f"lessons/{lesson_slug}.fr.md"},
                    )
                )
                continue
            french, found = read_lesson_file(texts["fr"], file=fr_name, practice_problem=practice_problem)
            problems += found
            lesson = LessonData(
                slug=lesson_slug,
                title_fr=french.get("title", ""),
                minutes=french.get("minutes", 0),
                articles=french.get("articles", []),
                practice=french.get("practice", []),
                body_fr=french.get("body", ""),
            )
            if "en" in texts:
                en_name = f"{prefix}lessons/{lesson_slug}.en.md"
                english, found = read_lesson_file(texts["en"], file=en_name, practice_problem=lambda uid: "")
                problems += found
                if english and french and english.get("articles") != french.get("articles"):
                    problems.append(Problem(en_name, None, _("articles différents de la version française.")))
                if english and french and english.get("practice") != french.get("practice"):
                    problems.append(
                        Problem(en_name, None, _("questions d'exercice différentes de la version française."))
                    )
                lesson.title_en = english.get("title", "")
                lesson.body_en = english.get("body", "")
            lessons.append(lesson)
        modules.append(ModuleData(slug=slug, title_fr=m_fr, title_en=m_en, lessons=lessons))
    for slug in sorted(set(lesson_files) - seen_lessons):
        problems.append(
            Problem(
                f"{prefix}lessons/{slug}.fr.md",
                None,
                _("leçon absente de course.json (ajoutez « %(slug)s » à un module).") % {"slug": slug},
            )
        )
    if problems:
        raise CourseFormatError(problems)
    return CourseData(
        code=code,
        stage=stage,
        units=units,
        hours=hours,
        title_fr=title_fr,
        title_en=title_en,
        summary_fr=summary_fr,
        summary_en=summary_en,
        modules=modules,
    )


def read_folder(path: Path) -> dict[str, str]:
    files: dict[str, str] = {}
    for file in sorted(path.rglob("*")):
        if file.is_file():
            relative = file.relative_to(path).as_posix()
            if relative == "course.json" or relative.startswith("lessons/"):
                files[relative] = file.read_text(encoding="utf-8")
    return files


# --- Writing ----------------------------------------------------------------------------------


def lesson_file(*, title: str, minutes: int, articles: list[str], practice: list[str], body: str) -> str:
    lines = ["---", f"title: {title}", f"minutes: {minutes}"]
    if articles:
        lines.append(f"articles: {', '.join(articles)}")
    if practice:
        lines.append(f"practice: {', '.join(practice)}")
    return "\n".join([*lines, "---", ""]) + body


def course_files(course) -> dict[str, str]:
    """The folder of a course in the database (the export), the inverse of ``read_course``."""
    modules = []
    files: dict[str, str] = {}
    for module in course.modules.order_by("order"):
        entries: list = []
        for lesson in module.lessons.order_by("order"):
            if lesson.planned:
                entries.append(
                    {
                        "slug": lesson.slug,
                        "title": {"fr": lesson.title_fr, "en": lesson.title_en},
                        "planned": True,
                    }
                )
                continue
            entries.append(lesson.slug)
            files[f"lessons/{lesson.slug}.fr.md"] = lesson_file(
                title=lesson.title_fr,
                minutes=lesson.minutes,
                articles=lesson.articles,
                practice=lesson.practice,
                body=lesson.body_fr,
            )
            if lesson.body_en.strip():
                files[f"lessons/{lesson.slug}.en.md"] = lesson_file(
                    title=lesson.title_en or lesson.title_fr,
                    minutes=lesson.minutes,
                    articles=lesson.articles,
                    practice=lesson.practice,
                    body=lesson.body_en,
                )
        modules.append(
            {"slug": module.slug, "title": {"fr": module.title_fr, "en": module.title_en}, "lessons": entries}
        )
    hours = float(course.hours)
    data = {
        "code": course.code,
        "stage": course.stage,
        "units": course.units,
        "hours": int(hours) if hours.is_integer() else hours,
        "title": {"fr": course.title_fr, "en": course.title_en},
        "summary": {"fr": course.summary_fr, "en": course.summary_en},
        "modules": modules,
    }
    files["course.json"] = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return files

"""The course file format (COURSE_FORMAT.md): lesson files, directives, rulebook links, problems.

A folder is handled as a mapping ``{relative path: text}`` (``course.json``,
``lessons/<slug>.fr.md``, ``lessons/<slug>.en.md``), so that a folder on disk and a zip
uploaded through the site go through the same checks. Every problem names the file, the
line and what is wrong; nothing is loaded while one remains.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
CODE_RE = re.compile(r"^[A-Z0-9]{2,12}$")
LESSON_FILE_RE = re.compile(r"^lessons/(?P<slug>[^/]+)\.(?P<language>fr|en)\.md$")
DIRECTIVE_RE = re.compile(r"^:::\s*(?P<name>[a-z]*)(?P<attributes>.*)$")
ATTRIBUTE_RE = re.compile(r'\s*(?P<key>[a-z]+)="(?P<value>[^"]*)"')
ARTICLE_LINK_RE = re.compile(r"\[\[(?P<target>[^\]|]+)(?:\|(?P<label>[^\]]+))?\]\]")
HTML_TAG_RE = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
UCI_RE = re.compile(r"^[a-h][1-8][a-h][1-8]$")
SQUARE_RE = re.compile(r"^[a-h][1-8]$")
FRONT_KEYS = ("title", "minutes", "articles", "practice")
DIRECTIVE_KEYS = {
    "diagram": {"fen", "arrows", "squares", "orientation", "caption"},
    "replay": {"pgn", "fen", "ply", "caption"},
    "scenario": {"title"},
}
PRACTICE_MIN, PRACTICE_MAX = 3, 6
MAX_LESSON_CHARS = 200_000


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where} : {self.message}"


class CourseFormatError(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(problem) for problem in problems))
        self.problems = problems


@dataclass
class LessonData:
    slug: str
    title_fr: str
    title_en: str = ""
    planned: bool = False
    minutes: int = 0
    articles: list[str] = field(default_factory=list)
    practice: list[str] = field(default_factory=list)
    body_fr: str = ""
    body_en: str = ""


@dataclass
class ModuleData:
    slug: str
    title_fr: str
    title_en: str
    lessons: list[LessonData]


@dataclass
class CourseData:
    code: str
    stage: str
    units: list[str]
    hours: float
    title_fr: str
    title_en: str
    summary_fr: str
    summary_en: str
    modules: list[ModuleData]

    def lessons(self) -> list[LessonData]:
        return [lesson for module in self.modules for lesson in module.lessons]


# --- Directives and links (shared with the renderer) -------------------------------------


def parse_attributes(text: str) -> tuple[dict[str, str], str]:
    """``key="value"`` pairs; returns them and what could not be read ("" when all was)."""
    attributes: dict[str, str] = {}
    position = 0
    for match in ATTRIBUTE_RE.finditer(text):
        if text[position : match.start()].strip():
            return attributes, text[position : match.start()].strip()
        attributes[match["key"]] = match["value"]
        position = match.end()
    return attributes, text[position:].strip()


def parse_citation(target: str) -> tuple[str, str] | None:
    edition, _sep, number = target.strip().partition(":")
    if not _sep or not edition.strip() or not number.strip():
        return None
    return edition.strip(), number.strip()


def citation_problem(target: str) -> str:
    from questions.citations import citation_problem as rulebook_problem
    from questions.citations import known_edition

    citation = parse_citation(target)
    if citation is None:
        return _(
            "« %(text)s » n'est pas un renvoi au règlement (attendu : édition:numéro, "
            "par exemple 2018:9.2 ou livre:1.2)."
        ) % {"text": target}
    if not known_edition(citation[0]):
        return _("l'édition « %(edition)s » n'existe pas.") % {"edition": citation[0]}
    return rulebook_problem(*citation)


def directive_problem(name: str, attributes: dict[str, str]) -> str:
    """What is wrong with a diagram or replay directive ("" when nothing is)."""
    from positions.validation import FenError, PgnError, parse_moves
    from positions.validation.fen import validate_fen

    unknown = sorted(set(attributes) - DIRECTIVE_KEYS[name])
    if unknown:
        return _("attribut inconnu « %(key)s » (attendus : %(known)s).") % {
            "key": unknown[0],
            "known": ", ".join(sorted(DIRECTIVE_KEYS[name])),
        }
    fen = attributes.get("fen", "")
    if name == "diagram" and not fen:
        return _('un diagramme demande une position : fen="…".')
    if fen:
        try:
            validate_fen(fen, as_played=True)
        except FenError as error:
            return _("FEN invalide : %(error)s") % {"error": error.message}
    if name == "diagram":
        for arrow in filter(None, attributes.get("arrows", "").split(",")):
            if not UCI_RE.match(arrow.strip()):
                return _(
                    "flèche « %(arrow)s » : attendu une case de départ et d'arrivée, par exemple e2e4."
                ) % {"arrow": arrow}
        for square in filter(None, attributes.get("squares", "").split(",")):
            if not SQUARE_RE.match(square.strip()):
                return _("case « %(square)s » : attendu une case comme e4.") % {"square": square}
        if attributes.get("orientation", "white") not in ("white", "black"):
            return _("orientation « %(value)s » : white ou black.") % {"value": attributes["orientation"]}
    if name == "replay":
        if not attributes.get("pgn", "").strip():
            return _('une partie à rejouer demande ses coups : pgn="1. e4 e5".')
        try:
            # Illegal moves are allowed: a lesson on 7.5 replays one, as the replay widget does.
            game = parse_moves(attributes["pgn"], fen=fen or None, allow_illegal=True)
        except PgnError as error:
            return _("coups invalides : %(error)s") % {"error": error.message}
        ply = attributes.get("ply", "")
        if ply and (not ply.isdigit() or int(ply) > len(game.moves)):
            return _("ply « %(ply)s » : un nombre de demi-coups entre 0 et %(total)s.") % {
                "ply": ply,
                "total": len(game.moves),
            }
    return ""


def body_problems(body: str, *, file: str, first_line: int) -> list[Problem]:
    problems: list[Problem] = []
    in_scenario = 0
    in_code = False
    for offset, line in enumerate(body.split("\n")):
        number = first_line + offset
        stripped = line.strip()
        if stripped.startswith("```") or stripped.startswith("~~~"):
            in_code = not in_code
        if in_code:
            continue
        match = DIRECTIVE_RE.match(stripped)
        if match:
            name = match["name"]
            if not name:
                if not in_scenario:
                    problems.append(
                        Problem(file, number, _("« ::: » ferme une mise en situation qui n'est pas ouverte."))
                    )
                in_scenario = 0
                continue
            if name not in DIRECTIVE_KEYS:
                problems.append(
                    Problem(
                        file,
                        number,
                        _("directive inconnue « ::: %(name)s » (attendues : diagram, replay, scenario).")
                        % {"name": name},
                    )
                )
                continue
            attributes, rest = parse_attributes(match["attributes"])
            if rest:
                problems.append(
                    Problem(
                        file,
                        number,
                        _('attributs illisibles : « %(rest)s » (attendu clé="valeur").')
                        % {"rest": rest[:60]},
                    )
                )
                continue
            if name == "scenario":
                if in_scenario:
                    problems.append(
                        Problem(
                            file,
                            number,
                            _(
                                "une mise en situation ne peut pas en contenir une autre "
                                "(celle de la ligne %(line)s n'est pas fermée)."
                            )
                            % {"line": in_scenario},
                        )
                    )
                unknown = sorted(set(attributes) - DIRECTIVE_KEYS["scenario"])
                if unknown:
                    problems.append(
                        Problem(
                            file,
                            number,
                            _("attribut inconnu « %(key)s » (attendus : title).") % {"key": unknown[0]},
                        )
                    )
                in_scenario = number
                continue
            problem = directive_problem(name, attributes)
            if problem:
                problems.append(Problem(file, number, f"::: {name} — {problem}"))
            continue
        if HTML_TAG_RE.search(line):
            problems.append(
                Problem(
                    file,
                    number,
                    _("balise HTML « %(tag)s » : le HTML n'est pas permis, écrivez en Markdown.")
                    % {"tag": HTML_TAG_RE.search(line)[0][:40]},
                )
            )
        for link in ARTICLE_LINK_RE.finditer(line):
            problem = citation_problem(link["target"])
            if problem:
                problems.append(
                    Problem(
                        file,
                        number,
                        _("renvoi [[%(target)s]] : %(problem)s")
                        % {"target": link["target"], "problem": problem},
                    )
                )
    if in_scenario:
        problems.append(
            Problem(file, in_scenario, _("mise en situation jamais fermée (ajoutez une ligne « ::: »)."))
        )
    return problems


# --- Lesson files ---------------------------------------------------------------------------


def split_front_matter(text: str, *, file: str) -> tuple[dict[str, tuple[str, int]], str, int, list[Problem]]:
    """The front matter's ``{key: (value, line)}``, the body, the body's first line, problems."""
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != "---":
        return (
            {},
            text,
            1,
            [
                Problem(
                    file,
                    1,
                    _("la leçon doit commencer par un bloc « --- » (titre, minutes, articles, practice)."),
                )
            ],
        )
    meta: dict[str, tuple[str, int]] = {}
    problems: list[Problem] = []
    for index in range(1, len(lines)):
        line = lines[index]
        if line.strip() == "---":
            return meta, "\n".join(lines[index + 1 :]), index + 2, problems
        content = re.split(r"\s+#", line, maxsplit=1)[0].strip()
        if not content or content.startswith("#"):
            continue
        key, sep, value = content.partition(":")
        key = key.strip()
        if not sep or key not in FRONT_KEYS:
            problems.append(
                Problem(
                    file,
                    index + 1,
                    _("clé inconnue « %(key)s » (attendues : %(keys)s).")
                    % {"key": key[:40], "keys": ", ".join(FRONT_KEYS)},
                )
            )
            continue
        if key in meta:
            problems.append(Problem(file, index + 1, _("clé « %(key)s » en double.") % {"key": key}))
        meta[key] = (value.strip(), index + 1)
    return meta, "", len(lines), [*problems, Problem(file, 1, _("le bloc « --- » n'est jamais fermé."))]


def _list(value: str) -> list[str]:
    return [item.strip() for item in value.split(",") if item.strip()]


def read_lesson_file(text: str, *, file: str, practice_problem) -> tuple[dict, list[Problem]]:
    """One lesson file: ``{"title", "minutes", "articles", "practice", "body"}`` and its problems."""
    if len(text) > MAX_LESSON_CHARS:
        return {}, [
            Problem(
                file, None, _("fichier trop long (plus de %(max)s caractères).") % {"max": MAX_LESSON_CHARS}
            )
        ]
    meta, body, first_line, problems = split_front_matter(text, file=file)
    title, title_line = meta.get("title", ("", 1))
    if not title:
        problems.append(Problem(file, title_line, _("titre manquant (title: …).")))
    minutes_text, minutes_line = meta.get("minutes", ("0", 1))
    if not minutes_text.isdigit() or int(minutes_text) > 600:
        problems.append(
            Problem(
                file,
                minutes_line,
                _("minutes : un nombre entier de minutes (0 à 600), pas « %(value)s ».")
                % {"value": minutes_text[:20]},
            )
        )
    articles_text, articles_line = meta.get("articles", ("", 1))
    articles = _list(articles_text)
    for article in articles:
        problem = citation_problem(article)
        if problem:
            problems.append(
                Problem(
                    file,
                    articles_line,
                    _("articles : %(article)s — %(problem)s") % {"article": article, "problem": problem},
                )
            )
    practice_text, practice_line = meta.get("practice", ("", 1))
    practice = _list(practice_text)
    if practice and not PRACTICE_MIN <= len(practice) <= PRACTICE_MAX:
        problems.append(
            Problem(
                file,
                practice_line,
                _("practice : de %(min)s à %(max)s questions, pas %(count)s.")
                % {"min": PRACTICE_MIN, "max": PRACTICE_MAX, "count": len(practice)},
            )
        )
    for uid in practice:
        problem = practice_problem(uid)
        if problem:
            problems.append(
                Problem(
                    file,
                    practice_line,
                    _("practice : %(uid)s — %(problem)s") % {"uid": uid, "problem": problem},
                )
            )
    problems += body_problems(body, file=file, first_line=first_line)
    data = {
        "title": title,
        "minutes": int(minutes_text) if minutes_text.isdigit() else 0,
        "articles": articles,
        "practice": practice,
        "body": body.strip("\n") + "\n" if body.strip() else "",
    }
    return data, problems


def published_question_problem(uid: str) -> str:
    from questions.models import Question, Status

    status = Question.objects.filter(uid=uid).values_list("status", flat=True).first()
    if status is None:
        return _("aucune question de la banque n'a cet identifiant.")
    if status != Status.PUBLISHED:
        return _("cette question n'est pas publiée.")
    return ""

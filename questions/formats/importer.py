"""Validation, import (all or nothing) and export of question files in every format."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from config.safe_input import shown
from questions.content import validate_question
from questions.engine_check import check_answer_key, needs_engine
from questions.formats import FORMATS, BankEntry, ParseProblem, ParseResult
from questions.formats.extension import UNCARRIED_FIELDS
from questions.models import Question, Status, content_hash


class ImportFailed(Exception):
    """Nothing was imported; ``problems`` says which questions could not be taken and why."""

    def __init__(self, problems: list[ParseProblem], unsupported: list[ParseProblem] | None = None):
        self.problems = problems
        # The questions of a type the bank cannot hold among ``problems``: skipping them may help.
        self.unsupported = list(unsupported or [])
        super().__init__("\n".join(str(problem) for problem in problems))


@dataclass
class ImportReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)  # left alone: someone retired them
    # What each imported question lost on the way (images, partial credit…), by uid.
    left_out: dict[str, list[str]] = field(default_factory=dict)
    # Questions of a type the bank cannot hold, left out at the trainer's request.
    skipped: list[ParseProblem] = field(default_factory=list)

    def summary(self) -> str:
        text = _("%(created)d créée(s), %(updated)d mise(s) à jour, %(unchanged)d inchangée(s).") % {
            "created": len(self.created),
            "updated": len(self.updated),
            "unchanged": len(self.unchanged),
        }
        if self.retired:
            text += " " + _("%(count)d retirée(s), laissée(s) telle(s) quelle(s) : %(uids)s.") % {
                "count": len(self.retired),
                "uids": ", ".join(self.retired),
            }
        if self.skipped:
            text += " " + _("%(count)d question(s) d'un type non pris en charge laissée(s) de côté.") % {
                "count": len(self.skipped)
            }
        if self.left_out:
            text += " " + _(
                "%(count)d question(s) importée(s) avec des éléments non repris (détail ci-dessous)."
            ) % {"count": len(self.left_out)}
        return text

    def left_out_lines(self) -> list[str]:
        """One line per element left out, "uid : what", then the skipped questions."""
        lines = [f"{uid} : {note}" for uid, notes in self.left_out.items() for note in notes]
        lines += [_("non importée : %(problem)s") % {"problem": problem} for problem in self.skipped]
        return lines


def engine_available() -> bool:
    return importlib.util.find_spec("positions.engine") is not None


def format_module(name: str):
    import importlib

    modules = {"json": "json_format", "moodlexml": "moodle", "gift": "gift"}
    if name not in modules:
        raise ValueError(
            _("Format inconnu « %(format)s » (formats : %(formats)s).")
            % {"format": name, "formats": ", ".join(FORMATS)}
        )
    return importlib.import_module(f"questions.formats.{modules[name]}")


def detect_format(text: str, filename: str = "") -> str:
    lowered = filename.lower()
    if lowered.endswith(".json"):
        return "json"
    if lowered.endswith(".xml"):
        return "moodlexml"
    if lowered.endswith((".gift", ".txt")):
        return "gift"
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("{"):
        return "json"
    if stripped.startswith("<"):
        return "moodlexml"
    return "gift"


def parse(text: str, format_name: str) -> ParseResult:
    return format_module(format_name).parse(text)


def validate_entries(
    entries: list[BankEntry],
    *,
    engine: bool = True,
    use_database: bool = True,
    skip_engine_for: set[str] | frozenset[str] = frozenset(),
    refused_images: dict[str, list[int]] | None = None,
    brought_images: set[str] | frozenset[str] = frozenset(),
) -> tuple[list[BankEntry], list[ParseProblem]]:
    """Validate every entry (schema, chess, citations, engine check, unique uids).

    Returns the entries with normalised content, and every problem labelled with the
    question's number and uid. ``refused_images``: by label, the images (their place in
    ``media``) the importer may not name (``_image_problems``), each refused with one message
    whether the bank holds it or not. ``brought_images``: the hashes of the images the file
    brings, stored with the questions once the import is accepted: not "missing from the bank".
    """
    valid: list[BankEntry] = []
    problems: list[ParseProblem] = []
    seen: dict[str, str] = {}
    for entry in entries:
        content, content_problems = validate_question(
            {"uid": entry.uid, **entry.content}, use_database=use_database
        )
        label = entry.label or entry.uid
        refused = {f"media.{number}.sha256" for number in (refused_images or {}).get(label, [])}
        to_be_stored = _brought_fields(entry.content, brought_images)
        content_problems = [problem for problem in content_problems
                            if problem.field not in refused and problem.field not in to_be_stored]
        problems.extend(_image_refusals(label, entry.content, refused))
        problems.extend(ParseProblem(label, str(problem)) for problem in content_problems)
        if entry.uid in seen:
            problems.append(
                ParseProblem(
                    label,
                    _("L'identifiant « %(uid)s » est déjà utilisé par %(other)s.")
                    % {"uid": entry.uid, "other": seen[entry.uid]},
                )
            )
        seen.setdefault(entry.uid, label)
        if content_problems or refused:
            continue
        if engine and needs_engine(content) and content_hash(content) not in skip_engine_for:
            objections = check_answer_key(content)
            problems.extend(
                ParseProblem(
                    label,
                    _("moteur de règles (%(field)s) : %(message)s")
                    % {"field": objection.field, "message": objection.message},
                )
                for objection in objections
            )
            if objections:
                continue
        valid.append(
            BankEntry(
                entry.uid, content, label=label, source_format=entry.source_format, lossless=entry.lossless
            )
        )
    return valid, problems


def _brought_fields(content: dict, brought_images: set[str] | frozenset[str]) -> set[str]:
    """The ``media.N.sha256`` fields of the images the file brings (their only possible problem is
    not being in the bank yet: their hash was computed from their bytes)."""
    media = content.get("media")
    if not brought_images or not isinstance(media, list):
        return set()
    return {f"media.{number}.sha256" for number, item in enumerate(media)
            if isinstance(item, dict) and item.get("sha256") in brought_images}


def _image_refusals(label: str, content: dict, refused: set[str]) -> list[ParseProblem]:
    """``content``: as the file gave it, whose ``media`` ``_image_problems`` numbered."""
    return [
        ParseProblem(label, f"media.{number}.sha256 : " + _(
            "l'image « %(name)s » n'est pas dans le fichier et ne s'affiche dans aucune question que vous "
            "pouvez voir : exportez la question avec ses images (JSON ou Moodle XML), puis importez ce "
            "fichier.") % {"name": shown(str(item.get("name", "")), 100)})
        for number, item in enumerate(content.get("media") or []) if f"media.{number}.sha256" in refused
    ]


def _image_problems(entries: list[BankEntry], importer) -> dict[str, list[int]]:
    """By label, the images an entry names that the importer may not: neither brought by the file
    (``BankEntry.images``, whose hash was computed from the bytes) nor shown by a question the
    importer may see (``questions.media_access.reusable_images``). A SHA-256 alone must never let
    a trainer show someone else's image through their own question."""
    from questions.media import SHA256_RE
    from questions.media_access import reusable_images

    named = {
        (entry.label or entry.uid, number): item["sha256"]
        for entry in entries
        if isinstance(entry.content.get("media"), list)
        for number, item in enumerate(entry.content["media"])
        if isinstance(item, dict) and isinstance(item.get("sha256"), str) and SHA256_RE.match(item["sha256"])
        and item["sha256"] not in entry.images
    }
    if not named:
        return {}
    reusable = reusable_images(importer, set(named.values()))
    refused: dict[str, list[int]] = {}
    for (label, number), sha256 in named.items():
        if sha256 not in reusable:
            refused.setdefault(label, []).append(number)
    return refused


def carried(content: dict, format_name: str) -> dict:
    """What of ``content`` survives an export to ``format_name`` and back (normalised) through a
    reader that drops the lossless extension (``questions.formats.extension``), as Moodle does."""
    from questions.content import validate_content

    if format_name == "json":
        return content
    module = format_module(format_name)
    parsed = module.parse(module.export([BankEntry(uid="projection", content=content)], carry=False))
    if not parsed.entries:
        return {}
    return validate_content(parsed.entries[0].content, check_citations=False)[0]


def _with_uncarried_fields(entries: list[BankEntry], format_name: str | None) -> list[BankEntry]:
    """Entries of a lossy format that revise an existing question keep the fields the format
    cannot carry (the position and moves, the source) from the question's latest version:
    editing a stem in Moodle must not silently drop the diagram the answer key depends on."""
    lossy = [
        entry for entry in entries if not entry.lossless and (format_name or entry.source_format) != "json"
    ]
    if not lossy:
        return entries
    lossy_ids = {id(entry) for entry in lossy}
    latest = {
        question.uid: question.latest_version
        for question in Question.objects.filter(uid__in=[entry.uid for entry in lossy]).select_related(
            "draft", "current_version"
        )
    }
    restored = []
    for entry in entries:
        version = latest.get(entry.uid) if id(entry) in lossy_ids else None
        if version is None:
            restored.append(entry)
            continue
        previous = version.content()
        content = dict(entry.content)
        for name in UNCARRIED_FIELDS:
            if not content.get(name) and previous.get(name):
                content[name] = previous[name]
        restored.append(BankEntry(entry.uid, content, label=entry.label, source_format=entry.source_format))
    return restored


def _unchanged_through_format(entry: BankEntry, format_name: str) -> bool:
    """A question re-imported from a Moodle/GIFT export of itself that lost its lossless
    extension (Moodle drops it): what the format carries natively is equal."""
    if format_name == "json" or entry.lossless:
        return False
    question = Question.objects.filter(uid=entry.uid).select_related("draft", "current_version").first()
    if question is None or question.latest_version is None:
        return False
    return content_hash(carried(question.latest_version.content(), format_name)) == content_hash(
        carried(entry.content, format_name)
    )


def import_entries(
    entries: list[BankEntry],
    *,
    status: str = Status.DRAFT,
    author=None,
    reviewer=None,
    note: str = "",
    parse_problems: list[ParseProblem] | None = None,
    format_name: str | None = None,
    unsupported: list[ParseProblem] | None = None,
    skip_unsupported: bool = False,
    importer=None,
) -> ImportReport:
    """Validate then store every entry, or nothing at all (raises ImportFailed).

    ``format_name`` defaults to the format each entry was read from. Questions of an
    ``unsupported`` type refuse the whole import, unless ``skip_unsupported``: then the others are
    imported and the report lists them as skipped. ``importer``: the person importing from the
    pages; an image a question names without the file bringing its bytes must be one they may
    see (``_image_problems``). None: the command line, run by whoever runs the server.
    """
    from questions.services import store_imported

    if status not in (Status.DRAFT, Status.PUBLISHED):
        raise ValueError(_("Un import crée des brouillons ou des questions publiées."))
    # The engine's search is slow; a question whose content was already published passed it.
    known = set(
        Question.objects.filter(uid__in=[entry.uid for entry in entries]).values_list(
            "current_version__content_hash", flat=True
        )
    )
    left_out = {entry.uid: list(entry.left_out) for entry in entries if entry.left_out}
    refused_images = _image_problems(entries, importer) if importer is not None else {}
    brought = _brought_images(entries)
    entries = _with_uncarried_fields(entries, format_name)
    valid, problems = validate_entries(entries, skip_engine_for=known, refused_images=refused_images,
                                       brought_images=set(brought))
    problems = list(parse_problems or []) + problems + _identity_problems(valid, format_name)
    if not skip_unsupported:
        problems = list(unsupported or []) + problems
    if problems:
        raise ImportFailed(problems, [] if skip_unsupported else unsupported)
    report = ImportReport(skipped=list(unsupported or []) if skip_unsupported else [])
    report.left_out = left_out
    with transaction.atomic():
        retired = set(
            Question.objects.filter(
                uid__in=[entry.uid for entry in valid], status=Status.RETIRED
            ).values_list("uid", flat=True)
        )
        for entry in valid:
            if entry.uid in retired:
                # A retired question stays retired: an import must not bring it back.
                report.retired.append(entry.uid)
                continue
            _store_images(entry.content, brought, author)
            latest_is_published = Question.objects.filter(
                uid=entry.uid, draft__isnull=True, current_version__isnull=False
            ).exists()
            if _unchanged_through_format(entry, format_name or entry.source_format) and (
                status != Status.PUBLISHED or latest_is_published
            ):
                report.unchanged.append(entry.uid)
                continue
            _question, outcome = store_imported(
                uid=entry.uid,
                content=entry.content,
                status=status,
                author=author,
                reviewer=reviewer or author,
                note=note,
            )
            getattr(report, outcome).append(entry.uid)
    return report


def _brought_images(entries: list[BankEntry]) -> dict[str, bytes]:
    """By hash, the images the file brought that its questions name (their bytes checked when
    read, their hash computed from the bytes)."""
    brought: dict[str, bytes] = {}
    for entry in entries:
        media = entry.content.get("media")
        media = media if isinstance(media, list) else []
        named = {item.get("sha256") for item in media if isinstance(item, dict)}
        brought.update((sha256, data) for sha256, data in entry.images.items() if sha256 in named)
    return brought


def _store_images(content: dict, brought: dict[str, bytes], author) -> None:
    """Store the images the file brought for this question, with the question, in the import's
    transaction (each stored once per content): an import refused, or failing half-way, leaves
    no image behind, named by no question. The validation took them as in the bank already
    (``brought_images``)."""
    from questions.media import store_image

    for item in content.get("media") or []:
        if item["sha256"] in brought:
            store_image(data=brought[item["sha256"]], uploaded_by=author)


def _identity_problems(entries: list[BankEntry], format_name: str | None) -> list[ParseProblem]:
    """A Moodle XML or GIFT question whose uid is already another question's (another type): an
    import must never turn one question into another (issue 21: an essay became a multiple choice)."""
    foreign = [entry for entry in entries if (format_name or entry.source_format) != "json"]
    if not foreign:
        return []
    existing = {
        question.uid: question.type
        for question in Question.objects.filter(uid__in=[entry.uid for entry in foreign])
    }
    return [
        ParseProblem(
            entry.label or entry.uid,
            _(
                "l'identifiant « %(uid)s » désigne déjà une autre question de la banque (de type %(type)s) : "
                "donnez à cette question un autre idnumber."
            )
            % {"uid": entry.uid, "type": existing[entry.uid]},
        )
        for entry in foreign
        if entry.uid in existing and existing[entry.uid] != entry.content.get("type")
    ]


def apply_default_unit(entries: list[BankEntry], unit: str | None) -> None:
    """Questions of a foreign file that name no unit (GIFT and Moodle XML cannot) get ``unit``."""
    if not unit:
        return
    for entry in entries:
        if not entry.content.get("units"):
            entry.content["units"] = [unit]


def import_text(
    text: str,
    *,
    format_name: str,
    status: str = Status.DRAFT,
    author=None,
    reviewer=None,
    note: str = "",
    default_unit: str | None = None,
    skip_unsupported: bool = False,
) -> ImportReport:
    result = parse(text, format_name)
    problems = result.problems + ([] if skip_unsupported else result.unsupported)
    if problems and not result.entries:
        raise ImportFailed(problems, [] if skip_unsupported else result.unsupported)
    if not result.entries and not result.problems:
        raise ImportFailed(
            [*result.unsupported, ParseProblem("", _("Le fichier ne contient aucune question."))]
        )
    apply_default_unit(result.entries, default_unit)
    return import_entries(
        result.entries,
        status=status,
        author=author,
        reviewer=reviewer,
        note=note,
        parse_problems=result.problems,
        format_name=format_name,
        unsupported=result.unsupported,
        skip_unsupported=skip_unsupported,
    )


def entries_for(questions, *, drafts: bool = False) -> list[BankEntry]:
    """Bank entries of questions: their version in service, or with ``drafts`` their working
    draft where there is one the reader may read (questions from
    ``permissions.visible_questions`` say so in ``draft_visible``; without it, as for the
    command line, every draft is readable). A question with neither is left out."""
    entries = []
    for question in questions.select_related("current_version", "draft").order_by("uid"):
        version = question.current_version
        if drafts and question.draft is not None and getattr(question, "draft_visible", True):
            version = question.draft
        if version is not None:
            entries.append(BankEntry(uid=question.uid, content=version.content(), label=question.uid))
    return entries


def select_questions(*, unit: str | None = None, status: str | None = None):
    """The questions of ``unit`` in ``status`` ("published": those with a version in service)."""
    questions = Question.objects.all()
    if unit:
        questions = questions.for_unit(unit)
    if status:
        questions = questions.with_status(status)
    return questions


def export_text(
    *, format_name: str, unit: str | None = None, status: str | None = None, drafts: bool = False
) -> str:
    """The selected questions in ``format_name``: their versions in service, unless ``drafts``."""
    entries = entries_for(select_questions(unit=unit, status=status), drafts=drafts)
    return format_module(format_name).export(entries)

"""Helpers of the trainer-facing pages that are not workflow: what a candidate sees, diffs.

``candidate_view`` turns a question (a version, or a content dict in the bank format) into
what ``templates/questions/_candidate_question.html`` renders: the stem, the diagram, the
inputs, and never the answer key. Exams and practice reuse both.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import random
from dataclasses import dataclass, field
from typing import Any

import chess
from django.contrib.auth import get_user_model
from django.db.models import BooleanField, Case, Q, QuerySet, Value, When
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from positions.validation import FenError, PgnError, parse_moves, validate_fen
from questions.citations import citation_reference, resolve_citation
from questions.computed.base import Table
from questions.content import Problem
from questions.engine_check import Objection, check_answer_key, needs_engine
from questions.models import Question, QuestionVersion


@dataclass(frozen=True)
class Choice:
    key: str
    text: str


@dataclass(frozen=True)
class Diagram:
    fen: str
    orientation: str = "white"
    arrows: tuple[str, ...] = ()
    circles: tuple[str, ...] = ()
    squares: dict[str, str] = field(default_factory=dict)
    last_move: str | None = None
    clocks: dict[str, str] | None = None
    moves: str = ""
    start_fen: str = ""
    ply: int | None = None
    rate: str = "standard"

    @property
    def decisive_ply(self) -> int:
        """The ply the question is about, where the replay opens: the one the scenario
        designates, else the last move."""
        return self.ply if self.ply is not None else _plies(self.start_fen, self.moves)


@dataclass(frozen=True)
class CandidateQuestion:
    """A question as a candidate sees it: no answer key, no explanation, no feedback."""

    uid: str
    type: str
    stem_paragraphs: list[str]
    points: int | float
    language: str
    prefix: str = ""
    diagram: Diagram | None = None
    options: list[Choice] = field(default_factory=list)
    decisions: list[Choice] = field(default_factory=list)
    sanctions: list[Choice] = field(default_factory=list)
    unit_label: str = ""
    claim: dict[str, Any] | None = None
    flag_fell: str | None = None
    # A computed question: the variant's table (a crosstable) and the generator's key. ``type``
    # is then the variant's answer type (numeric, single, short), which decides the inputs.
    table: Table | None = None
    generator: str = ""
    # A pairing question: its body and the candidate's variant seed (questions.pairing.display);
    # the engine's pairing is never part of it.
    pairing: Any = None

    @property
    def input_name(self) -> str:
        return f"{self.prefix}answer"

    @property
    def decision_name(self) -> str:
        return f"{self.prefix}decision"

    @property
    def sanctions_name(self) -> str:
        return f"{self.prefix}sanctions"

    @property
    def is_multiple(self) -> bool:
        return self.type == "multiple"


def _localised(item: dict[str, Any], name: str, language: str) -> str:
    if language == "en" and item.get(f"{name}_en"):
        return item[f"{name}_en"]
    return item.get(f"{name}_fr") or item.get(f"{name}_en") or ""


def _paragraphs(text: str) -> list[str]:
    return [paragraph.strip() for paragraph in (text or "").split("\n\n") if paragraph.strip()]


def _stem(stem: str, content: dict[str, Any], source: Any, language: str) -> list:
    """The stem's paragraphs, with the question's images placed among them."""
    from questions.media_rendering import stem_paragraphs

    version_id = source.pk if isinstance(source, QuestionVersion) else None
    return stem_paragraphs(stem, content, version_id=version_id, language=language)


def diagram_for(scenario: dict[str, Any] | None) -> Diagram | None:
    if not scenario:
        return None
    start = scenario.get("fen") or ""
    moves = scenario.get("moves") or ""
    ply = scenario.get("ply")
    fen, last_move = position_at_ply(start, moves, ply)
    arrows = tuple(scenario.get("arrows") or ())
    if last_move and not _drawable(fen):
        # An illegal move that leaves its own king in check gives a position the board cannot
        # draw (the side not to move is in check): show the position before it, and the
        # illegal move as a red arrow.
        plies = _plies(start, moves)
        shown = plies if ply is None else max(0, min(ply, plies))
        fen, _previous = position_at_ply(start, moves, shown - 1)
        arrows = (*arrows, f"{last_move[:4]}:red")
        last_move = None
    return Diagram(
        fen=fen,
        orientation=scenario.get("orientation") or "white",
        arrows=arrows,
        circles=tuple(scenario.get("circles") or ()),
        squares=dict(scenario.get("squares") or {}),
        last_move=last_move,
        clocks=scenario.get("clocks") or None,
        moves=moves,
        start_fen=start,
        ply=ply,
        rate=scenario.get("rate") or "standard",
    )


def _drawable(fen: str) -> bool:
    try:
        validate_fen(fen)
    except FenError:
        return False
    return True


def _plies(fen: str, movetext: str) -> int:
    try:
        return len(parse_moves(movetext, fen=fen or None, allow_illegal=True).moves)
    except PgnError:
        return 0


def position_at_ply(fen: str, movetext: str, ply: int | None) -> tuple[str, str | None]:
    """The FEN after ``ply`` half-moves of ``movetext`` (default: all) and the last move (UCI).

    Illegal moves are played as the player did (questions about illegal moves show them);
    unreadable input shows the start position: the editor's move check explains the error.
    """
    try:
        start = validate_fen(fen).fen() if fen else chess.STARTING_FEN
    except FenError:
        return chess.STARTING_FEN, None
    if not movetext.strip():
        return start, None
    try:
        game = parse_moves(movetext, fen=fen or None, allow_illegal=True)
    except PgnError:
        return start, None
    if not game.moves:
        return game.start_fen, None
    count = len(game.moves) if ply is None else max(0, min(ply, len(game.moves)))
    if count == 0:
        return game.start_fen, None
    return game.fen_at(count), game.moves[count - 1].uci


def candidate_view(
    source: QuestionVersion | dict[str, Any],
    *,
    language: str = "fr",
    uid: str = "",
    prefix: str = "",
    shuffle_seed: int | str | None = None,
    variant_seed: int | None = None,
) -> CandidateQuestion:
    """What a candidate sees of a question. Options are shuffled only when the question asks
    for it and a seed is given (exams seed with the copy, so a reload keeps the order).

    A computed question shows the variant of ``variant_seed`` (exams: the seed of the
    candidate's copy for that item; elsewhere the sample variant): its stem, table and inputs."""
    if isinstance(source, QuestionVersion):
        content = source.content()
        uid = uid or source.question.uid
    else:
        content = source
        uid = uid or content.get("uid", "")
    if content.get("type") == "computed":
        from questions import computed

        seed = computed.SAMPLE_SEEDS[0] if variant_seed is None else variant_seed
        variant, native = computed.variant_and_native(content, seed)
        question = candidate_view(native, language=language, uid=uid, prefix=prefix,
                                  shuffle_seed=shuffle_seed)
        return dataclasses.replace(question, table=variant.table(language),
                                   generator=str(content["body"].get("generator", "")))
    body = content.get("body") or {}
    kind = content.get("type") or "single"
    if kind == "pairing":
        from questions import computed
        from questions.pairing.display import PairingView

        english = language == "en" and content.get("stem_en")
        stem = content["stem_en"] if english else content.get("stem_fr", "")
        seed = computed.SAMPLE_SEEDS[0] if variant_seed is None else variant_seed
        return CandidateQuestion(uid=uid, type=kind, stem_paragraphs=_stem(stem, content, source, language),
                                 points=content.get("points") or 0, language=language, prefix=prefix,
                                 pairing=PairingView(body, seed))
    options = [
        Choice(str(option.get("key", "")), _localised(option, "text", language))
        for option in body.get("options") or []
    ]
    if options and body.get("shuffle") and shuffle_seed is not None:
        random.Random(f"{uid}:{shuffle_seed}").shuffle(options)  # noqa: S311 - presentation order only
    scenario = content.get("scenario") or None
    unit_label = ""
    if kind == "numeric":
        unit_label = (
            body.get("unit_en") if language == "en" and body.get("unit_en") else body.get("unit_fr", "")
        )
    stem = (
        content.get("stem_en") if language == "en" and content.get("stem_en") else content.get("stem_fr", "")
    )
    return CandidateQuestion(
        uid=uid,
        type=kind,
        stem_paragraphs=_stem(stem, content, source, language),
        points=content.get("points") or 0,
        language=language,
        prefix=prefix,
        diagram=diagram_for(scenario),
        options=options if kind in ("single", "multiple") else [],
        decisions=[
            Choice(str(item.get("key", "")), _localised(item, "text", language))
            for item in body.get("decisions") or []
        ]
        if kind == "ruling"
        else [],
        sanctions=[
            Choice(str(item.get("key", "")), _localised(item, "text", language))
            for item in body.get("sanctions") or []
        ]
        if kind == "ruling"
        else [],
        unit_label=unit_label or "",
        claim=(scenario or {}).get("claim"),
        flag_fell=(scenario or {}).get("flag_fell"),
    )


def response_from_post(question: CandidateQuestion, data) -> dict[str, Any]:
    """The candidate's response from a submitted form, in the shape ``scoring.grade`` takes."""
    kind = question.type
    if kind == "single":
        return {"choice": data.get(question.input_name) or ""}
    if kind == "multiple":
        return {"choices": sorted(data.getlist(question.input_name))}
    if kind == "truefalse":
        answer = {"true": True, "false": False}.get(data.get(question.input_name) or "")
        return {} if answer is None else {"answer": answer}
    if kind == "numeric":
        return {"value": (data.get(question.input_name) or "").strip()}
    if kind in ("short", "open"):
        return {"text": (data.get(question.input_name) or "").strip()}
    if kind == "ruling":
        return {
            "decision": data.get(question.decision_name) or "",
            "sanctions": sorted(data.getlist(question.sanctions_name)),
        }
    if kind == "pairing":
        from questions.pairing.board import answer_from_post

        try:
            answer = answer_from_post(data, question.input_name)
        except ValueError:
            answer = {"pairs": [], "byes": []}
        if data.get(f"{question.prefix}hand_in"):
            answer["hand_in"] = True
        return answer
    return {}


# --- Diffs between versions ---------------------------------------------------------------


def word_diff(old: str, new: str) -> SafeString:
    """HTML of ``new`` against ``old`` word by word: ``<del>`` removed, ``<ins>`` added."""
    old_words = old.split(" ") if old else []
    new_words = new.split(" ") if new else []
    matcher = difflib.SequenceMatcher(a=old_words, b=new_words, autojunk=False)
    parts: list[str] = []
    for tag, a_start, a_end, b_start, b_end in matcher.get_opcodes():
        if tag == "equal":
            parts.append(escape(" ".join(new_words[b_start:b_end])))
            continue
        if tag in ("replace", "delete"):
            parts.append(f"<del>{escape(' '.join(old_words[a_start:a_end]))}</del>")
        if tag in ("replace", "insert"):
            parts.append(f"<ins>{escape(' '.join(new_words[b_start:b_end]))}</ins>")
    return mark_safe(" ".join(part for part in parts if part))  # every piece is escaped above


@dataclass(frozen=True)
class FieldDiff:
    label: str
    html: SafeString
    changed: bool


def _option_lines(content: dict[str, Any]) -> list[tuple[str, str]]:
    """The lists of a body as labelled lines (option texts with their correctness)."""
    body = content.get("body") or {}
    lines = []
    for name in ("options", "decisions", "sanctions"):
        for item in body.get(name) or []:
            mark = "✓" if item.get("correct") else "✗"
            key = item.get("key", "")
            lines.append((f"{name}:{key}:fr", f"{mark} {item.get('text_fr', '')}"))
            lines.append((f"{name}:{key}:en", f"{mark} {item.get('text_en', '')}"))
    for index, row in enumerate(body.get("rubric") or []):
        lines.append((f"rubric:{index}:fr", f"{row.get('points', '')} — {row.get('criterion_fr', '')}"))
        lines.append((f"rubric:{index}:en", f"{row.get('points', '')} — {row.get('criterion_en', '')}"))
    return lines


def version_diff(
    old: dict[str, Any], new: dict[str, Any], text_labels: dict[str, str], list_labels: dict[str, str]
) -> list[FieldDiff]:
    """Word diff of two contents: the text fields named in ``text_labels``, then every item
    of the lists (options, decisions, sanctions, rubric) named in ``list_labels``."""
    diffs = []
    for name, label in text_labels.items():
        before, after = str(old.get(name) or ""), str(new.get(name) or "")
        diffs.append(FieldDiff(label, word_diff(before, after), before != after))
    old_lines, new_lines = dict(_option_lines(old)), dict(_option_lines(new))
    for key in dict.fromkeys([*old_lines, *new_lines]):
        list_name, item_key, language = key.split(":")
        before, after = old_lines.get(key, ""), new_lines.get(key, "")
        if not before and not after:
            continue
        diffs.append(
            FieldDiff(
                f"{list_labels.get(list_name, list_name)} {item_key} ({language})",
                word_diff(before, after),
                before != after,
            )
        )
    # Everything else (position, moves, claim, points, units, citations, expected answers):
    # only what changed, named as the editor names it.
    old_other, new_other = _other_fields(old), _other_fields(new)
    for path in dict.fromkeys([*old_other, *new_other]):
        before, after = old_other.get(path, ""), new_other.get(path, "")
        if before != after:
            diffs.append(FieldDiff(problem_label(path), word_diff(before, after), True))
    return diffs


_LIST_BODY_FIELDS = {"options", "decisions", "sanctions", "rubric"}
_TEXT_FIELDS = {"stem_fr", "stem_en", "explanation_fr", "explanation_en"}


def _item_text(item: Any) -> str:
    if isinstance(item, dict) and "article" in item:
        return f"{item.get('edition', '')}:{item['article']}"
    return str(item)


def _other_fields(content: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """The fields ``version_diff`` does not compare as texts or list items, flattened to
    ``{"scenario.moves": "1. e4 e5", "citations": "2018:9.2.2, 2018:9.5", …}``."""
    lines: dict[str, str] = {}
    for key, value in content.items():
        path = f"{prefix}{key}"
        if (not prefix and key in _TEXT_FIELDS) or (prefix == "body." and key in _LIST_BODY_FIELDS):
            continue
        if isinstance(value, dict):
            lines.update(_other_fields(value, f"{path}."))
        elif isinstance(value, list):
            lines[path] = ", ".join(_item_text(item) for item in value)
        elif value is not None and value != "":
            lines[path] = str(value)
    return lines


# --- The bank list --------------------------------------------------------------------------


def filter_bank(questions: QuerySet[Question], filters: dict[str, Any], *, user) -> QuerySet[Question]:
    """Apply the list's filters (``BankFilterForm.cleaned_data``) to a queryset, as ``user`` may
    see the questions: working drafts they may not read match nothing (``Question``'s summary
    and search index are those of the version in service)."""
    from questions.permissions import readable_draft_condition

    readable_draft = readable_draft_condition(user)
    if filters.get("q"):
        questions = questions.search(filters["q"])
    if filters.get("unit"):
        questions = questions.for_unit(filters["unit"])
    if filters.get("type"):
        questions = questions.filter(type=filters["type"])
    if filters.get("status"):
        questions = questions.with_status(filters["status"], readable_draft=readable_draft)
    if filters.get("tag"):
        questions = questions.with_tag(filters["tag"])
    if filters.get("author"):
        questions = questions.filter(author_id=filters["author"])
    if filters.get("difficulty"):
        questions = questions.filter(difficulty=filters["difficulty"])
    if filters.get("needs_review"):
        questions = questions.needing_review()
    citation = filters.get("article")
    if citation:
        questions = citing(
            questions, edition=citation["edition"], article=citation["article"], readable_draft=readable_draft
        )
    return questions


def citing(
    questions: QuerySet[Question], *, edition: str, article: str, readable_draft: Q | None = None
) -> QuerySet[Question]:
    """Questions whose published version, or working draft when ``readable_draft`` says the
    reader may read it (None: always), cites ``article`` (of ``edition`` if given).

    The database narrows the candidates with a text match on the JSON (portable between
    SQLite and PostgreSQL); the exact (edition, article) pair is then checked in Python.
    """
    needle = json.dumps({"article": article})[1:-1]  # '"article": "9.2.2"'
    readable_draft = Q(pk__isnull=False) if readable_draft is None else readable_draft
    candidates = (
        questions.filter(
            (Q(draft__citations__icontains=needle) & readable_draft)
            | Q(current_version__citations__icontains=needle)
        )
        .annotate(
            draft_cited=Case(
                When(readable_draft, then=Value(True)), default=Value(False), output_field=BooleanField()
            )
        )
        .select_related("draft", "current_version")
    )
    matching = []
    for question in candidates:
        for version in (question.draft if question.draft_cited else None, question.current_version):
            if version is None:
                continue
            if any(
                item.get("article") == article and (not edition or item.get("edition") == edition)
                for item in version.citations
            ):
                matching.append(question.pk)
                break
    return questions.filter(pk__in=matching)


def author_choices(questions: QuerySet[Question]) -> list[tuple[int, str]]:
    User = get_user_model()
    authors = User.objects.filter(pk__in=questions.values("author_id")).order_by(
        "last_name", "first_name", "email"
    )
    return [(user.pk, str(user)) for user in authors]


# --- The editor -----------------------------------------------------------------------------


def engine_objections(content: dict[str, Any]) -> tuple[list[Objection], bool]:
    """The engine's objections to an answer key, and whether the engine had anything to check."""
    if not needs_engine(content):
        return [], False
    return check_answer_key(content), True


SCENARIO_FIELDS = {
    "fen": "fen",
    "moves": "moves",
    "ply": "ply",
    "orientation": "orientation",
    "arrows": "arrows",
    "circles": "circles",
    "squares": "squares",
    "rate": "rate",
    "flag_fell": "flag_fell",
    "clocks": "clock_white",
    "clocks.white": "clock_white",
    "clocks.black": "clock_black",
    "clocks.to_move": "clock_to_move",
    "claim": "claim_type",
    "claim.type": "claim_type",
    "claim.intended_move": "intended_move",
}
BODY_FIELDS = {
    "answer",
    "value",
    "tolerance",
    "unit_fr",
    "unit_en",
    "accepted",
    "accepted_en",
    "model_answer_fr",
    "model_answer_en",
    "decision_points",
    "sanction_points",
    "scoring",
    "shuffle",
    "generator",
}


def place_problems(editor, problems: list[Problem | Objection]) -> None:
    """Show each problem of ``validate_content``/the engine next to the editor field it concerns.

    ``field`` is a dotted path into the bank format (``body.options.2.text_en``,
    ``scenario.claim.type``); a list row is found through the rows the editor kept.
    """
    form = editor.form
    for problem in problems:
        path = problem.field or ""
        message = problem.message
        parts = path.split(".")
        target: tuple[str, str | None, int | None] | None = None
        if parts[0] == "scenario":
            rest = ".".join(parts[1:])
            target = (
                "form",
                SCENARIO_FIELDS.get(rest) or SCENARIO_FIELDS.get(parts[1] if len(parts) > 1 else ""),
                None,
            )
            if target[1] is None:
                target = ("form", "moves", None)
        elif parts[0] == "body" and (getattr(form, "cleaned_data", None) or {}).get("type") == "pairing":
            target = ("form", "pairing_body", None)
        elif parts[0] == "body" and len(parts) > 2 and parts[1] == "params":
            from questions.forms.computed import param_field_name

            generator = (getattr(form, "cleaned_data", None) or {}).get("generator") or ""
            target = ("form", param_field_name(generator, parts[2]), None)
        elif parts[0] == "body" and len(parts) > 1:
            if parts[1] in editor.formsets:
                if len(parts) > 3 and parts[2].isdigit():
                    target = (parts[1], parts[3], int(parts[2]))
                else:
                    target = (parts[1], None, None)
            elif parts[1] in BODY_FIELDS:
                target = ("form", parts[1], None)
        elif parts[0] == "citations":
            target = ("form", "citations_extra", None)
        elif parts[0] in form.fields:
            target = ("form", parts[0], None)
        if target is None or (target[0] == "form" and target[1] not in form.fields):
            form.add_error(None, f"{path} : {message}" if path else message)
        elif target[0] == "form":
            form.add_error(target[1], message)
        else:
            editor.add_list_error(target[0], message, row=target[2], field=target[1])


LIST_LABELS = {
    "options": gettext_lazy("Options"),
    "decisions": gettext_lazy("Décisions proposées"),
    "sanctions": gettext_lazy("Sanctions et mesures proposées"),
    "rubric": gettext_lazy("Barème"),
}


def problem_label(path: str) -> str:
    """The editor's name for the place a problem of ``validate_content`` points to
    (``body.options.2.text_en`` → "Options, ligne 3"): trainers never see the bank's paths."""
    from questions.forms import QuestionForm

    fields = QuestionForm.base_fields
    parts = (path or "").split(".")

    def label(name: str | None) -> str:
        return str(fields[name].label) if name in fields else ""

    if parts[0] == "scenario":
        rest = ".".join(parts[1:])
        name = SCENARIO_FIELDS.get(rest) or SCENARIO_FIELDS.get(parts[1] if len(parts) > 1 else "")
        return label(name) or _("Position et scénario")
    if parts[0] == "body" and len(parts) > 1 and parts[1] in ("params", "generator"):
        return _("Générateur et paramètres")
    if parts[0] == "body" and len(parts) > 1:
        if parts[1] in LIST_LABELS:
            if len(parts) > 2 and parts[2].isdigit():
                row = int(parts[2]) + 1
                return _("%(list)s, ligne %(row)s") % {"list": LIST_LABELS[parts[1]], "row": row}
            return str(LIST_LABELS[parts[1]])
        return label(parts[1]) or _("Réponse")
    if parts[0] == "citations":
        return label("citations")
    return label(parts[0]) or path


def problem_text(problem: Problem | Objection) -> str:
    """A problem as one sentence for the user: "Énoncé (français) : Ce champ est obligatoire."."""
    if not getattr(problem, "field", ""):
        return problem.message
    return f"{problem_label(problem.field)} : {problem.message}"


def citation_label(citation: dict[str, str], *, language: str = "fr") -> str:
    """ "2018 art. 4.3.1 — heading" (the heading in ``language`` when the rulebook has one)."""
    edition, number = citation["edition"], citation["article"]
    found = resolve_citation(edition, number)

    def text(name: str) -> str:
        if found is None:
            return ""
        return getattr(found, f"{name}_{language}", "") or getattr(found, f"{name}_fr", "") or ""

    title = text("title") if edition == "livre" else text("heading")
    return citation_reference(edition, number) + (f" — {title}" if title else "")


def article_hits(query: str, *, language: str, limit: int = 12) -> list[dict[str, str]]:
    """Rulebook search results as citations the picker can add."""
    from rules.search import search

    hits = []
    for hit in search(query, language=language, limit=limit):
        edition = "livre" if hit.kind == "section" else hit.edition
        hits.append(
            {
                "citation": f"{edition}:{hit.number}",
                "edition": edition,
                "number": hit.number,
                "label": citation_reference(edition, hit.number),
                "title": hit.title,
                "snippet": hit.snippet,
                "url": hit.url,
            }
        )
    return hits

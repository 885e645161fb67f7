"""Helpers of the trainer-facing pages that are not workflow: what a candidate sees, diffs.

``candidate_view`` turns a question (a version, or a content dict in the bank format) into
what ``templates/questions/_candidate_question.html`` renders: the stem, the diagram, the
inputs, and never the answer key. Exams and practice reuse both.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any

import chess

from positions.validation import FenError, PgnError, parse_moves, validate_fen
from questions.bank_list import author_choices, citing, filter_bank
from questions.computed.base import Table
from questions.editor_support import (
    BODY_FIELDS,
    LIST_LABELS,
    SCENARIO_FIELDS,
    article_hits,
    citation_label,
    engine_objections,
    place_problems,
    problem_label,
    problem_text,
)
from questions.models import QuestionVersion
from questions.version_diffs import FieldDiff, version_diff, word_diff

# The diffs, the bank list and the editor's helpers moved out (version_diffs, bank_list,
# editor_support); their callers still import them from here.
__all__ = [
    "BODY_FIELDS",
    "LIST_LABELS",
    "SCENARIO_FIELDS",
    "CandidateQuestion",
    "Choice",
    "Diagram",
    "FieldDiff",
    "article_hits",
    "author_choices",
    "candidate_view",
    "citation_label",
    "citing",
    "diagram_for",
    "engine_objections",
    "filter_bank",
    "place_problems",
    "position_at_ply",
    "problem_label",
    "problem_text",
    "response_from_post",
    "version_diff",
    "word_diff",
]


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

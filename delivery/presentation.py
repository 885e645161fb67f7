"""What the candidate's pages show of an attempt, and how a posted answer is read back.

The page is built only from ``questions.ui_services.candidate_view`` (stem, diagram, inputs):
never from the bank's content dict, so no answer key, explanation or correct flag can reach
it. Options follow ``services.option_order`` (the candidate's seeded order).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from delivery import services
from delivery.models import Attempt, PaperItem, Response
from questions import ui_services
from questions.models import QuestionVersion
from questions.ui_services import CandidateQuestion

MAX_TEXT = 10_000
MAX_VALUE = 50


class InvalidAnswer(ValueError):
    """A posted answer that no input of the question could have produced."""


@dataclass(frozen=True)
class Slot:
    """One question of the candidate's page: its number in their order, and their answer."""

    number: int
    item: PaperItem
    question: CandidateQuestion
    answer: dict[str, Any]
    flagged: bool
    sequence: int
    response: Response | None
    attempt: Attempt | None = None
    title: str = ""  # "Question 3 sur 30"

    @property
    def key_content(self) -> dict:
        """The content whose answer key the correction shows: a computed item's is the
        candidate's variant, with its worked solution."""
        if self.attempt is None:
            return self.item.version.content()
        return services.item_content(self.attempt, self.item)

    @property
    def variant_seed(self) -> int | None:
        """The seed of the candidate's variant (computed and pairing questions)."""
        return None if self.attempt is None else services.variant_seed(self.attempt, self.item)

    @property
    def answered(self) -> bool:
        return is_answered(self.answer)

    @property
    def verdict(self) -> str:
        """How a correction labels the question: "pending" (an open answer not graded yet),
        "correct" (full marks), "partial" (some of its marks, after any penalty), "unanswered"
        or "wrong" (nothing, or less than nothing)."""
        response = self.response
        if response is not None and response.needs_hand_grading and response.points is None:
            return "pending"
        if response is not None and response.correct:
            return "correct"
        if not self.answered:
            return "unanswered"
        if response is not None and response.points is not None and response.points - response.penalty > 0:
            return "partial"
        return "wrong"

    @property
    def anchor(self) -> str:
        return f"q-{self.number}"


def is_answered(answer: dict[str, Any] | None) -> bool:
    """Whether anything was answered: a choice, a true/false, a value, a text, a decision."""
    if not answer:
        return False
    return any(value not in (None, "", [], {}) for key, value in answer.items() if key != "paper")


def candidate_question(attempt: Attempt, item: PaperItem, *, language: str) -> CandidateQuestion:
    question = ui_services.candidate_view(item.version, language=language, prefix=f"q{item.pk}-",
                                          uid=f"item-{item.pk}",
                                          variant_seed=services.variant_seed(attempt, item))
    order = services.option_order(attempt, item)
    if question.options and order:
        by_key = {option.key: option for option in question.options}
        question = dataclasses.replace(question, options=[by_key[key] for key in order if key in by_key])
    # The paper may weigh the question differently from the bank.
    points = item.points.normalize()
    return dataclasses.replace(question, points=int(points) if points == int(points) else float(points))


# Published question versions never change (questions.models.FrozenVersionError): each process
# keeps the ones its candidates save answers to, keyed by id and content hash.
_FROZEN_VERSIONS: dict[tuple[int, str, int], QuestionVersion] = {}
FROZEN_VERSIONS_KEPT = 2048


def frozen_versions(keys: list[tuple[int, str, int]]) -> dict[int, QuestionVersion]:
    """The full versions named by ``keys`` (id, content hash, question id), by id: those this
    process keeps, the others read in one query (and kept when published)."""
    versions = {}
    missing = []
    for key in keys:
        cached = _FROZEN_VERSIONS.get(key)
        if cached is None:
            missing.append(key[0])
        else:
            versions[key[0]] = cached
    if missing:
        for version in QuestionVersion.objects.select_related("question").filter(pk__in=missing):
            versions[version.pk] = version
            if version.published_at is not None:
                if len(_FROZEN_VERSIONS) >= FROZEN_VERSIONS_KEPT:
                    _FROZEN_VERSIONS.clear()
                _FROZEN_VERSIONS[(version.pk, version.content_hash, version.question_id)] = version
    return versions


# An item as a row of values, its version named by the cache's key, and its paper's purpose
# (whether ``services.withheld_items`` must be asked: an exam's autosave never asks it).
_ITEM_ROW = ("pk", "position", "points", "version_id", "version__content_hash", "version__question_id",
             "paper__purpose")

# The items of a locked paper that a candidate has started never change: an unlock is refused
# once an attempt exists (papers.services.unlock_paper) and the admin shows a locked paper's
# items read-only. Each process keeps their rows, read once per paper, for the pages and the
# autosaves of every candidate of the paper.
_LOCKED_ITEM_ROWS: dict[int, list[tuple]] = {}
LOCKED_PAPERS_KEPT = 256


def _item_rows(attempt: Attempt) -> list[tuple]:
    """The rows (``_ITEM_ROW``) of the attempt's paper, in the paper's order."""
    rows = _LOCKED_ITEM_ROWS.get(attempt.paper_id)
    if rows is not None:
        return rows
    read = list(PaperItem.objects.filter(paper_id=attempt.paper_id).order_by(*PaperItem._meta.ordering)
                .values_list(*_ITEM_ROW, "paper__locked_at"))
    rows = [row[:-1] for row in read]
    # A preview's attempt is never saved: its paper may still be unlocked and edited.
    started = attempt.pk is not None and not attempt._state.adding
    if read and read[0][-1] is not None and started:
        if len(_LOCKED_ITEM_ROWS) >= LOCKED_PAPERS_KEPT:
            _LOCKED_ITEM_ROWS.clear()
        _LOCKED_ITEM_ROWS[attempt.paper_id] = rows
    return rows


def _items_from_rows(paper_id: int, rows: list[tuple]) -> list[PaperItem]:
    versions = frozen_versions([(version_id, content_hash, question_id)
                                for _pk, _position, _points, version_id, content_hash, question_id, _purpose
                                in rows])
    items = []
    for pk, position, points, version_id, _hash, _question, _purpose in rows:
        item = PaperItem(pk=pk, paper_id=paper_id, position=position, points=points, version_id=version_id)
        item.version = versions[version_id]
        items.append(item)
    return items


def page_items(attempt: Attempt) -> list[PaperItem]:
    """``services.ordered_items`` (same items, same order), each item's question version taken
    from the process's cache of frozen versions: every candidate of a paper reads the same
    versions, and the page of 30 questions need not read and decode them each time."""
    rows = _item_rows(attempt)
    items = _items_from_rows(attempt.paper_id, rows)
    for item in items:
        item.paper = attempt.paper
    return services.attempt_items(attempt, items, purpose=_purpose(rows))


def withheld_count(attempt: Attempt) -> int:
    """How many of the paper's questions are withheld from this attempt for an exam."""
    return len(services.withheld_items(attempt, purpose=_purpose(_item_rows(attempt))))


def _purpose(rows: list[tuple]) -> str | None:
    return rows[0][-1] if rows else None


def posted_item(attempt: Attempt, item_id: int) -> PaperItem | None:
    """The item an answer is posted for, if it is on the attempt's paper and not withheld for
    an exam (``services.withheld_items``), its version from the process's cache: a save every
    few seconds per candidate need not read and decode it."""
    rows = _item_rows(attempt)
    chosen = [row for row in rows if row[0] == item_id]
    if chosen and item_id in services.withheld_items(attempt, purpose=_purpose(rows)):
        raise services.ItemWithheld
    items = _items_from_rows(attempt.paper_id, chosen)
    return items[0] if items else None


def question_for_input(item: PaperItem, *, language: str,
                       attempt: Attempt | None = None) -> CandidateQuestion:
    """The question's inputs only (no diagram drawn, options in the bank's order): enough to
    read a posted answer, and quick enough for a save every few seconds per candidate.
    A computed or pairing item needs its ``attempt``: its inputs (a pairing item's players)
    are those of the candidate's variant."""
    if item.version.type == "computed" and attempt is not None:
        content = {**services.item_content(attempt, item), "scenario": None}
        return ui_services.candidate_view(content, language=language, prefix=f"q{item.pk}-",
                                          uid=f"item-{item.pk}")
    # A pairing item's answer is checked against the candidate's own tournament: its seed.
    seed = services.variant_seed(attempt, item) if item.version.type == "pairing" and attempt else None
    content = {**item.version.content(), "scenario": None}
    return ui_services.candidate_view(content, language=language, prefix=f"q{item.pk}-",
                                      uid=f"item-{item.pk}", variant_seed=seed)


def slots(attempt: Attempt, *, language: str) -> list[Slot]:
    responses = {}
    if attempt.pk and not attempt._state.adding:
        responses = {response.item_id: response for response in attempt.responses.all()}
    result = []
    items = page_items(attempt)
    for number, item in enumerate(items, start=1):
        response = responses.get(item.pk)
        result.append(Slot(
            title=_("Question %(number)s sur %(total)s") % {"number": number, "total": len(items)},
            number=number,
            item=item,
            question=candidate_question(attempt, item, language=language),
            answer=response.answer if response else {},
            flagged=bool(response and response.flagged),
            sequence=response.sequence if response else 0,
            response=response,
            attempt=attempt,
        ))
    return result


# Control characters no keyboard types (a NUL pasted from elsewhere): PostgreSQL's JSON refuses
# the NUL, and none of them means anything in an answer. Tabs and line breaks stay.
_CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _without_control_characters(value: Any) -> Any:
    if isinstance(value, str):
        return _CONTROL_CHARACTERS.sub("", value)
    if isinstance(value, list):
        return [_without_control_characters(element) for element in value]
    return value


def answer_from_post(question: CandidateQuestion, data, *, previous: dict | None = None,
                     paper: bool = False) -> dict[str, Any]:
    """The answer posted for ``question``, checked against what its inputs can send.

    ``previous``: the stored answer (a pairing question's rounds already handed in are kept
    from it, never from the post, so a round once handed in cannot change). ``paper``: a
    paper copy typed in (a pairing question on paper asks its first round only)."""
    if question.type == "pairing":
        answer = _pairing_answer(question, data, previous, paper=paper)
        return {**answer, "paper": True} if paper else answer
    answer = {name: _without_control_characters(value)
              for name, value in ui_services.response_from_post(question, data).items()}
    kind = question.type
    if kind in ("single", "multiple"):
        keys = {option.key for option in question.options}
        chosen = answer.get("choices") or [answer.get("choice")]
        chosen = [key for key in chosen if key]
        if not set(chosen) <= keys:
            raise InvalidAnswer(_("Cette réponse ne fait pas partie des propositions de la question."))
    elif kind == "truefalse":
        if data.get(question.input_name) not in (None, "", "true", "false"):
            raise InvalidAnswer(_("Répondez par vrai ou faux."))
    elif kind == "numeric":
        if len(answer["value"]) > MAX_VALUE:
            raise InvalidAnswer(_("Cette réponse est trop longue pour un nombre."))
    elif kind in ("short", "open"):
        if len(answer["text"]) > MAX_TEXT:
            raise InvalidAnswer(_("Cette réponse dépasse 10 000 caractères."))
    elif kind == "ruling":
        decisions = {choice.key for choice in question.decisions}
        sanctions = {choice.key for choice in question.sanctions}
        unknown_decision = answer["decision"] and answer["decision"] not in decisions
        if unknown_decision or not set(answer["sanctions"]) <= sanctions:
            raise InvalidAnswer(_("Cette décision ou cette sanction ne fait pas partie des propositions."))
    return answer


def _pairing_answer(question: CandidateQuestion, data, previous: dict | None, *,
                    paper: bool = False) -> dict[str, Any]:
    """The board posted, for the round now to pair only: the post names that round (the board's
    hidden input, the hand-in button's value), so a second click on « Rendre », or a tab left
    on a round already handed in, is refused instead of handing in or overwriting the next
    round; and the players must be those of the candidate's tournament, each seated once.

    ``paper`` (a paper copy typed in): its first round only, never handed in, and the boards
    are recorded as the candidate wrote them, a player absent or seated twice included, so the
    copy can be entered and the grading counts those boards wrong; only a number the tournament
    does not have (a typo) is refused."""
    from questions.pairing import current_round, rounds_to_pair, tournament_before
    from questions.pairing.board import answer_from_post as board_answer
    from questions.pairing.board import check_players

    view = question.pairing
    number = current_round(view.body, view.seed, previous)
    hand_in = data.get(f"{question.prefix}hand_in")
    asked = data.get(f"{question.prefix}hand_in_ask")  # saved as it is, then confirmed
    for posted in (data.get(f"{question.prefix}round"), hand_in, asked):
        if posted is not None and posted != str(number):
            raise InvalidAnswer(
                _("Ce tableau n'est plus celui de la ronde à apparier (la ronde %(round)d) : "
                  "rechargez la page.") % {"round": number})
    try:
        current = board_answer(data, question.input_name, as_written=paper)
        check_players(current, tournament_before(view.body, view.seed, number), number, as_written=paper)
    except ValueError as error:
        raise InvalidAnswer(str(error)) from None
    handed = [r for r in (previous or {}).get("handed") or [] if isinstance(r, dict)]
    if hand_in and not paper and len(handed) < rounds_to_pair(view.body) - 1:
        handed.append(current)
        current = {"pairs": [], "byes": []}
    return {**current, "handed": handed} if handed else current


def summary(slot_list: list[Slot]) -> dict[str, Any]:
    unanswered = [slot for slot in slot_list if not slot.answered]
    flagged = [slot for slot in slot_list if slot.flagged]
    return {"unanswered": unanswered, "flagged": flagged, "total": len(slot_list)}

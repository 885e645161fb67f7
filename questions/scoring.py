"""Scoring a candidate's response to one question version.

``grade(version, response) -> Score`` works for every type. ``version`` is a
``QuestionVersion`` (or anything with a ``content()`` method returning the FORMAT.md dict,
or that dict itself). Responses, per type:

- ``single``: ``{"choice": "b"}``
- ``multiple``: ``{"choices": ["a", "c"]}``
- ``truefalse``: ``{"answer": true}``
- ``numeric``: ``{"value": 2.5}`` (a number, or a text such as ``"2,5"``)
- ``short``: ``{"text": "J'adoube"}``
- ``open``: ``{"text": "…"}`` → ``correct`` is None (graded by hand, see ``grade_by_hand``)
- ``ruling``: ``{"decision": "continue", "sanctions": ["add-2"]}``
- ``computed``: the response of its variant's answer type (numeric, single or short); the
  variant is the one of ``seed`` (``questions.computed``: the expected answer is computed here,
  on the server, from the seed stored with the attempt; without a seed, the sample variant).
- ``pairing``: ``{"pairs": [[white, black], …], "byes": […]}`` (and ``"handed"``, the rounds
  handed in), graded round by round against the engine (``questions.pairing.marking``).

An empty or missing response is a wrong one (0 points). ``Score.points`` is never below 0.
Negative marking (a choice question's ``negative_marking``): the points of the wrong options
chosen are reported in ``Score.penalty`` (≥ 0) — an exam using negative marking subtracts
penalties from the candidate's total, never below 0 overall; ``points`` itself stays ≥ 0.
For a single choice / true–false question a wrong answer's penalty is the question's points;
for a multiple choice question each wrong option chosen costs one share (points ÷ number of
correct options).

Multiple choice, ``partial``: each correct option chosen earns one share, each wrong option
chosen cancels one share (never below 0). Ruling: the decision earns ``decision_points``,
the set of sanctions (exactly the correct ones; "no sanction" = the empty set) earns
``sanction_points``; each part is scored on its own.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

ZERO = Decimal(0)
CENT = Decimal("0.01")


@dataclass(frozen=True)
class Score:
    points: Decimal
    max_points: Decimal
    correct: bool | None  # None: needs grading by hand
    details: dict = field(default_factory=dict)
    penalty: Decimal = ZERO

    @property
    def needs_hand_grading(self) -> bool:
        return self.correct is None


def normalise_text(text: str) -> str:
    """Case, accents, spaces and punctuation ignored: "J'adoube !" and "jadoube" compare equal."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    without_accents = "".join(char for char in decomposed if not unicodedata.combining(char))
    without_accents = without_accents.replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    return re.sub(r"[\W_]+", "", without_accents)


def parse_number(value: object) -> Decimal | None:
    """A number typed by a candidate: 2, 2.5, "2,5", " 3 "; None when it is not a number."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float | Decimal):
        text = str(value)
    elif isinstance(value, str):
        text = value.strip().replace("\u202f", "").replace("\xa0", "").replace(" ", "").replace(",", ".")
    else:
        return None
    try:
        number = Decimal(text)
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def _round(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def _content(version) -> dict:
    return version if isinstance(version, dict) else version.content()


def _keys(value: object) -> list[str]:
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, list | tuple | set | frozenset):
        return [item for item in value if isinstance(item, str) and item]
    return []


def grade(version, response: dict | None, *, seed: int | None = None) -> Score:
    """Score a response to one question version (see the module docstring for the shapes)."""
    content = _content(version)
    if content["type"] == "computed":
        from questions import computed

        content = computed.native_content(content, computed.SAMPLE_SEEDS[0] if seed is None else seed)
    if content["type"] == "pairing":
        from questions import computed
        from questions.pairing.marking import grade as grade_pairing

        return grade_pairing(content, response, computed.SAMPLE_SEEDS[0] if seed is None else seed)
    response = response if isinstance(response, dict) else {}
    max_points = Decimal(str(content["points"]))
    grader = {
        "single": _single,
        "multiple": _multiple,
        "truefalse": _truefalse,
        "numeric": _numeric,
        "short": _short,
        "open": _open,
        "ruling": _ruling,
    }[content["type"]]
    return grader(content, response, max_points)


def _all_or_nothing(ok: bool, max_points: Decimal, details: dict, penalty: Decimal = ZERO) -> Score:
    return Score(max_points if ok else ZERO, max_points, ok, details, ZERO if ok else penalty)


def _single(content: dict, response: dict, max_points: Decimal) -> Score:
    options = content["body"]["options"]
    correct_key = next(option["key"] for option in options if option["correct"])
    chosen = _keys(response.get("choice", response.get("choices")))
    answered = len(chosen) == 1 and chosen[0] in {option["key"] for option in options}
    ok = answered and chosen[0] == correct_key
    penalty = max_points if content["negative_marking"] and answered and not ok else ZERO
    return _all_or_nothing(ok, max_points, {"chosen": chosen, "expected": [correct_key]}, penalty)


def _multiple(content: dict, response: dict, max_points: Decimal) -> Score:
    options = content["body"]["options"]
    keys = {option["key"] for option in options}
    expected = {option["key"] for option in options if option["correct"]}
    chosen = set(_keys(response.get("choices", response.get("choice")))) & keys
    right = len(chosen & expected)
    wrong = len(chosen - expected)
    share = max_points / len(expected)
    penalty = _round(share * wrong) if content["negative_marking"] else ZERO
    details = {"chosen": sorted(chosen), "expected": sorted(expected), "right": right, "wrong": wrong}
    if content["body"].get("scoring") == "partial":
        if chosen == expected:
            return Score(max_points, max_points, True, details, ZERO)
        points = max(ZERO, min(max_points, _round(share * right - share * wrong)))
        return Score(points, max_points, False, details, penalty)
    return _all_or_nothing(chosen == expected, max_points, details, penalty)


def _truefalse(content: dict, response: dict, max_points: Decimal) -> Score:
    answer = response.get("answer")
    if isinstance(answer, str) and answer.strip().lower() in {"true", "false", "vrai", "faux"}:
        answer = answer.strip().lower() in {"true", "vrai"}
    answered = isinstance(answer, bool)
    ok = answered and answer == content["body"]["answer"]
    penalty = max_points if content["negative_marking"] and answered and not ok else ZERO
    return _all_or_nothing(ok, max_points, {"chosen": answer, "expected": content["body"]["answer"]}, penalty)


def _numeric(content: dict, response: dict, max_points: Decimal) -> Score:
    body = content["body"]
    value = parse_number(response.get("value"))
    expected = Decimal(str(body["value"]))
    tolerance = Decimal(str(body.get("tolerance", 0)))
    ok = value is not None and abs(value - expected) <= tolerance
    details = {"given": None if value is None else str(value), "expected": str(expected),
               "tolerance": str(tolerance)}
    return _all_or_nothing(ok, max_points, details)


def _short(content: dict, response: dict, max_points: Decimal) -> Score:
    body = content["body"]
    text = response.get("text")
    given = normalise_text(text) if isinstance(text, str) else ""
    accepted = {normalise_text(answer) for answer in [*body["accepted"], *body.get("accepted_en", [])]}
    accepted.discard("")
    ok = bool(given) and given in accepted
    return _all_or_nothing(ok, max_points, {"given": text if isinstance(text, str) else ""})


def _open(content: dict, response: dict, max_points: Decimal) -> Score:
    text = response.get("text")
    text = text if isinstance(text, str) else ""
    if not text.strip():
        return Score(ZERO, max_points, False, {"given": "", "needs_hand_grading": False})
    return Score(ZERO, max_points, None, {"given": text, "needs_hand_grading": True})


def grade_by_hand(version, awarded: list) -> Score:
    """Score an open question from the points a grader gave to each criterion of the rubric."""
    content = _content(version)
    rubric = content["body"]["rubric"]
    max_points = Decimal(str(content["points"]))
    if len(awarded) != len(rubric):
        raise ValueError("One mark per criterion of the rubric is expected.")
    marks = []
    for criterion, mark in zip(rubric, awarded, strict=True):
        number = parse_number(mark)
        if number is None or number < 0 or number > Decimal(str(criterion["points"])):
            raise ValueError(f"A mark must be between 0 and {criterion['points']}.")
        marks.append(number)
    points = min(max_points, sum(marks, ZERO))
    return Score(points, max_points, points == max_points, {"marks": [str(m) for m in marks]})


def _ruling(content: dict, response: dict, max_points: Decimal) -> Score:
    body = content["body"]
    decision_points = Decimal(str(body["decision_points"]))
    sanction_points = Decimal(str(body["sanction_points"]))
    expected_decision = next(d["key"] for d in body["decisions"] if d["correct"])
    decision = response.get("decision")
    decision_ok = isinstance(decision, str) and decision == expected_decision

    sanctions = body["sanctions"]
    no_sanction = {s["key"] for s in sanctions if s["action"] == "none"}
    keys = {s["key"] for s in sanctions}
    expected = {s["key"] for s in sanctions if s["correct"]} - no_sanction
    chosen = set(_keys(response.get("sanctions"))) & keys
    # "No sanction" is the empty set of actions, whether ticked as an option or left blank.
    chosen_actions = chosen - no_sanction
    # A candidate who picked a decision and no sanction answered "no sanction".
    answered_sanctions = "sanctions" in response or bool(chosen) or isinstance(decision, str)
    contradictory = bool(chosen & no_sanction) and bool(chosen_actions)
    sanctions_ok = answered_sanctions and chosen_actions == expected and not contradictory

    points = (decision_points if decision_ok else ZERO) + (sanction_points if sanctions_ok else ZERO)
    details = {
        "decision": {"chosen": decision if isinstance(decision, str) else None, "expected": expected_decision,
                     "correct": decision_ok, "points": str(decision_points if decision_ok else ZERO)},
        "sanctions": {"chosen": sorted(chosen), "expected": sorted(expected), "correct": sanctions_ok,
                      "points": str(sanction_points if sanctions_ok else ZERO)},
    }
    return Score(points, max_points, decision_ok and sanctions_ok, details)

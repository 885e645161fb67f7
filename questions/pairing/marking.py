"""Grading a pairing answer and writing its correction (the checker's faults, the engine's
pairing explained step by step), round by round."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.utils import translation

from questions.pairing import answered_rounds, engine_round, scale_of, situation_for, tournament_before
from tournaments.swiss.engine import RoundPairing
from tournaments.swiss.explain import explain_round
from tournaments.swiss.grading import AnswerError, Grade, grade_round, parse_answer

CENT = Decimal("0.01")


@dataclass(frozen=True)
class RoundCorrection:
    round: int
    answered: bool
    grade: Grade
    steps: tuple[str, ...]  # the engine's pairing explained, in the reader's language
    form_error: str = ""

    @property
    def engine(self) -> RoundPairing:
        return self.grade.engine

    @property
    def full_marks(self) -> bool:
        return self.grade.marks == self.grade.out_of


def round_grades(content: dict, response: dict | None, seed: int) -> list[tuple[int, Grade, str]]:
    """(round, grade, form error) of every round the question asks, in order."""
    body = content["body"]
    situation = situation_for(body, seed)
    scale = scale_of(body)
    rounds = answered_rounds(body, response)
    result = []
    # On paper the results of a round cannot be shown before the next: only the first is asked.
    asked = 1 if isinstance(response, dict) and response.get("paper") else situation.rounds_to_pair
    for index in range(asked):
        number = situation.round + index
        tournament = tournament_before(body, seed, number)
        engine = engine_round(body, seed, number)
        error = ""
        try:
            proposed = parse_answer(rounds[index] if index < len(rounds) else {}, number)
        except AnswerError as problem:
            error = str(problem)
            proposed = RoundPairing(number, (), ())
        grade = grade_round(
            tournament, proposed, scale=scale, engine=engine, virtual=situation.virtual(tournament, number)
        )
        result.append((number, grade, error))
    return result


def grade(content: dict, response: dict | None, seed: int):
    """The question's score: its points × marks earned ÷ marks possible, over every round."""
    from questions.scoring import Score

    max_points = Decimal(str(content["points"]))
    grades = round_grades(content, response, seed)
    earned = sum((g.marks for _n, g, _e in grades), Fraction(0))
    possible = sum((g.out_of for _n, g, _e in grades), Fraction(0))
    share = earned / possible if possible else Fraction(1)
    points = (max_points * Decimal(share.numerator) / Decimal(share.denominator)).quantize(
        CENT, ROUND_HALF_UP
    )
    details = {"rounds": [{"round": n, **g.as_json(), **({"error": e} if e else {})} for n, g, e in grades]}
    return Score(min(points, max_points), max_points, earned == possible, details)


def corrections(content: dict, response: dict | None, seed: int, language: str) -> list[RoundCorrection]:
    """Each round's grade, faults and the engine's pairing explained step by step."""
    body = content["body"]
    situation = situation_for(body, seed)
    rounds = answered_rounds(body, response)
    result = []
    with translation.override(language):
        for index, (number, graded, error) in enumerate(round_grades(content, response, seed)):
            tournament = tournament_before(body, seed, number)
            explanation = explain_round(
                tournament,
                round_number=number,
                pairing=graded.engine,
                virtual=situation.virtual(tournament, number),
            )
            given = rounds[index] if index < len(rounds) else {}
            answered = bool(given.get("pairs") or given.get("byes"))
            result.append(
                RoundCorrection(
                    number,
                    answered,
                    graded,
                    tuple(step.render(language) for step in explanation.steps),
                    error,
                )
            )
    return result

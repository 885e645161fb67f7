"""Fuzzing the bank's JSON reader: random text and valid questions with hostile fields."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tests.fuzzing import FUZZ, HOSTILE_NUMBERS, any_text, json_value, paths, replaced
from tests.questions import core_samples
from tests.questions.fuzz_helpers import parse_and_validate

SKELETONS = [core_samples.single(), core_samples.numeric(), core_samples.open_answer(), core_samples.ruling()]


@st.composite
def mutated_bank(draw) -> str:
    question = {"uid": "fuzz-q", **draw(st.sampled_from(SKELETONS))}
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        path = draw(st.sampled_from(paths(question)[1:]))
        question = replaced(question, path, draw(json_value))
    text = json.dumps({"format": "arbitre-questions", "version": 1, "questions": [question]})
    # Numbers json.dumps would never write: NaN, 1e200000, 5,000 digits, 1.2.3.
    if draw(st.booleans()):
        number = draw(st.sampled_from(HOSTILE_NUMBERS))
        text = text.replace('"points": 1', f'"points": {number}', 1).replace(": true", f": {number}", 1)
    return text


@FUZZ
@given(any_text)
def test_any_text_gives_problems_or_questions(text):
    parse_and_validate(text, "json")


@FUZZ
@given(mutated_bank())
def test_a_valid_question_with_hostile_fields_gives_problems_or_questions(text):
    parse_and_validate(text, "json")

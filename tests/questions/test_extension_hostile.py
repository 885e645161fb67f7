"""The content carried in a GIFT comment or a Moodle <arbitre> element is read as safely as a
bank JSON file: deep nesting and unusable numbers are problems of that question, never a 500."""

import pytest

from questions.formats import gift

HOSTILE_CARRIED = {
    "deep_nesting": "[" * 5000 + "]" * 5000,
    "nan_points": '{"format": "arbitre-questions", "version": 1, "content": {"points": NaN}}',
    "huge_number": '{"format": "arbitre-questions", "version": 1, "content": {"points": 1e200000}}',
}


@pytest.mark.parametrize("carried", HOSTILE_CARRIED.values(), ids=HOSTILE_CARRIED.keys())
def test_a_hostile_carried_block_is_a_problem_of_its_question(carried):
    text = f"// arbitre-questions: {carried}\n::q1:: Le roi peut-il roquer ? {{T}}\n"
    result = gift.parse(text)
    assert result.problems
    assert "contenu Arbitre" in result.problems[0].message

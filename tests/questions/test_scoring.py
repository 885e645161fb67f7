from decimal import Decimal

import pytest

from questions.content import validate_content
from questions.scoring import grade, grade_by_hand, normalise_text, parse_number
from tests.questions import core_samples as samples


def content(sample: dict) -> dict:
    normalised, problems = validate_content(sample, check_citations=False)
    assert problems == []
    return normalised


def test_a_single_choice_scores_full_points_for_the_correct_option():
    score = grade(content(samples.single()), {"choice": "a"})
    assert (score.points, score.max_points, score.correct) == (Decimal(1), Decimal(1), True)


def test_a_single_choice_scores_nothing_for_a_wrong_option():
    score = grade(content(samples.single()), {"choice": "b"})
    assert (score.points, score.correct) == (Decimal(0), False)


def test_an_unanswered_question_scores_nothing():
    score = grade(content(samples.single()), None)
    assert (score.points, score.correct, score.penalty) == (Decimal(0), False, Decimal(0))


def test_an_unknown_option_is_a_wrong_answer_without_penalty():
    score = grade(content(samples.single(negative_marking=True)), {"choice": "zz"})
    assert (score.points, score.penalty) == (Decimal(0), Decimal(0))


def test_negative_marking_never_takes_the_points_below_zero_but_reports_a_penalty():
    score = grade(content(samples.single(negative_marking=True)), {"choice": "b"})
    assert (score.points, score.penalty) == (Decimal(0), Decimal(1))


def test_without_negative_marking_a_wrong_answer_has_no_penalty():
    assert grade(content(samples.single()), {"choice": "b"}).penalty == Decimal(0)


def test_multiple_choice_all_or_nothing_needs_exactly_the_correct_set():
    question = content(samples.multiple())
    assert grade(question, {"choices": ["a", "b"]}).points == Decimal(2)
    assert grade(question, {"choices": ["a"]}).points == Decimal(0)
    assert grade(question, {"choices": ["a", "b", "c"]}).points == Decimal(0)


def test_multiple_choice_partial_gives_a_share_per_correct_option():
    score = grade(content(samples.multiple("partial")), {"choices": ["a"]})
    assert (score.points, score.correct) == (Decimal(1), False)


def test_multiple_choice_partial_takes_a_share_per_wrong_option_never_below_zero():
    question = content(samples.multiple("partial"))
    assert grade(question, {"choices": ["a", "b", "c"]}).points == Decimal(1)
    assert grade(question, {"choices": ["a", "c", "d"]}).points == Decimal(0)


def test_multiple_choice_partial_rounds_thirds_to_cents():
    sample = samples.multiple("partial", points=1)
    for option in sample["body"]["options"]:
        option["correct"] = option["key"] != "d"
    assert grade(content(sample), {"choices": ["a"]}).points == Decimal("0.33")


def test_multiple_choice_negative_marking_penalty_is_one_share_per_wrong_option():
    score = grade(content(samples.multiple("partial", negative_marking=True)), {"choices": ["c", "d"]})
    assert (score.points, score.penalty) == (Decimal(0), Decimal(2))


def test_true_false_compares_the_boolean():
    question = content(samples.truefalse())
    assert grade(question, {"answer": False}).correct is True
    assert grade(question, {"answer": True}).correct is False


def test_true_false_accepts_french_words():
    assert grade(content(samples.truefalse()), {"answer": "faux"}).correct is True


def test_numeric_accepts_a_value_within_the_tolerance():
    question = content(samples.numeric())
    assert grade(question, {"value": "10,5"}).correct is True
    assert grade(question, {"value": 9.4}).correct is False


def test_numeric_treats_text_that_is_not_a_number_as_wrong():
    assert grade(content(samples.numeric()), {"value": "dix"}).points == Decimal(0)


def test_short_answer_ignores_case_accents_spaces_and_punctuation():
    question = content(samples.short())
    assert grade(question, {"text": "  J’ADOUBE !"}).correct is True
    assert grade(question, {"text": "i adjust"}).correct is True
    assert grade(question, {"text": "je joue"}).correct is False


def test_normalise_text_removes_accents_and_punctuation():
    assert normalise_text("Échec et MAT, œuvre !") == "echecetmatoeuvre"


def test_an_open_answer_needs_hand_grading():
    score = grade(content(samples.open_answer()), {"text": "La pièce touchée est jouée."})
    assert (score.correct, score.points, score.needs_hand_grading) == (None, Decimal(0), True)


def test_an_empty_open_answer_is_simply_wrong():
    assert grade(content(samples.open_answer()), {"text": "  "}).correct is False


def test_grading_by_hand_adds_the_rubric_marks():
    score = grade_by_hand(content(samples.open_answer()), [1, "1,5"])
    assert (score.points, score.correct) == (Decimal("2.5"), False)


def test_grading_by_hand_refuses_a_mark_above_the_criterion():
    with pytest.raises(ValueError):
        grade_by_hand(content(samples.open_answer()), [2, 2])


def test_a_ruling_scores_the_decision_and_the_sanctions_separately():
    question = content(samples.ruling())
    assert grade(question, {"decision": "continue", "sanctions": ["add-2"]}).points == Decimal(2)
    assert grade(question, {"decision": "draw", "sanctions": ["add-2"]}).points == Decimal(1)
    assert grade(question, {"decision": "continue", "sanctions": ["add-2", "warn"]}).points == Decimal(1)


def test_a_ruling_with_no_correct_sanction_accepts_the_no_sanction_option_or_none():
    sample = samples.ruling()
    for sanction in sample["body"]["sanctions"]:
        sanction["correct"] = False
    question = content(sample)
    assert grade(question, {"decision": "continue", "sanctions": ["none"]}).correct is True
    assert grade(question, {"decision": "continue", "sanctions": []}).correct is True
    assert grade(question, {"decision": "continue", "sanctions": ["warn"]}).points == Decimal(1)


def test_a_ruling_refuses_no_sanction_ticked_together_with_a_sanction():
    score = grade(content(samples.ruling()), {"decision": "continue", "sanctions": ["none", "add-2"]})
    assert score.points == Decimal(1)


def test_an_empty_ruling_response_scores_nothing():
    sample = samples.ruling()
    for sanction in sample["body"]["sanctions"]:
        sanction["correct"] = False
    assert grade(content(sample), {}).points == Decimal(0)


def test_grade_accepts_a_stored_version(db, trainer):
    from questions.services import create_question

    question = create_question(author=trainer, content=samples.single(), uid="uvr-scoring")
    assert grade(question.draft, {"choice": "a"}).correct is True


@pytest.mark.parametrize("text, expected", [("2,5", Decimal("2.5")), (" 3 ", Decimal(3)), ("x", None),
                                            (True, None), ("1 000", Decimal(1000))])
def test_parse_number_reads_what_candidates_type(text, expected):
    assert parse_number(text) == expected

"""Validation of question content (questions/content.py), the checks behind check_bank."""

import pytest

from questions.content import validate_content, validate_question
from tests.questions import core_samples as samples


def fields(sample: dict, **options) -> set[str]:
    return {problem.field for problem in validate_content(sample, **options)[1]}


@pytest.mark.parametrize("kind", sorted(samples.ALL_TYPES))
def test_every_sample_type_is_valid(kind):
    assert fields(samples.ALL_TYPES[kind]()) == set()


def test_english_is_required_for_uvr():
    assert fields(samples.single(stem_en="")) == {"stem_en"}


def test_english_may_be_empty_outside_uvr():
    assert fields(samples.numeric(stem_en="", explanation_en="")) == set()


def test_an_unknown_key_is_an_error():
    assert fields({**samples.single(), "dificulty": 2}) == {"dificulty"}


def test_a_single_choice_needs_exactly_one_correct_option():
    sample = samples.single()
    sample["body"]["options"][1]["correct"] = True
    assert fields(sample) == {"body.options"}


def test_an_option_key_that_is_not_text_is_reported_not_a_crash():
    sample = samples.single()
    sample["body"]["options"][0]["key"] = {"a": 1}
    assert "body.options.0.key" in fields(sample)


def test_ruling_points_must_add_up():
    sample = samples.ruling()
    sample["body"]["sanction_points"] = 2
    assert fields(sample) == {"body.decision_points"}


def test_open_rubric_points_must_add_up():
    assert fields(samples.open_answer(points=4)) == {"body.rubric"}


def test_an_illegal_fen_is_reported_on_the_fen():
    assert fields(samples.single(scenario={"fen": "8/8/8/8/8/8/8/8 w - - 0 1"})) == {"scenario.fen"}


def test_an_unreadable_move_is_reported_on_the_moves():
    assert fields(samples.single(scenario={"moves": "1. e4 e5 2. Zz9"})) == {"scenario.moves"}


def test_the_ply_cannot_go_past_the_moves():
    assert fields(samples.single(scenario={"moves": "1. e4 e5", "ply": 3})) == {"scenario.ply"}


def test_a_scenario_cannot_have_both_a_claim_and_a_flag_fall():
    scenario = {"moves": "1. e4", "claim": {"type": "fifty", "intended_move": None}, "flag_fell": "white"}
    assert fields(samples.ruling(scenario=scenario)) == {"scenario"}


def test_citations_are_checked_against_the_rulebook_files():
    sample = samples.single(citations=[{"edition": "2018", "article": "99.9"}])
    assert fields(sample, use_database=False) == {"citations.0.article"}


def test_an_unknown_edition_is_reported():
    assert fields(samples.single(citations=[{"edition": "2031", "article": "1"}])) == {"citations.0.edition"}


def test_the_normalised_scenario_leaves_defaults_out():
    scenario = {"fen": "", "moves": "1. e4", "rate": "standard", "orientation": "white", "arrows": []}
    content, _problems = validate_content(samples.single(scenario=scenario))
    assert content["scenario"] == {"moves": "1. e4"}


def test_a_uid_must_be_lowercase_ascii():
    _content, problems = validate_question({"uid": "Pièce touchée", **samples.single()})
    assert [problem.field for problem in problems] == ["uid"]


def test_single_choice_accepts_the_all_or_nothing_scoring_key_of_the_format_example():
    sample = samples.single()
    sample["body"]["scoring"] = "all_or_nothing"
    content, problems = validate_content(sample)
    assert (problems, "scoring" in content["body"]) == ([], False)

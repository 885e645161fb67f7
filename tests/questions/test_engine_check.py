"""The rules engine checks the answer key of ruling questions (positions.engine must be there)."""

import pytest

from questions.content import validate_content
from questions.engine_check import check_answer_key, needs_engine
from tests.questions import core_samples as samples

pytest.importorskip("positions.engine")


def checked(sample: dict) -> list:
    content, problems = validate_content(sample, check_citations=False)
    assert problems == []
    return check_answer_key(content)


def set_correct(content: dict, decision: str, sanctions: set[str]) -> dict:
    for item in content["body"]["decisions"]:
        item["correct"] = item["key"] == decision
    for item in content["body"]["sanctions"]:
        item["correct"] = item["key"] in sanctions
    return content


def option(key: str, word: str, kind: str = "action") -> dict:
    return {"key": key, kind: word, "text_fr": key, "text_en": key, "correct": False}


def with_play_move(content: dict) -> dict:
    content["body"]["sanctions"].append(option("play", "play_intended_move"))
    return content


def test_a_question_without_scenario_gives_the_engine_nothing_to_check():
    assert needs_engine(samples.ruling()) is False


def test_a_valid_claim_answered_draw_passes():
    assert checked(samples.threefold_claim("draw")) == []


def test_a_valid_claim_answered_game_continues_is_refused_with_the_engine_explanation():
    objections = checked(samples.threefold_claim("continue"))
    assert [objection.field for objection in objections] == ["body.decisions"]
    assert "9.2" in objections[0].message_fr


def test_objections_speak_the_active_language():
    from django.utils import translation

    objection = checked(samples.threefold_claim("continue"))[0]
    with translation.override("en"):
        assert objection.message == objection.message_en
    assert objection.message == objection.message_fr


def test_an_invalid_claim_needs_two_minutes_and_the_written_move():
    content = with_play_move(samples.threefold_claim("continue"))
    content["scenario"]["moves"] = "1. Nf3 Nf6 2. Ng1 Ng8"
    set_correct(content, "continue", {"none"})
    objections = checked(content)
    assert [objection.field for objection in objections] == ["body.sanctions", "body.sanctions"]


def test_an_invalid_claim_with_the_right_sanctions_passes():
    content = with_play_move(samples.threefold_claim("continue"))
    content["scenario"]["moves"] = "1. Nf3 Nf6 2. Ng1 Ng8"
    set_correct(content, "continue", {"add-2", "play"})
    assert checked(content) == []


def test_a_flag_fall_when_the_opponent_cannot_mate_is_a_draw():
    content = samples.ruling(scenario={"fen": "8/8/8/4k3/8/8/8/4K2Q w - - 0 1", "flag_fell": "white"})
    content["body"]["decisions"].append(option("black", "black_wins", "outcome"))
    set_correct(content, "black", set())
    objections = checked(content)
    assert objections and objections[0].field == "body.decisions"
    set_correct(content, "draw", set())
    assert checked(content) == []


def test_a_first_illegal_move_needs_the_position_restored_and_time_added():
    content = samples.ruling(scenario={"moves": "1. e4 e5 2. Ke3", "rate": "standard"})
    content["body"]["sanctions"].append(option("restore", "restore_position"))
    set_correct(content, "continue", {"add-2"})
    assert [objection.field for objection in checked(content)] == ["body.sanctions"]
    set_correct(content, "continue", {"add-2", "restore"})
    assert checked(content) == []


def test_a_second_illegal_move_loses_the_game():
    content = samples.ruling(scenario={"moves": "1. e4 e5 2. Ke3 Nc6 3. Kf4", "rate": "standard"})
    content["body"]["decisions"].append(option("black", "black_wins", "outcome"))
    set_correct(content, "continue", {"add-2"})
    assert [objection.field for objection in checked(content)] == ["body.decisions"]
    set_correct(content, "black", set())
    assert checked(content) == []


def test_malformed_content_gives_the_engine_nothing_to_check():
    assert check_answer_key({"type": "ruling", "scenario": "1. e4", "body": []}) == []


def test_a_scenario_the_engine_cannot_read_is_an_objection_on_the_scenario():
    content = samples.threefold_claim()
    content["scenario"]["ply"] = 99
    assert [objection.field for objection in check_answer_key(content)] == ["scenario.ply"]


def test_the_french_objection_quotes_the_illegal_move_with_french_letters():
    content = samples.ruling(scenario={"moves": "1. e4 e5 2. Ke3", "rate": "standard"})
    content["body"]["sanctions"].append(option("restore", "restore_position"))
    set_correct(content, "continue", {"add-2"})
    objection = checked(content)[0]
    assert "(Re3)" in objection.message_fr and "Ke3" not in objection.message_fr
    assert "(Ke3)" in objection.message_en

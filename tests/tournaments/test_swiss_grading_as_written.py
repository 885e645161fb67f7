"""Rounds no online board can produce, as a paper copy records them: a player seated twice,
against himself, both paired and exempt, or absent. Each such board is wrong, with its own
fault naming it; never full marks, never an exception (grade_round and grade_pairing)."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from tournaments.swiss.checker import before_round
from tournaments.swiss.engine import RoundPairing
from tournaments.swiss.grading import Scale, grade_round
from tournaments.trf import parse

LIVRE = Path(__file__).parent / "data" / "livre_4_3.trf"
# Round 2 of the Livre's 4.3 example: 12 is absent, 14 has the bye, 13 marks in all.
ROUND_2 = [(5, 1), (2, 7), (6, 3), (4, 9), (8, 11), (10, 13)]
SEATED_TWICE = [(5, 1), (2, 7), (6, 3), (4, 9), (8, 11), (10, 7)]


@pytest.fixture(scope="module")
def livre():
    return parse(LIVRE.read_bytes())


def grade(livre, pairs, byes=(14,)):
    return grade_round(before_round(livre, 2), RoundPairing(2, tuple(pairs), tuple(byes)))


def answer_faults(result) -> list[str]:
    return [fault["message"] for fault in result.faults if fault["severity"] == "answer"]


def test_a_player_seated_twice_makes_both_his_boards_wrong(livre):
    # The Livre's round with 7 written instead of 13 on the last board: 2-7 and 10-7 count wrong.
    result = grade(livre, SEATED_TWICE)
    assert answer_faults(result) == [
        "Le joueur 7 est apparié deux fois ; comptés faux : 2-7, 10-7.",
        "13 n'est ni apparié ni exempt.",
    ]
    # 4 boards × 2 + the bye, less 1 for 7 seated twice and 1 for 13 left out.
    assert result.marks == 4 * 2 + 1 - 2


def test_an_absent_player_seated_makes_his_board_wrong(livre):
    result = grade(livre, [*ROUND_2[:5], (10, 12)], byes=(13,))
    assert "Le joueur 12 est absent à cette ronde ; compté faux : 10-12." in answer_faults(result)
    assert result.marks < result.out_of


def test_a_bye_given_to_a_player_also_seated_is_wrong_and_so_is_his_board(livre):
    result = grade(livre, ROUND_2, byes=(13,))
    message = "Le joueur 13 est à la fois apparié et exempt ; comptés faux : 10-13, exempt 13."
    assert message in answer_faults(result) and result.marks < result.out_of


def test_a_player_against_himself_is_a_wrong_board(livre):
    result = grade(livre, [*ROUND_2, (14, 14)], byes=())
    assert "Le joueur 14 est apparié contre lui-même ; compté faux : 14-14." in answer_faults(result)


def test_the_engines_round_with_an_absent_player_added_never_gets_full_marks(livre):
    # Every board of the engine's round is there: only the absent player's bye is extra.
    result = grade(livre, ROUND_2, byes=(14, 12))
    assert result.marks == result.out_of - Scale().misplaced


def test_the_scale_says_such_boards_count_wrong():
    assert any("compté faux et ne rapporte aucun point" in line for line in Scale().describe())


def test_grade_pairing_grades_a_player_seated_twice_as_the_question_would(tmp_path, livre):
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"pairs": [list(pair) for pair in SEATED_TWICE], "byes": [14]}))
    out = StringIO()
    call_command("grade_pairing", str(LIVRE), str(answer), "--round", "2", stdout=out)
    data = json.loads(out.getvalue())
    assert data == grade(livre, SEATED_TWICE).as_json() and data["marks"] == 7

"""Grading a proposed round against the engine's: full marks for the engine's pairing only,
points per board, penalties per absolute breach the checker finds, never negative."""

from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.swiss.checker import before_round, round_of
from tournaments.swiss.engine import RoundPairing
from tournaments.swiss.grading import AnswerError, Scale, grade_round, parse_answer
from tournaments.trf import parse

LIVRE = Path(__file__).parent / "data" / "livre_4_3.trf"


@pytest.fixture(scope="module")
def livre():
    return parse(LIVRE.read_bytes())


def grade(livre, number, pairs, byes=(), scale=None):
    return grade_round(
        before_round(livre, number), RoundPairing(number, tuple(pairs), tuple(byes)), scale=scale
    )


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_the_livres_own_round_gets_full_marks(livre, number):
    livres = round_of(livre, number)
    result = grade(livre, number, livres.pairs, livres.byes)
    assert result.marks == result.out_of
    assert all(f["severity"] == "note" for f in result.faults)  # round 5: unavoidable repeated floats


def test_reversed_colours_on_one_board_lose_the_colour_points_only(livre):
    pairs = [(w, b) for w, b in round_of(livre, 1).pairs]
    pairs[0] = pairs[0][::-1]
    result = grade(livre, 1, pairs)
    assert result.out_of - result.marks == Scale().board - Scale().pair


def test_a_rematch_is_penalised_as_the_checker_explains(livre):
    # Round 2 with 4-11 (who met in round 1) instead of 4-9 and 11-8.
    pairs = [(5, 1), (2, 7), (6, 3), (4, 11), (8, 9), (10, 13)]
    result = grade(livre, 2, pairs, (14,))
    rematch = [f for f in result.faults if f["rule"] == "C.04.1 b"]
    assert rematch and "déjà rencontrés" in rematch[0]["message"]
    assert result.marks == 4 * 2 + 1 - 2


def test_a_second_bye_is_penalised(livre):
    # Round 3: 14 had the bye in round 2.
    pairs = [(2, 5), (3, 4), (11, 6), (7, 10), (12, 8), (9, 13)]
    result = grade(livre, 3, pairs, (14, 1))
    assert any(f["rule"] == "C.04.1 c" and f["severity"] == "absolute" for f in result.faults)


def test_the_mark_is_never_negative(livre):
    # Everybody meets his round-1 opponent again, colours reversed.
    pairs = [(b, w) for w, b in round_of(livre, 1).pairs if 12 not in (w, b)]
    result = grade(livre, 2, pairs, (12,))
    assert result.marks == 0


def test_a_player_left_out_or_seated_twice_is_a_fault(livre):
    # Round 3 with 12-1 instead of 12-8: 1 is seated twice, 8 is left out.
    pairs = [(2, 5), (3, 4), (7, 10), (9, 13), (11, 6), (12, 1), (14, 1)]
    result = grade(livre, 3, pairs)
    assert {f["players"][0] for f in result.faults if f["severity"] == "answer"} == {1, 8}


def test_an_absent_player_may_not_be_paired(livre):
    result = grade(livre, 2, [(5, 1), (2, 7), (6, 3), (4, 9), (8, 11), (10, 13), (14, 12)])
    assert any(f["players"] == [12] and f["severity"] == "answer" for f in result.faults)
    assert result.marks < result.out_of


def test_a_custom_scale_changes_the_total(livre):
    scale = Scale(board=Fraction(3), pair=Fraction(1), bye=Fraction(2))
    assert grade(livre, 2, round_of(livre, 2).pairs, (14,), scale).out_of == 6 * 3 + 2


def test_a_scale_with_a_zero_penalty_is_refused():
    with pytest.raises(ValueError):
        Scale(misplaced=Fraction(0))


def test_the_scale_is_printable_line_by_line():
    lines = Scale().describe()
    assert len(lines) == 8 and lines[0].startswith("2 point")


@pytest.mark.parametrize(
    "data", [[], {"pairs": [[1]]}, {"pairs": [["1", 2]]}, {"byes": [True]}, {"pairs": 3}]
)
def test_a_malformed_answer_is_refused(data):
    with pytest.raises(AnswerError):
        parse_answer(data, 2)

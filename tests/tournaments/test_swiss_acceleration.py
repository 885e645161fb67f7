"""Accelerated pairings (Livre 4.2): Haley, dégressif and Baku, as virtual points given to the
engine for the first rounds."""

from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.swiss.acceleration import (
    AccelerationError,
    baku_ga,
    degressif_points,
    haley_groups,
    virtual_points,
    virtual_schedule,
)
from tournaments.swiss.engine import pair_round
from tournaments.trf import TrfPlayer, TrfTournament, parse

LIVRE = Path(__file__).parent / "data" / "livre_4_3.trf"


def entrants(count, rounds=9):
    return TrfTournament(
        players=tuple(TrfPlayer(number=n, rating=2600 - 20 * n) for n in range(1, count + 1)),
        planned_rounds=rounds,
    )


def test_haley_makes_four_groups_as_equal_as_possible():
    assert [len(g) for g in haley_groups(entrants(14)).values()] == [4, 4, 3, 3]


def test_haley_round_1_pairs_a_against_b_and_c_against_d():
    tournament = entrants(16)
    pairing = pair_round(tournament, round_number=1, virtual=virtual_schedule(tournament, 1, "haley"))
    groups = haley_groups(tournament)
    sides = {n: name for name, members in groups.items() for n in members}
    assert sorted("".join(sorted(sides[w] + sides[b])) for w, b in pairing.pairs) == sorted(
        ["AB"] * 4 + ["CD"] * 4
    )


def test_haley_takes_the_fictitious_point_off_after_round_2():
    tournament = entrants(16)
    assert [bool(virtual_points(tournament, r, "haley")) for r in (1, 2, 3)] == [True, True, False]


def test_baku_ga_holds_82_of_161_players_as_the_livre_counts():
    assert len(baku_ga(entrants(161))) == 82


def test_baku_gives_one_point_for_three_rounds_then_half_for_two():
    tournament = entrants(20)
    values = [virtual_points(tournament, r, "baku").get(1, Fraction(0)) for r in range(1, 7)]
    assert values == [1, 1, 1, Fraction(1, 2), Fraction(1, 2), 0]


def test_baku_round_1_pairs_the_first_half_among_themselves():
    livre = parse(LIVRE.read_bytes()).up_to(0)
    pairing = pair_round(livre, round_number=1, virtual=virtual_schedule(livre, 1, "baku"))
    assert sorted(map(sorted, pairing.pairs))[:4] == [[1, 5], [2, 6], [3, 7], [4, 8]]


@pytest.mark.parametrize(
    ("group", "score", "expected"),
    [
        ("A", "0", "2"),
        ("B", "1", "1"),
        ("B", "1.5", "1.5"),
        ("B", "2.5", "1.5"),
        ("B", "3", "2"),
        ("C", "1", "0"),
        ("C", "1.5", "0.5"),
        ("C", "3", "1"),
        ("C", "4", "1"),
        ("C", "4.5", "2"),  # nine rounds: half the rounds reached
    ],
)
def test_degressif_follows_the_livres_table_for_nine_rounds(group, score, expected):
    assert degressif_points(group, Fraction(score), 9) == Fraction(expected)


@pytest.mark.parametrize(("score", "expected"), [("4.5", "1.5"), ("5.5", "1.5"), ("6", "2")])
def test_degressif_past_eleven_rounds_follows_the_bottom_row(score, expected):
    assert degressif_points("C", Fraction(score), 12) == Fraction(expected)


def test_degressif_drops_the_fictitious_points_from_the_last_but_one_round():
    assert virtual_points(entrants(10, rounds=7), 6, "degressif") == {}


def test_degressif_needs_the_number_of_rounds():
    with pytest.raises(AccelerationError):
        virtual_points(entrants(10, rounds=0), 1, "degressif")


def test_degressif_groups_by_rating():
    tournament = TrfTournament(
        players=(
            TrfPlayer(number=1, rating=2100),
            TrfPlayer(number=2, rating=1800),
            TrfPlayer(number=3, rating=1500),
        ),
        planned_rounds=9,
    )
    assert virtual_points(tournament, 1, "degressif") == {1: 2, 2: 1, 3: 0}


def test_an_accelerated_round_is_explained_on_the_pairing_scores_and_replays():
    from tournaments.swiss.explain import explain_round, replay

    tournament = entrants(16)
    virtual = virtual_schedule(tournament, 1, "haley")
    explanation = explain_round(tournament, round_number=1, virtual=virtual)
    groups = next(step for step in explanation.steps if step.kind == "groups").params["groups"]
    assert groups == [["1", list(range(1, 9))], ["0", list(range(9, 17))]]
    assert replay(explanation.steps, 1) == explanation.pairing


def test_an_accelerated_round_is_graded_against_the_accelerated_engine():
    from tournaments.swiss.grading import grade_round

    tournament = entrants(16)
    virtual = virtual_schedule(tournament, 1, "haley")
    accelerated = pair_round(tournament, round_number=1, virtual=virtual)
    grade = grade_round(tournament, accelerated, virtual=virtual)
    assert grade.marks == grade.out_of

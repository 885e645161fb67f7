"""The worked examples of the Livre de l'Arbitre, chapter 5.2."""

from fractions import Fraction

import pytest

from tests.tournaments.crosstables import KOYA_MATRIX, KOYA_NAMES, SONNEBORN_MATRIX, H, round_robin_crosstable
from tournaments.crosstable import Player, absent, bye, forfeit_loss, forfeit_win, game
from tournaments.performance import performance, quantity
from tournaments.tiebreaks import (
    adjusted_score,
    berlin,
    card_opponent_values,
    cumulative,
    direct_encounter,
    direct_encounter_order,
    extended_koya_thresholds,
    kashdan,
    koya,
    sonneborn_berger,
    virtual_opponent_score,
    wins,
)

OPPONENT = 99


def card(*results):
    return Player(1, tuple(results))


def played(*scores):
    return [game(OPPONENT, "W", score) for score in scores]


SOUMARINOV = card(absent(), *played(0, 0, 1, 1, 1))
ATTAKINSKI = card(*played(1, 1, 1, 0, 0, 0))
SOLIDOV = card(*played(H, H, H, H, H, H))
CLASSIKOV = card(forfeit_win(), *played(0, 1, H, 0, H))


@pytest.mark.parametrize(
    ("player", "expected"), [(SOUMARINOV, 6), (ATTAKINSKI, 15), (SOLIDOV, Fraction(21, 2)), (CLASSIKOV, 12)]
)
def test_the_cumulative_example_of_four_players_on_three_points(player, expected):
    assert cumulative(player) == expected


def test_the_cut_cumulative_drops_the_first_rounds():
    assert (cumulative(ATTAKINSKI, cut=1), cumulative(ATTAKINSKI, cut=2)) == (14, 12)


KOYA = round_robin_crosstable(KOYA_MATRIX, KOYA_NAMES)
B, C, D, F, G = 2, 3, 4, 6, 7


def test_the_koya_example_has_the_printed_totals():
    assert [KOYA[n].score for n in range(1, 11)] == [
        Fraction(s) for s in ("6.5", 5, 5, 5, "4.5", 5, 5, 3, "3.5", "2.5")
    ]


def test_direct_encounter_among_the_five_players_on_five_points():
    points = direct_encounter(KOYA, {B, C, D, F, G})
    assert points == {B: Fraction(5, 2), C: Fraction(5, 2), D: Fraction(3, 2), F: Fraction(3, 2), G: 2}


def test_direct_encounter_places_only_guy():
    assert direct_encounter_order(KOYA, {B, C, D, F, G}) == [{B, C}, {G}, {D, F}]


def test_koya_separates_denis_from_franck():
    assert (koya(KOYA, D), koya(KOYA, F)) == (3, 2)


def test_extended_koya_steps_through_the_lower_score_groups():
    assert extended_koya_thresholds(KOYA) == [Fraction(9, 2), Fraction(7, 2), 3, Fraction(5, 2)]


def test_extended_koya_puts_claude_before_bernard_as_in_the_recapitulation():
    steps = [Fraction(9, 2), Fraction(7, 2), 3]
    assert [koya(KOYA, B, step) for step in steps] == [3, Fraction(7, 2), 4]
    assert [koya(KOYA, C, step) for step in steps] == [3, Fraction(7, 2), Fraction(9, 2)]


def test_kashdan_prefers_five_wins_and_four_losses_to_one_win_and_eight_draws():
    albert = card(*played(1, *[H] * 8))
    bernard = card(*played(1, 1, 1, 1, 1, 0, 0, 0, 0))
    assert (kashdan(albert), kashdan(bernard)) == (20, 24)


def test_a_forfeit_win_is_not_a_win_and_counts_as_a_draw_in_kashdan():
    assert (wins(CLASSIKOV), kashdan(CLASSIKOV)) == (1, 2 + 1 + 4 + 2 + 1 + 2)


EXAMPLE_1 = card(*played(1, H), forfeit_loss(), *played(*[H] * 6))  # 1,5 before round 3
EXAMPLE_2 = card(*played(1, 1, H, 1, 0), forfeit_win(), *played(*[H] * 3))  # 3,5 before round 6


@pytest.mark.parametrize(
    ("player", "round_number", "rounds", "expected"),
    [
        (EXAMPLE_1, 3, 3, "2.5"),  # example 1, after round 3
        (EXAMPLE_1, 3, 9, "5.5"),  # example 1, end of the event
        (EXAMPLE_2, 6, 6, "3.5"),  # example 2, after round 6
        (EXAMPLE_2, 6, 9, "5"),  # example 2, end of the event
    ],
)
def test_the_virtual_opponent_examples(player, round_number, rounds, expected):
    assert virtual_opponent_score(player, round_number - 1, rounds) == Fraction(expected)


def test_the_adjusted_scores_of_loic_tony_and_ludo():
    loic = card(absent(), *played(1, 1, 0), forfeit_loss())
    tony = card(*played(0, 0), bye(), *played(1), forfeit_win())
    ludo = card(*played(H, 0), absent(), absent(), absent())
    assert [adjusted_score(p) for p in (loic, tony, ludo)] == [3, 2, 2]


@pytest.mark.parametrize(
    ("player", "opponents", "expected"),
    [
        (card(*played(1, H, H, 0, 1)), [3, 2, 1, "2.5", 4], "12.5"),  # Paul
        (card(absent(), *played(1, 1, 0), forfeit_loss()), [None, 2, 3, 4, None], 15),  # Loïc
        (card(*played(0, 0), bye(), *played(1), forfeit_win()), ["2.5", "1.5", None, 3, None], 10),  # Tony
        (card(*played(H, 0), absent(), absent(), absent()), ["1.5", 2, None, None, None], "9.5"),  # Ludo
    ],
)
def test_the_buchholz_example_of_paul_loic_tony_and_ludo(player, opponents, expected):
    values = card_opponent_values(player, [None if v is None else Fraction(v) for v in opponents])
    assert sum(values) == Fraction(expected)


BERNARD = card(*played(1, 1, 0), forfeit_loss(), *played(1, 0, H, 1, H, 1, 0))
LAURENT = card(forfeit_win(), *played(1, 1, 1, 1, 1, H, 1, 1, 0, H))
SYLVAIN = card(*played(1, 1, 1, H, 1, 1, 1, 0, 0, H, 1))
DENIS = card(*played(1, 1, H, 1, 0, 1, 1, 0, 1, 1, H))
GEORGES = card(*played(0, H, H, 1, 0), forfeit_loss(), *played(1, 0, 0, H, H))


@pytest.mark.parametrize(
    ("player", "opponents", "expected"),
    [
        (BERNARD, ["3.5", 7, "7.5", None, "4.5", 6, "6.5", "4.5", "6.5", "4.5", 7], 64),  # example 3
        (LAURENT, [None, "6.5", "6.5", "7.5", "7.5", 9, 8, 8, "7.5", 8, 8], "81.5"),  # example 4
        (SYLVAIN, [5, "6.5", 8, "6.5", 8, "7.5", 7, "8.5", 8, 7, "7.5"], "79.5"),  # example 5
        (DENIS, ["4.5", 5, "7.5", 7, 8, 8, 8, 9, "6.5", "7.5", "8.5"], "79.5"),  # example 6
    ],
)
def test_the_buchholz_examples_three_to_six(player, opponents, expected):
    values = card_opponent_values(player, [None if v is None else Fraction(v) for v in opponents])
    assert sum(values) == Fraction(expected)


def test_laurent_and_georges_scores_as_their_opponents_see_them():
    assert (LAURENT.score, adjusted_score(LAURENT)) == (9, Fraction(17, 2))
    assert (GEORGES.score, adjusted_score(GEORGES)) == (4, Fraction(9, 2))


def test_the_sonneborn_berger_example():
    table = round_robin_crosstable(SONNEBORN_MATRIX)
    assert [sonneborn_berger(table, n) for n in (1, 2, 3, 4)] == [1, Fraction(5, 2), 2, Fraction(5, 2)]


def test_the_berlin_example_of_a_nine_board_match():
    team_a = [1, 0, 0, 0, 1, 0, H, 1, 1]
    assert (berlin(team_a), berlin(1 - s for s in team_a)) == (Fraction(37, 2), Fraction(53, 2))


def test_the_performance_example_gives_1965_not_the_printed_1985():
    games = [(1440, 1), (1700, 1), (1800, 1), (2000, 1), (1800, H), (1880, 0)]
    result = performance(1850, games)
    assert (result.average, result.quantity, result.rating) == (1772, 193, 1965)


def test_the_performance_table_examples():
    assert (quantity(Fraction(4), 7), quantity(Fraction(3), 9)) == (57, -125)


def test_the_printed_performance_table_has_two_cells_off_its_own_rule():
    # 5/12 and 7/12 print ∓72 (dp for 0.40 and 0.60); every other cell is dp of the score
    # rounded to the hundredth (away from 50 %, or to the nearest for 1,5/8): 0.41 gives −65.
    assert (quantity(Fraction(5), 12), quantity(Fraction(7), 12)) == (-72, 72)


def test_beyond_thirteen_games_the_quantity_comes_from_the_rating_table():
    assert (quantity(Fraction(10), 14), quantity(Fraction(0), 15), quantity(Fraction(7), 14)) == (
        166,
        -736,
        0,
    )


def test_a_performance_refuses_an_impossible_score():
    with pytest.raises(ValueError, match="not a possible score"):
        quantity(Fraction(8), 7)

from fractions import Fraction

import pytest

from tournaments.crosstable import (
    Crosstable,
    Kind,
    Player,
    Result,
    absent,
    bye,
    forfeit_loss,
    forfeit_win,
    game,
)
from tournaments.performance import tournament_performance
from tournaments.tiebreaks import (
    average_rating_of_opponents,
    buchholz,
    buchholz_sum,
    direct_encounter_order,
    opponents_cumulative,
)

H = Fraction(1, 2)


@pytest.fixture
def table():
    """Two rounds: 1 beats 2 and 3; 3–4 drawn; 2 wins by forfeit against 4; 5 has two byes."""
    return Crosstable.of(
        [
            Player(1, (game(2, "W", 1), game(3, "B", 1)), rating=2000),
            Player(2, (game(1, "B", 0), forfeit_win(4)), rating=1800),
            Player(3, (game(4, "W", H), game(1, "W", 0)), rating=2200),
            Player(4, (game(3, "B", H), forfeit_loss(2)), rating=1500),
            Player(5, (bye(), bye()), rating=1600),
        ]
    )


def test_the_opponents_cumulative_adds_the_opponents_cumulatives(table):
    assert opponents_cumulative(table, 1) == 1 + 1


def test_a_bye_counts_as_an_opponent_on_fifty_percent_for_the_opponents_cumulative(table):
    assert opponents_cumulative(table, 5) == 2 * (H + 1)


def test_a_forfeit_win_brings_a_virtual_opponent_into_the_buchholz(table):
    assert buchholz(table, 2) == 2 + 0  # player 1's 2 points, then S_an = 0 + (1 − 1) + 0


def test_the_sum_of_buchholz_adds_the_opponents_buchholz(table):
    assert buchholz_sum(table, 1) == buchholz(table, 2) + buchholz(table, 3)


def test_the_average_rating_counts_played_games_only_and_cuts_the_lowest(table):
    assert (average_rating_of_opponents(table, 2), average_rating_of_opponents(table, 3, cut=1)) == (
        2000,
        2000,
    )


def test_partial_direct_encounter_places_a_player_nobody_could_catch(table):
    assert direct_encounter_order(table, {1, 2, 3}) == [{1}, {2, 3}]


def test_the_performance_leaves_forfeits_out(table):
    assert tournament_performance(table, 2).average == 2000


def test_it_refuses_a_game_the_two_players_score_differently():
    with pytest.raises(ValueError, match="inconsistent"):
        Crosstable.of([Player(1, (game(2, "W", 1),)), Player(2, (game(1, "B", 1),))])


def test_it_refuses_an_opponent_who_played_someone_else():
    with pytest.raises(ValueError, match="disagree"):
        Crosstable.of([Player(1, (game(2, "W", 1),)), Player(2, (absent(),))])


def test_it_refuses_players_with_different_numbers_of_rounds():
    with pytest.raises(ValueError, match="one result per round"):
        Crosstable.of([Player(1, (bye(),)), Player(2, (bye(), bye()))])


def test_a_forfeit_win_scores_one():
    with pytest.raises(ValueError, match="scores 1"):
        Result(Kind.FORFEIT_WIN, Fraction(0))

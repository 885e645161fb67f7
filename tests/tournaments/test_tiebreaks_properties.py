"""Invariants of the tie-breaks, and agreement with tiebreak-core where the rule is the same
(every game played: the Livre's adjusted scores and virtual opponents then play no part)."""

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from tiebreak_core import calculators
from tiebreak_core.models import GameRecord, PlayerTiebreakData

from tests.tournaments.crosstables import round_robin_crosstable
from tournaments.crosstable import Crosstable, Player, forfeit_loss, forfeit_win
from tournaments.tiebreaks import (
    adjusted_score,
    average_rating_of_opponents,
    buchholz,
    buchholz_cut,
    buchholz_median,
    cumulative,
    direct_encounter,
    games_with_black,
    koya,
    sonneborn_berger,
    wins,
)

SCORES = [Fraction(0), Fraction(1, 2), Fraction(1)]


@st.composite
def round_robins(draw):
    size = draw(st.sampled_from([4, 6, 8, 10, 12]))
    matrix = [[None] * size for _ in range(size)]
    for i in range(size):
        for j in range(i + 1, size):
            matrix[i][j] = draw(st.sampled_from(SCORES))
            matrix[j][i] = 1 - matrix[i][j]
    ratings = draw(st.lists(st.integers(1000, 2800), min_size=size, max_size=size))
    return round_robin_crosstable(matrix, ratings=ratings)


def to_core(table):
    return {
        number: PlayerTiebreakData(
            player_id=number,
            rating=player.rating,
            points=float(player.score),
            games=[
                GameRecord(
                    opponent_id=r.opponent,
                    opponent_rating=table[r.opponent].rating,
                    score=float(r.score),
                    color="white" if r.colour == "W" else "black",
                    round_number=index + 1,
                )
                for index, r in enumerate(player.results)
            ],
        )
        for number, player in table.players.items()
    }


@settings(max_examples=25)
@given(round_robins())
def test_the_buchholz_family_and_sonneborn_berger_match_tiebreak_core_when_all_is_played(table):
    core = to_core(table)
    for number in table.players:
        assert (
            float(buchholz(table, number)),
            float(buchholz_cut(table, number, 1)),
            float(buchholz_median(table, number, 1)),
            float(sonneborn_berger(table, number)),
        ) == (
            calculators.buchholz(core[number], core),
            calculators.buchholz_cut1(core[number], core),
            calculators.median_buchholz(core[number], core),
            calculators.sonneborn_berger(core[number], core),
        )


@settings(max_examples=25)
@given(round_robins())
def test_own_result_tiebreaks_match_tiebreak_core_when_all_is_played(table):
    core = to_core(table)
    for number, player in table.players.items():
        ours = (float(cumulative(player)), wins(player), games_with_black(player), float(koya(table, number)))
        theirs = (
            calculators.progressive(core[number], core),
            calculators.wins_count(core[number], core),
            calculators.games_with_black(core[number], core),
            calculators.koya(core[number], core, table.rounds),
        )
        assert ours == theirs


@settings(max_examples=25)
@given(round_robins())
def test_the_average_rating_of_opponents_matches_tiebreak_core_once_rounded(table):
    core = to_core(table)
    for number in table.players:
        ours = average_rating_of_opponents(table, number)
        assert abs(ours - calculators.average_rating_opponents(core[number], core)) <= Fraction(1, 2)


@settings(max_examples=25)
@given(round_robins())
def test_the_buchholz_of_a_round_robin_sums_every_score_once_per_opponent(table):
    total = sum(buchholz(table, n) for n in table.players)
    assert total == (len(table.players) - 1) * sum(p.score for p in table.players.values())


@settings(max_examples=25)
@given(round_robins())
def test_cut_and_median_buchholz_never_exceed_the_buchholz(table):
    for n in table.players:
        assert (
            buchholz_median(table, n, 2)
            <= buchholz_median(table, n, 1)
            <= buchholz_cut(table, n, 1)
            <= buchholz(table, n)
        )


@settings(max_examples=25)
@given(round_robins())
def test_sonneborn_berger_lies_between_zero_and_the_buchholz(table):
    assert all(0 <= sonneborn_berger(table, n) <= buchholz(table, n) for n in table.players)


@settings(max_examples=25)
@given(round_robins(), st.data())
def test_direct_encounter_shares_exactly_the_games_among_the_group(table, data):
    group = data.draw(st.sets(st.sampled_from(sorted(table.players)), min_size=2))
    assert sum(direct_encounter(table, group).values()) == math.comb(len(group), 2)


@settings(max_examples=25)
@given(round_robins())
def test_koya_never_exceeds_the_score(table):
    assert all(koya(table, n) <= table[n].score for n in table.players)


@settings(max_examples=25)
@given(round_robins())
def test_the_cumulative_lies_between_the_score_and_rounds_times_score(table):
    for player in table.players.values():
        assert player.score <= cumulative(player) <= table.rounds * player.score or player.score == 0


@settings(max_examples=25)
@given(round_robins(), st.data())
def test_a_forfeit_counts_half_a_point_in_the_adjusted_score(table, data):
    number = data.draw(st.sampled_from(sorted(table.players)))
    index = data.draw(st.integers(0, table.rounds - 1))
    player = table[number]
    opponent = player.results[index].opponent
    winner_is_player = data.draw(st.booleans())
    players = dict(table.players)
    for who, result in ((number, forfeit_win(opponent)), (opponent, forfeit_loss(number))):
        if not winner_is_player:
            result = forfeit_loss(opponent) if who == number else forfeit_win(number)
        results = list(players[who].results)
        results[index] = result
        players[who] = Player(who, tuple(results), rating=players[who].rating)
    changed = Crosstable(players)
    before = player.results[index].score
    assert adjusted_score(changed[number]) == adjusted_score(player) - before + Fraction(1, 2)

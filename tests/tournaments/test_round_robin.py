import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.tournaments.printed_berger import PRINTED_BERGER_TABLES
from tournaments.round_robin import (
    VARMA_LAST_ROUNDS,
    VARMA_TABLES,
    berger_table,
    bye_number,
    colour_counts,
    directed_sum_ranges,
    double_round_robin,
    meet_before_last_rounds,
    meeting,
    varma_draw_order,
    varma_groups,
)
from tournaments.scheveningen import scheveningen_table

players_strategy = st.integers(min_value=3, max_value=30)


def as_printed(players):
    return [[(p.white, p.black) for p in line] for line in berger_table(players)]


@pytest.mark.parametrize("players", sorted(PRINTED_BERGER_TABLES))
def test_the_algorithm_reproduces_every_printed_berger_table(players):
    assert as_printed(players) == PRINTED_BERGER_TABLES[players]


@pytest.mark.parametrize("players", [3, 5, 7, 9, 11, 13, 15, 17])
def test_an_odd_field_uses_the_table_of_the_next_even_size(players):
    assert as_printed(players) == PRINTED_BERGER_TABLES[players + 1]


def test_an_odd_field_has_a_dummy_number_for_the_bye():
    assert (bye_number(7), bye_number(8)) == (8, None)


def test_it_refuses_fewer_than_three_players():
    with pytest.raises(ValueError, match="at least 3"):
        berger_table(2)


def test_the_livre_table_of_sums_for_sixteen_players_holds():
    # Livre 3.1: in round R, x + y is 2k + R or R + 1, and the pivot meets (R+1)/2 or k + R/2.
    for line in berger_table(16):
        rnd = line[0].round
        pivot_opponent = line[0].white if line[0].black == 16 else line[0].black
        assert pivot_opponent == ((rnd + 1) // 2 if rnd % 2 else 8 + rnd // 2)
        assert all(p.white + p.black in (16 + rnd, rnd + 1) for p in line[1:])


def test_x_and_y_meet_in_the_round_the_formulas_give_twelve_players():
    assert meeting(12, 3, 11) == meeting(12, 11, 3)
    assert (meeting(12, 3, 11).round, meeting(12, 3, 11).white) == (2, 11)
    assert (meeting(12, 5, 12).round, meeting(12, 5, 12).white) == (9, 5)


@given(players_strategy, st.data())
def test_the_formulas_agree_with_the_generated_table(players, data):
    size = players + players % 2
    x, y = data.draw(st.lists(st.integers(1, size), min_size=2, max_size=2, unique=True))
    found = meeting(players, x, y)
    pairing = berger_table(players)[found.round - 1][found.table - 1]
    assert (pairing.white, pairing.black) == (found.white, found.black)


@given(players_strategy)
def test_a_berger_table_is_a_round_robin(players):
    size = players + players % 2
    games = [frozenset((p.white, p.black)) for line in berger_table(players) for p in line]
    assert sorted(map(sorted, games)) == sorted(
        map(sorted, map(frozenset, itertools.combinations(range(1, size + 1), 2)))
    )


@given(players_strategy)
def test_every_player_plays_once_a_round(players):
    size = players + players % 2
    for line in berger_table(players):
        assert sorted(n for p in line for n in (p.white, p.black)) == list(range(1, size + 1))


@given(players_strategy)
def test_a_berger_table_has_balanced_colours(players):
    size = players + players % 2
    counts = colour_counts(berger_table(players))
    assert all(abs(white - black) == 1 for white, black in counts.values())
    assert sum(white > black for white, black in counts.values()) == size // 2


def test_numbers_one_to_k_get_the_extra_white_except_the_pivot_rule():
    counts = colour_counts(berger_table(16))
    assert [counts[n] for n in (1, 2, 9, 16)] == [(8, 7), (8, 7), (7, 8), (7, 8)]


@given(players_strategy)
def test_a_double_round_robin_gives_everyone_equal_colours(players):
    table = double_round_robin(players)
    assert len(table) == 2 * (players + players % 2 - 1)
    assert all(white == black for white, black in colour_counts(table).values())


def test_the_second_cycle_reverses_the_colours():
    table = double_round_robin(4)
    assert (table[3][1].white, table[3][1].black) == (3, 2)


def test_the_directed_pairings_example_of_sixteen_players_before_round_ten():
    rule_one, rule_two = directed_sum_ranges(16, 6)
    assert (rule_one, rule_two) == (range(2, 11), range(17, 26))
    groups = [(1, 2, 3, 4, 5, 16), (8, 9, 10, 15), (7, 11, 14), (6, 12, 13)]
    assert all(meet_before_last_rounds(16, group, 6) for group in groups)


def test_the_directed_ranges_predict_the_meeting_round():
    rule_one, rule_two = directed_sum_ranges(12, 4)
    for x, y in itertools.combinations(range(1, 12), 2):
        early = meeting(12, x, y).round <= 11 - 4
        assert early == (x + y in rule_one or x + y in rule_two)


@pytest.mark.parametrize("size", sorted(VARMA_TABLES))
def test_varma_groups_do_not_meet_in_the_last_three_rounds_with_an_odd_field(size):
    groups = varma_groups(size - 1).values()
    assert all(meet_before_last_rounds(size - 1, g, VARMA_LAST_ROUNDS) for g in groups)


def test_the_printed_varma_table_fails_only_for_six_and_twelve_in_a_twelve_player_field():
    late = [
        (size, a, b)
        for size in VARMA_TABLES
        for group in varma_groups(size).values()
        for a, b in itertools.combinations(group, 2)
        if meeting(size, a, b).round > size - 1 - VARMA_LAST_ROUNDS
    ]
    assert late == [(12, 6, 12)]


@pytest.mark.parametrize("size", sorted(VARMA_TABLES))
def test_varma_groups_cover_every_number_once(size):
    numbers = sorted(n for g in varma_groups(size).values() for n in g)
    assert numbers == list(range(1, size + 1))


def test_an_odd_field_drops_the_dummy_from_its_varma_group():
    assert varma_groups(19)["D"] == (4,)


def test_varma_tables_stop_at_twenty_four_players():
    with pytest.raises(ValueError, match="9 to 24"):
        varma_groups(25)


def test_the_varma_draw_starts_with_the_largest_contingent_then_the_fide_code():
    order = varma_draw_order({"PRC": ["Wang", "Li"], "FRA": ["Vidal", "Bauer"], "GER": ["Zeller"]})
    assert order == [("FRA", ["Bauer", "Vidal"]), ("PRC", ["Li", "Wang"]), ("GER", ["Zeller"])]


@pytest.mark.parametrize("team_size", [4, 5, 6, 8])
def test_every_printed_scheveningen_table_pairs_each_a_with_each_b_once(team_size):
    games = [(g.white, g.black) for line in scheveningen_table(team_size) for g in line]
    pairs = sorted(tuple(sorted(game)) for game in games)
    expected = sorted((f"A{a}", f"B{b}") for a in range(1, team_size + 1) for b in range(1, team_size + 1))
    assert pairs == expected


@pytest.mark.parametrize("team_size", [4, 5, 6, 8])
def test_every_scheveningen_round_seats_each_player_once(team_size):
    for line in scheveningen_table(team_size):
        assert len({name for g in line for name in (g.white, g.black)}) == 2 * team_size


@pytest.mark.parametrize("team_size", [4, 6, 8])
def test_even_scheveningen_tables_balance_the_colours(team_size):
    whites = {}
    for line in scheveningen_table(team_size):
        for g in line:
            whites[g.white] = whites.get(g.white, 0) + 1
    assert set(whites.values()) == {team_size // 2}


def test_there_is_no_scheveningen_table_for_seven():
    with pytest.raises(ValueError, match="4, 5, 6, 8"):
        scheveningen_table(7)


def test_twelve_printed_directed_pairs_break_the_livre_rule():
    from tests.tournaments.printed_directed_groups import PRINTED_DIRECTED_GROUPS

    late = sorted(
        (size, n, a, b)
        for size, n, groups in PRINTED_DIRECTED_GROUPS
        for group in groups
        for a, b in itertools.combinations(sorted(set(group)), 2)
        if meeting(size, a, b).round > size - 1 - n
    )
    # Pairs the Livre's own formulas put in the last n rounds: misprints in Annexes I–II.
    assert late == [
        (18, 3, 16, 17),
        (20, 7, 15, 18),
        (22, 8, 8, 14),
        (24, 10, 11, 12),
        (24, 10, 11, 13),
        (24, 11, 16, 21),
        (24, 11, 17, 22),
        (26, 10, 18, 24),
        (26, 10, 19, 23),
        (26, 10, 20, 22),
        (28, 3, 13, 14),
        (28, 4, 13, 14),
    ]


def test_the_printed_directed_groups_cover_every_number_except_in_three_rows():
    from tests.tournaments.printed_directed_groups import PRINTED_DIRECTED_GROUPS

    incomplete = [
        (size, n)
        for size, n, groups in PRINTED_DIRECTED_GROUPS
        if sorted(x for g in groups for x in g) != list(range(1, size + 1))
    ]
    assert incomplete == [(26, 9), (28, 7), (28, 8)]

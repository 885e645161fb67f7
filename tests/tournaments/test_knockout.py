import threading

import pytest

from tournaments.knockout import bracket_order, first_round, knockout_figures, knockout_plan


def test_twenty_three_players_give_nine_byes_and_seven_matches():
    plan = knockout_plan(23)
    assert (plan.first_round_byes, plan.stages[0].participants, plan.stages[1].participants) == (9, 14, 16)


def test_the_234_player_example_has_227_available_and_40_fictitious():
    figures = knockout_figures(234, [(6, 2), (1, 4)])
    assert (figures.available, figures.fictitious, figures.net) == (227, 40, 267)


def test_the_234_player_example_then_needs_a_preliminary_round():
    # 512 − 267 = 245 byes for 227 available players: the Livre's rule adds a round.
    assert knockout_plan(234, [(6, 2), (1, 4)]).preliminary_rounds == 1


def test_the_63_team_example_needs_two_preliminary_rounds():
    plan = knockout_plan(63, [(25, 1)])
    assert (plan.preliminary_rounds, plan.fictitious, plan.net, plan.first_round_byes) == (2, 200, 238, 18)
    assert [s.participants for s in plan.stages[:4]] == [20, 28, 14, 32]


def test_the_coupe_de_france_plan_of_play():
    plan = knockout_plan(7971, [(250, 2), (80, 4), (36, 6), (20, 7)])
    assert (plan.available, plan.fictitious, plan.net, plan.rounds, plan.first_round_byes) == (
        7585,
        7144,
        14729,
        14,
        1655,
    )
    printed = [5930, 4620, 2560, 1280, 720, 360, 216, 128, 64, 32, 16, 8, 4, 2]
    assert [s.participants for s in plan.stages] == printed


def test_a_power_of_two_needs_no_bye():
    assert (knockout_plan(16).first_round_byes, knockout_plan(16).rounds) == (0, 4)


@pytest.mark.parametrize("players", range(2, 200))
def test_every_plan_ends_with_a_final(players):
    assert knockout_plan(players).stages[-1].participants == 2


def test_the_printed_brackets_for_eight_and_sixteen():
    assert first_round(8) == [(1, 8), (4, 5), (3, 6), (2, 7)]
    assert first_round(16) == [(1, 16), (8, 9), (5, 12), (4, 13), (3, 14), (6, 11), (7, 10), (2, 15)]


def test_three_players_give_the_top_seed_a_bye():
    assert first_round(3) == [(1, None), (2, 3)]


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_the_top_seeds_meet_as_late_as_possible(size):
    order = bracket_order(size)
    assert order.index(1) < size // 2 <= order.index(2)


def test_a_bracket_needs_a_power_of_two():
    with pytest.raises(ValueError, match="power-of-two"):
        bracket_order(12)


def test_the_52_team_remark_checks_out_with_six_rounds():
    plan = knockout_plan(52, [(2, 1), (1, 2), (1, 3)])
    assert (plan.net, plan.rounds, plan.first_round_byes) == (64, 6, 0)


def test_a_plan_that_no_preliminary_round_can_save_fails_instead_of_looping():
    # In a daemon thread: before the fix this looped for ever, and the test must fail, not hang.
    outcome = []

    def plan() -> None:
        try:
            knockout_plan(8, [(4, 1)])
        except ValueError as error:
            outcome.append(str(error))

    thread = threading.Thread(target=plan, daemon=True)
    thread.start()
    thread.join(timeout=10)
    assert outcome and "preliminary rounds" in outcome[0]

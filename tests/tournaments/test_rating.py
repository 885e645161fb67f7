from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rating import (
    Game,
    cap_k,
    counted_differences,
    expected_score,
    first_rating,
    k_factor,
    rapid_blitz_k_factor,
    rating_change,
    rating_difference,
    round_change,
)
from tournaments.rating_tables import D_TO_PD, P_TO_DP

HALF = Fraction(1, 2)


def games(*pairs):
    return [Game(rating, Fraction(score)) for rating, score in pairs]


def test_the_p_to_dp_table_has_every_hundredth_as_printed():
    assert sorted(P_TO_DP) == list(range(101))
    assert (P_TO_DP[100], P_TO_DP[83], P_TO_DP[50], P_TO_DP[1]) == (800, 273, 0, -677)


def test_the_p_to_dp_table_is_symmetric():
    assert all(P_TO_DP[p] == -P_TO_DP[100 - p] for p in P_TO_DP)


def test_the_d_to_pd_ranges_are_contiguous_and_complementary():
    assert [row[0] for row in D_TO_PD[1:]] == [row[1] + 1 for row in D_TO_PD[:-1]]
    assert all(high + low == 100 for _, _, high, low in D_TO_PD)


def test_the_two_printed_tables_agree_with_each_other():
    assert all(expected_score(P_TO_DP[p]) == Fraction(p, 100) for p in range(50, 100))


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, "0.50"), (3, "0.50"), (4, "0.51"), (-100, "0.36"), (400, "0.92"), (735, "0.99"), (736, "1")],
)
def test_the_expected_score_reads_the_printed_table(difference, expected):
    assert expected_score(difference) == Fraction(expected)


@given(st.integers(-2000, 2000))
def test_the_two_players_expectations_add_up_to_one(difference):
    assert expected_score(difference) + expected_score(-difference) == 1


def test_a_score_percentage_is_rounded_to_the_printed_hundredth():
    assert (rating_difference(Fraction(2, 3)), rating_difference(Fraction(1, 3))) == (125, -125)


def test_a_win_against_a_player_a_hundred_points_lower_gains_seven_points_with_k20():
    assert rating_change(2000, games((1900, 1)), 20).change == 7


def test_the_400_point_rule_caps_only_the_largest_favourable_difference():
    assert counted_differences(2500, [2000, 1950, 2450]) == [500, 400, 50]


def test_the_400_point_rule_always_applies_to_the_lower_rated_player():
    assert counted_differences(1900, [2400, 2450]) == [-400, -400]


def test_the_rating_change_uses_the_capped_difference():
    change = rating_change(2500, games((2000, 1), (1950, 1)), 10)
    assert change.expected == (Fraction(96, 100), Fraction(92, 100))
    assert change.change == 1  # (0.04 + 0.08) × 10 = 1.2


@pytest.mark.parametrize(
    ("value", "rounded"), [("2.5", 2), ("-2.5", -2), ("2.6", 3), ("-2.51", -3), ("0.4", 0)]
)
def test_a_half_is_rounded_towards_zero_as_the_livre_says(value, rounded):
    assert round_change(Fraction(value)) == rounded


@pytest.mark.parametrize(
    ("k", "n", "capped"), [(40, 20, 35), (20, 36, 19), (10, 70, 10), (10, 71, 9), (40, 17, 40)]
)
def test_k_times_games_never_exceeds_seven_hundred(k, n, capped):
    assert cap_k(k, n) == capped


@given(st.sampled_from([10, 20, 40]), st.integers(1, 200))
def test_the_capped_k_is_the_largest_allowed(k, n):
    capped = cap_k(k, n)
    assert capped * n <= 700
    assert capped == k or (capped + 1) * n > 700


def profile(**overrides):
    base = {
        "rating": 2100,
        "career_games": 100,
        "has_reached_2400": False,
        "age_at_end_of_year": 30,
        "games_in_period": 9,
    }
    return k_factor(**(base | overrides))


def test_a_player_new_to_the_list_has_k40_until_thirty_games():
    assert (profile(career_games=29), profile(career_games=30)) == (40, 20)


def test_a_junior_under_2300_keeps_k40_until_the_year_of_his_eighteenth_birthday():
    assert (
        profile(age_at_end_of_year=18),
        profile(age_at_end_of_year=19),
        profile(age_at_end_of_year=18, rating=2300),
    ) == (40, 20, 20)


def test_a_player_who_reached_2400_keeps_k10_below_it():
    assert profile(rating=2350, has_reached_2400=True) == 10


def test_the_k_factor_applies_the_700_cap():
    assert profile(career_games=10, games_in_period=25) == 28


def test_rapid_and_blitz_use_k20_with_the_same_cap():
    assert (rapid_blitz_k_factor(11), rapid_blitz_k_factor(36)) == (20, 19)


FIVE = [1800, 1900, 2000, 2100, 2200]


def test_a_first_rating_at_fifty_percent_is_the_opponents_average():
    assert first_rating(games(*zip(FIVE, [1, 1, HALF, 0, 0], strict=True))).rating == 2000


def test_a_first_rating_adds_twenty_per_half_point_above_fifty_percent():
    assert first_rating(games(*zip(FIVE, [1, 1, 1, HALF, 0], strict=True))).rating == 2040


def test_a_first_rating_below_fifty_percent_adds_dp():
    assert first_rating(games(*zip(FIVE, [1, 1, 0, 0, 0], strict=True))).rating == 2000 - 72


def test_a_zero_score_in_the_first_event_gives_no_rating():
    assert first_rating(games(*zip(FIVE, [0] * 5, strict=True))).reason == "zero_score"


def test_a_first_rating_needs_five_games_and_the_floor():
    assert first_rating(games((1500, 1), (1500, 0))).reason == "too_few_games"
    assert first_rating(games(*[(1000, 0)] * 4, (1000, HALF))).reason == "below_floor"


def test_a_game_cannot_score_two_points():
    with pytest.raises(ValueError, match="1, 1/2 or 0"):
        Game(2000, Fraction(2))


def test_a_zero_score_after_the_first_event_still_gives_a_rating():
    result = first_rating(games(*zip(FIVE, [0] * 5, strict=True)), first_event=False)
    assert (result.rating, result.reason) == (2000 - 800, "published")

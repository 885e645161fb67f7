from fractions import Fraction

import pytest

from tests.tournaments.printed_norms import PRINTED_MINIMUM_AVERAGES, PRINTED_QUOTAS
from tournaments.norms import Norm, Opponent, check_norm, counted_ratings, minimum_average, quotas


@pytest.mark.parametrize("games", sorted(PRINTED_MINIMUM_AVERAGES))
def test_the_minimum_averages_reproduce_the_printed_annex(games):
    computed = {
        points: tuple(minimum_average(norm, Fraction(points), games) for norm in Norm)
        for points in PRINTED_MINIMUM_AVERAGES[games]
    }
    assert computed == PRINTED_MINIMUM_AVERAGES[games]


@pytest.mark.parametrize("games", [g for g in sorted(PRINTED_QUOTAS) if g != 12])
def test_the_quotas_reproduce_the_printed_annex(games):
    q = quotas(games)
    assert (q.titled, q.norm_titled, q.one_federation, q.own_federation) == PRINTED_QUOTAS[games]


def test_the_printed_twelve_round_table_allows_one_own_federation_opponent_fewer_than_the_rule():
    # 1.4.4: at most 3/5 rounded down, 7 of 12; the annex prints 6, and the rules prevail.
    assert (quotas(12).own_federation, PRINTED_QUOTAS[12][3]) == (7, 6)


def test_below_35_percent_there_is_no_norm():
    assert minimum_average(Norm.GM, Fraction(3), 9) is None


def test_only_the_lowest_opponent_is_raised_to_the_floor_and_unrated_count_1000():
    opponents = [Opponent("GER", 2100), Opponent("ESP"), Opponent("ITA", 2500)]
    assert counted_ratings(Norm.GM, opponents) == [2100, 2200, 2500]


def field(own=3, titles=("GM", "GM", "GM", "IM", "IM", "", "", "", ""), rating=2450):
    feds = ["FRA"] * own + ["GER", "ESP", "ITA", "NED", "SUI", "BEL"][: 9 - own]
    return [Opponent(fed, rating, title) for fed, title in zip(feds, titles, strict=True)]


def test_a_gm_norm_with_six_and_a_half_out_of_nine():
    result = check_norm("GM", federation="FRA", opponents=field(), points=Fraction(13, 2))
    assert (result.is_norm, result.average, result.performance) == (True, 2450, 2616)


def test_six_out_of_nine_against_2450_falls_short_of_a_gm_performance():
    result = check_norm("GM", federation="FRA", opponents=field(), points=Fraction(6))
    assert result.failures == ["performance: 2575 < 2600"]


def test_too_few_titled_opponents_is_not_a_norm():
    result = check_norm(
        "GM",
        federation="FRA",
        opponents=field(titles=("GM", "GM", "GM", "", "", "", "", "", "")),
        points=Fraction(7),
    )
    assert result.failures == ["titled: 3 < 5"]


def test_too_few_gms_is_not_a_gm_norm_but_can_be_an_im_norm():
    opponents = field(titles=("GM", "GM", "IM", "IM", "IM", "", "", "", ""))
    assert check_norm("GM", federation="FRA", opponents=opponents, points=Fraction(7)).failures == [
        "GM titles: 2 < 3"
    ]
    assert check_norm("IM", federation="FRA", opponents=opponents, points=Fraction(7)).is_norm


def test_six_opponents_of_the_own_federation_is_too_many():
    result = check_norm("IM", federation="FRA", opponents=field(own=6), points=Fraction(7))
    assert result.failures == ["own federation: 6 > 5"]


def test_a_national_championship_is_exempt_from_the_federation_rules():
    opponents = [Opponent("FRA", 2450, t) for t in ("GM", "GM", "GM", "IM", "IM", "", "", "", "")]
    assert check_norm(
        "IM", federation="FRA", opponents=opponents, points=Fraction(7), federation_exempt=True
    ).is_norm


def test_eight_games_are_not_enough_by_default():
    result = check_norm("IM", federation="FRA", opponents=field()[:8], points=Fraction(6))
    assert "games: 8 < 9" in result.failures

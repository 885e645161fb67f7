from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.prizes import share_prizes


def euros(*values):
    return [Decimal(str(v)) for v in values]


EXAMPLE_1 = euros(15000, 12000, 10200, 9000, 7000, 5000, 3500, 2500, 1500, 900)
EXAMPLE_1_GROUPS = [3, 8]
EXAMPLE_2 = euros(500, 400, 200, 100)
EXAMPLE_2_GROUPS = [2, 3, 1]


def test_hort_example_1_of_the_livre():
    expected = euros(
        13700,
        12200,
        11300,
        "6337.50",
        "5337.50",
        "4337.50",
        "3587.50",
        "3087.50",
        "2587.50",
        "2287.50",
        "1837.50",
    )
    assert share_prizes(EXAMPLE_1, EXAMPLE_1_GROUPS, "hort") == expected


def test_full_sharing_in_example_1_gives_the_group_averages():
    assert share_prizes(EXAMPLE_1, EXAMPLE_1_GROUPS, "full") == euros(*[12400] * 3, *[3675] * 8)


def test_the_three_methods_of_example_2():
    assert share_prizes(EXAMPLE_2, EXAMPLE_2_GROUPS, "tiebreak") == euros(500, 400, 200, 100, 0, 0)
    assert share_prizes(EXAMPLE_2, EXAMPLE_2_GROUPS, "full") == euros(450, 450, 100, 100, 100, 0)
    assert share_prizes(EXAMPLE_2, EXAMPLE_2_GROUPS, "hort") == euros(475, 425, 150, 100, 50, 0)


def test_a_share_that_is_not_whole_cents_keeps_the_total():
    assert share_prizes(euros(100), [3], "full") == euros("33.34", "33.33", "33.33")


def test_hort_rounding_gives_the_odd_cent_to_the_largest_remainder():
    assert share_prizes(euros("100.01", 0), [2], "hort") == euros("75.01", "25.00")


def test_it_refuses_fractions_of_a_cent():
    with pytest.raises(ValueError, match="cents"):
        share_prizes(euros("10.005"), [1], "full")


def test_it_refuses_an_unknown_method():
    with pytest.raises(ValueError, match="'lottery'"):
        share_prizes(EXAMPLE_2, EXAMPLE_2_GROUPS, "lottery")


prize_lists = st.lists(st.integers(0, 10**7).map(lambda c: Decimal(c) / 100), min_size=1, max_size=12)
group_lists = st.lists(st.integers(1, 6), min_size=1, max_size=8)


@given(prize_lists, group_lists, st.sampled_from(["tiebreak", "full", "hort"]))
def test_every_method_distributes_exactly_the_prizes_of_the_places_filled(prizes, groups, method):
    filled = sum(prizes[: sum(groups)])
    assert sum(share_prizes(prizes, groups, method)) == filled


@given(prize_lists, group_lists)
def test_hort_is_the_average_of_the_two_other_methods_within_a_cent(prizes, groups):
    by_place = share_prizes(prizes, groups, "tiebreak")
    full = share_prizes(prizes, groups, "full")
    hort = share_prizes(prizes, groups, "hort")
    assert all(abs(h - (a + b) / 2) < Decimal("0.01") for h, a, b in zip(hort, by_place, full, strict=True))

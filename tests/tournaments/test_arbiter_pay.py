from decimal import Decimal

import pytest

from tournaments.arbiter_pay import (
    car_expenses,
    championship_pay,
    championship_travel,
    match_pay,
    round_robin_standard,
    swiss_rapid_blitz,
    swiss_standard,
    train_expenses,
)


def test_the_swiss_example_computes_510_and_is_capped_at_425():
    pay = swiss_standard(rounds=7, players=285, titled=21, prizes=Decimal(6500), days=5)
    assert (pay.computed, pay.amount) == (Decimal(510), Decimal(425))


def test_the_assistant_of_the_swiss_example_receives_212_50():
    pay = swiss_standard(rounds=7, players=285, titled=21, prizes=Decimal(6500), days=5)
    assert pay.assistant == Decimal("212.50")


def test_swiss_variables_round_up_only_when_not_whole():
    pay = swiss_standard(rounds=9, players=100, titled=0, prizes=Decimal(3000), days=9)
    assert pay.computed == (9 + 5 + 0 + 2) * 17


def test_the_first_rapid_example_is_raised_to_the_floor():
    pay = swiss_rapid_blitz(rounds=5, players=45, prizes=Decimal(0))
    assert (pay.computed, pay.amount) == (Decimal(34), Decimal(50))


def test_the_second_rapid_example_gives_69_70():
    assert swiss_rapid_blitz(rounds=7, players=75, prizes=Decimal(900)).amount == Decimal("69.70")


@pytest.mark.parametrize(
    ("players", "k"), [(50, "0.4"), (51, "0.5"), (150, "0.6"), (200, "0.7"), (201, "0.8")]
)
def test_the_rapid_coefficient_follows_the_number_of_players(players, k):
    pay = swiss_rapid_blitz(rounds=10, players=players, prizes=Decimal(0), days=2)
    assert pay.computed == Decimal(k) * 10 * 17


def test_the_round_robin_example_is_raised_to_the_floor_of_nine_days():
    pay = round_robin_standard(players=10, prizes=Decimal(2000), days=9, norm_event=True)
    # The Livre prints 447,6 (it rounds 2000/1500 to 1,33 first); exactly it is 447,67.
    assert (pay.computed, pay.amount) == (Decimal("447.67"), Decimal(450))


def test_a_round_robin_without_norms_uses_one_and_a_half():
    pay = round_robin_standard(players=8, prizes=Decimal(0), days=7, norm_event=False)
    assert pay.computed == Decimal(204)


def test_matches_pay_fifty_a_day_to_every_arbiter():
    assert match_pay(3) == Decimal(150)


def test_the_championship_fees():
    fees = [championship_pay("chief", youth=True), championship_pay("principal_lower", youth=True)]
    fees += [championship_pay("principal_lower", youth=False), championship_pay("assistant", youth=False)]
    assert fees == [Decimal(425), Decimal(390), Decimal(425), Decimal(250)]


def test_the_paris_tours_train_refund():
    assert championship_travel(204) == (Decimal("32.42"), Decimal("84.84"))


def test_the_train_scale_stops_at_999_km():
    with pytest.raises(ValueError, match="1 to 999 km"):
        championship_travel(1000)


def test_car_and_train_expenses():
    assert (car_expenses(Decimal(250), Decimal("12.40")), train_expenses(Decimal("45.10"))) == (
        Decimal("89.90"),
        Decimal("65.10"),
    )


def test_it_refuses_a_negative_number_of_players():
    with pytest.raises(ValueError, match="players cannot be negative"):
        swiss_standard(rounds=7, players=-1, titled=0, prizes=Decimal(0), days=5)

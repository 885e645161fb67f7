"""The arbiter's pay scale of the FFE (Livre 5.1, "Barème d'indemnisation de l'arbitre").

Amounts are Decimal euros, rounded to the cent (halves up) only at the end, except where the
Livre rounds an intermediate figure itself (the train refund of one way, to the cent).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction

P = Decimal("17")  # the constant "P" of the scale (1 January 2010)
DAILY_FLOOR = Decimal("50")
DAILY_CEILING = Decimal("85")
MATCH_DAILY = Decimal("50")
COMPUTER_ALLOWANCE = Decimal("40")
CAR_RATE_PER_KM = Decimal("0.31")  # indicative; the FFE's current rate prevails
SMALL_TRAVEL_ALLOWANCE = Decimal("20")
PRIZE_UNIT = 1500
CENT = Decimal("0.01")


def to_cents(value: Fraction | Decimal) -> Decimal:
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def _fraction(value: Decimal | int) -> Fraction:
    return Fraction(value)


@dataclass(frozen=True, slots=True)
class Pay:
    computed: Decimal  # the scale's figure before the daily floor and ceiling
    amount: Decimal  # what the principal arbiter receives
    floor: Decimal
    ceiling: Decimal

    @property
    def assistant(self) -> Decimal:
        """A titled assistant receives half (a trainee receives nothing)."""
        return to_cents(_fraction(self.amount) / 2)


def _bounded(computed: Fraction, days: int) -> Pay:
    if days <= 0:
        raise ValueError("An event lasts at least one day.")
    floor, ceiling = DAILY_FLOOR * days, DAILY_CEILING * days
    exact = to_cents(computed)
    return Pay(exact, min(max(exact, floor), ceiling), floor, ceiling)


def _check(**counts: int | Decimal) -> None:
    for name, value in counts.items():
        if value < 0:
            raise ValueError(f"{name} cannot be negative.")


def swiss_standard(
    *, rounds: int, players: int, titled: int, prizes: Decimal, days: int, p: Decimal = P
) -> Pay:
    """I = (A + B + C + D) × P with A rounds, B players/20, C titled (GM, IM, FM)/10 and
    D prizes/1500, B, C and D rounded up; then 50 € to 85 € a day."""
    _check(rounds=rounds, players=players, titled=titled, prizes=prizes)
    x = rounds + math.ceil(Fraction(players, 20)) + math.ceil(Fraction(titled, 10))
    x += math.ceil(_fraction(prizes) / PRIZE_UNIT)
    return _bounded(x * _fraction(p), days)


def rapid_blitz_k(players: int) -> Fraction:
    for limit, k in ((50, "0.4"), (100, "0.5"), (150, "0.6"), (200, "0.7")):
        if players <= limit:
            return Fraction(k)
    return Fraction("0.8")


def swiss_rapid_blitz(*, rounds: int, players: int, prizes: Decimal, days: int = 1, p: Decimal = P) -> Pay:
    """I = K × R × P + D × P, K from the number of players, D = prizes/1500 (not rounded)."""
    _check(rounds=rounds, players=players, prizes=prizes)
    pp = _fraction(p)
    return _bounded(rapid_blitz_k(players) * rounds * pp + _fraction(prizes) / PRIZE_UNIT * pp, days)


def round_robin_standard(
    *, players: int, prizes: Decimal, days: int, norm_event: bool, p: Decimal = P
) -> Pay:
    """I = (2.5 or 1.5) × J × P + D × P, 2.5 for a norm event, D = prizes/1500 unrounded."""
    _check(players=players, prizes=prizes)
    factor = Fraction(5, 2) if norm_event else Fraction(3, 2)
    pp = _fraction(p)
    return _bounded(factor * players * pp + _fraction(prizes) / PRIZE_UNIT * pp, days)


def match_pay(days: int) -> Decimal:
    """Official matches (FFE, league, departmental committee, club): 50 € a day for every
    titled arbiter, assistants included (no half pay)."""
    if days <= 0:
        raise ValueError("An event lasts at least one day.")
    return MATCH_DAILY * days


class ChampionshipRole(StrEnum):
    CHIEF = "chief"
    PRINCIPAL_UPPER = "principal_upper"  # youth: juniors to pupilles and Open A
    PRINCIPAL_LOWER = "principal_lower"  # youth: poussins, petits poussins, Open B
    ASSISTANT = "assistant"


def championship_pay(role: ChampionshipRole | str, *, youth: bool) -> Decimal:
    """Flat fees of the French championships (youth or adult)."""
    role = ChampionshipRole(role)
    if role == ChampionshipRole.ASSISTANT:
        return Decimal("250")
    if youth and role == ChampionshipRole.PRINCIPAL_LOWER:
        return Decimal("390")
    return Decimal("425")


# Distance one way as the crow flies (km): (lowest, highest, constant C, price per km K).
TRAIN_BANDS: tuple[tuple[int, int, Decimal, Decimal], ...] = (
    (1, 16, Decimal("0.7781"), Decimal("0.1944")),
    (17, 32, Decimal("0.2503"), Decimal("0.2165")),
    (33, 64, Decimal("2.0706"), Decimal("0.1597")),
    (65, 109, Decimal("2.8891"), Decimal("0.1489")),
    (110, 149, Decimal("4.0864"), Decimal("0.1425")),
    (150, 199, Decimal("8.0871"), Decimal("0.1193")),
    (200, 300, Decimal("7.7577"), Decimal("0.1209")),
    (301, 499, Decimal("13.6514"), Decimal("0.1030")),
    (500, 799, Decimal("18.4449"), Decimal("0.0921")),
    (800, 999, Decimal("32.2041"), Decimal("0.0755")),
)


def championship_travel(distance_km: int) -> tuple[Decimal, Decimal]:
    """(one way R = C + D × K rounded to the cent, total 2R + 20 €) for the championships."""
    for lowest, highest, constant, per_km in TRAIN_BANDS:
        if lowest <= distance_km <= highest:
            one_way = to_cents(constant + distance_km * per_km)
            return one_way, one_way * 2 + SMALL_TRAVEL_ALLOWANCE
    raise ValueError(f"The scale covers 1 to 999 km, not {distance_km}.")


def car_expenses(
    kilometres: Decimal, tolls: Decimal = Decimal(0), rate: Decimal = CAR_RATE_PER_KM
) -> Decimal:
    """Option 1 for an arbiter who must drive: kilometres × rate plus tolls (receipts)."""
    _check(kilometres=kilometres, tolls=tolls)
    return to_cents(kilometres * rate + tolls)


def train_expenses(fare: Decimal) -> Decimal:
    """2nd-class fare plus the 20 € "petits déplacements" allowance."""
    _check(fare=fare)
    return to_cents(fare + SMALL_TRAVEL_ALLOWANCE)

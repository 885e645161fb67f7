"""FIDE rating calculations as the Livre de l'Arbitre gives them (6.1 standard, 6.2 rapid
and blitz, rules in force from 1 January 2022).

Everything is exact: probabilities are the printed hundredths, sums are Fractions, and the
only rounding is the one the rules prescribe.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from tournaments.rating_tables import D_TO_PD, P_TO_DP

RATING_FLOOR = 1000
MAX_COUNTED_DIFFERENCE = 400
K_TIMES_GAMES_CAP = 700
GAMES_FOR_FIRST_RATING = 5
GAMES_WITH_K40 = 30
K10_THRESHOLD = 2400
JUNIOR_RATING_LIMIT = 2300
JUNIOR_LAST_AGE = 18
RAPID_BLITZ_K = 20


@dataclass(frozen=True, slots=True)
class Game:
    """A rated game: the opponent's rating and the score (1, 1/2 or 0)."""

    opponent_rating: int
    score: Fraction

    def __post_init__(self) -> None:
        if self.score not in (0, Fraction(1, 2), 1):
            raise ValueError(f"A game scores 1, 1/2 or 0, not {self.score}.")


def expected_score(difference: int) -> Fraction:
    """PD from table 8.1.2 for a player rated ``difference`` points above (positive) or below
    (negative) the opponent. No 400-point cap here: see ``rating_change``."""
    gap = abs(difference)
    for lowest, highest, high, low in D_TO_PD:
        if gap >= lowest and (highest is None or gap <= highest):
            return Fraction(high if difference >= 0 else low, 100)
    raise AssertionError("unreachable: the table covers every difference")


def rating_difference(score_fraction: Fraction) -> int:
    """dp from table 8.1.1 for a score percentage p. The table is printed in hundredths, so p
    is first rounded to the nearest hundredth (halves upwards)."""
    if not 0 <= score_fraction <= 1:
        raise ValueError(f"A score percentage lies between 0 and 1, not {score_fraction}.")
    hundredths = math.floor(score_fraction * 100 + Fraction(1, 2))
    return P_TO_DP[hundredths]


def round_change(value: Fraction) -> int:
    """8.3.4 (French text): to the nearest integer, "0,5 est arrondi à 0", read as: a half
    is rounded towards zero (+2.5 → 2, −2.5 → −2)."""
    magnitude = abs(value)
    whole = math.floor(magnitude)
    rounded = whole + 1 if magnitude - whole > Fraction(1, 2) else whole
    return rounded if value >= 0 else -rounded


def cap_k(k: int, games: int) -> int:
    """The largest integer K' ≤ K with K' × n ≤ 700 (8.3.3)."""
    if games <= 0:
        return k
    return min(k, K_TIMES_GAMES_CAP // games)


def k_factor(
    *,
    rating: int,
    career_games: int,
    has_reached_2400: bool,
    age_at_end_of_year: int,
    games_in_period: int,
) -> int:
    """K for a standard-rated player (8.3.3), with the K × n ≤ 700 cap applied.

    ``career_games``: rated games completed before this period (K = 40 until 30);
    ``age_at_end_of_year``: the age reached in the current year (K = 40 up to the end of the
    year of the 18th birthday while the rating stays under 2300).
    """
    junior = age_at_end_of_year <= JUNIOR_LAST_AGE and rating < JUNIOR_RATING_LIMIT
    if career_games < GAMES_WITH_K40 or junior:
        k = 40
    elif has_reached_2400:
        k = 10
    else:
        k = 20
    return cap_k(k, games_in_period)


def rapid_blitz_k_factor(games_in_period: int) -> int:
    """K for rapid and blitz (6.2, 7.3.3): 20, with the same K × n ≤ 700 cap."""
    return cap_k(RAPID_BLITZ_K, games_in_period)


@dataclass(frozen=True, slots=True)
class RatingChange:
    expected: tuple[Fraction, ...]
    sum_delta: Fraction
    k: int
    change: int
    exact_change: Fraction


def counted_differences(rating: int, opponents: Sequence[int]) -> list[int]:
    """The differences D used for each game (8.3.1): beyond 400 counts as 400, but a player
    may benefit from this only once per tournament, in the game with the greatest difference.
    The cap benefits the higher-rated player; for the lower-rated one it always applies
    (the text limits the number of times one can *benefit* from it)."""
    differences = [rating - opponent for opponent in opponents]
    favourable = [i for i, d in enumerate(differences) if d > MAX_COUNTED_DIFFERENCE]
    kept_once = max(favourable, key=lambda i: differences[i]) if favourable else None
    counted = []
    for index, difference in enumerate(differences):
        if difference < -MAX_COUNTED_DIFFERENCE or index == kept_once:
            difference = max(-MAX_COUNTED_DIFFERENCE, min(MAX_COUNTED_DIFFERENCE, difference))
        counted.append(difference)
    return counted


def rating_change(rating: int, games: Sequence[Game], k: int) -> RatingChange:
    """ΣΔR × K for a tournament or a period (8.3.2), rounded by 8.3.4."""
    differences = counted_differences(rating, [game.opponent_rating for game in games])
    expected = tuple(expected_score(difference) for difference in differences)
    total = sum((game.score - pd for game, pd in zip(games, expected, strict=True)), Fraction(0))
    exact = total * k
    return RatingChange(expected, total, k, round_change(exact), exact)


@dataclass(frozen=True, slots=True)
class FirstRating:
    average_opponents: Fraction
    rating: int | None
    reason: str


def first_rating(games: Sequence[Game], *, first_event: bool = True) -> FirstRating:
    """Ru for an unrated player (8.2), from games against rated opponents.

    Ra is the average of the opponents; at 50 % Ru = Ra, above it Ru = Ra + 20 per half
    point above 50 %, below it Ru = Ra + dp. Ru is rounded to the nearest integer (halves up
    here, the text does not say). No rating if the first event scores zero, with fewer than
    five games, or below the 1000 floor; ``reason`` then says why.
    """
    if not games:
        raise ValueError("A first rating needs games against rated opponents.")
    played = len(games)
    score = sum((game.score for game in games), Fraction(0))
    average = Fraction(sum(game.opponent_rating for game in games), played)
    if first_event and score == 0:
        return FirstRating(average, None, "zero_score")
    half = Fraction(played, 2)
    if score == half:
        exact = average
    elif score > half:
        exact = average + 20 * 2 * (score - half)
    else:
        exact = average + rating_difference(score / played)
    rounded = math.floor(exact + Fraction(1, 2))
    if played < GAMES_FOR_FIRST_RATING:
        return FirstRating(average, rounded, "too_few_games")
    if rounded < RATING_FLOOR:
        return FirstRating(average, rounded, "below_floor")
    return FirstRating(average, rounded, "published")


def as_decimal(value: Fraction, places: int = 2) -> Decimal:
    """A Fraction shown with ``places`` decimals (for display only)."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal(1).scaleb(-places))

"""Tournament performance as the Livre computes it (5.2, "La Performance"): P = M + Q, where M
is the average of the opponents' ratings, each first brought within 400 points of the
player's, and Q is read from the Livre's table for the score over the games played."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.crosstable import Crosstable
from tournaments.performance_table import PERFORMANCE_QUANTITY
from tournaments.rating import MAX_COUNTED_DIFFERENCE
from tournaments.rating_tables import P_TO_DP

EXTREME_QUANTITY = 736


@dataclass(frozen=True, slots=True)
class Performance:
    average: int
    quantity: int

    @property
    def rating(self) -> int:
        return self.average + self.quantity


def quantity(points: Fraction, games: int) -> int:
    """Q for ``points`` out of ``games``. From the printed table for 4 to 13 games; beyond it,
    from table 8.1.1 with the percentage rounded away from 50 % to the hundredth, which is
    how the printed table was built (it agrees with that rule in all but four cells), and
    ±736 for 0 % and 100 % as the Livre says."""
    if games <= 0:
        raise ValueError("A performance needs at least one game played.")
    if not 0 <= points <= games or (points * 2).denominator != 1:
        raise ValueError(f"{points} points out of {games} games is not a possible score.")
    if games in PERFORMANCE_QUANTITY:
        return PERFORMANCE_QUANTITY[games][int(points * 2)]
    share = Fraction(points) / games
    if share in (0, 1):
        return EXTREME_QUANTITY if share == 1 else -EXTREME_QUANTITY
    hundredths = math.floor(share * 100) if share < Fraction(1, 2) else math.ceil(share * 100)
    return P_TO_DP[hundredths]


def performance(rating: int, games: Sequence[tuple[int, Fraction]]) -> Performance:
    """``games``: (opponent's rating, score) of the games played over the board only. M is
    rounded to the nearest integer, as in the Livre's example (1771.67 → 1772)."""
    if not games:
        raise ValueError("A performance needs at least one game played.")
    counted = [
        max(rating - MAX_COUNTED_DIFFERENCE, min(rating + MAX_COUNTED_DIFFERENCE, opponent))
        for opponent, _ in games
    ]
    average = math.floor(Fraction(sum(counted), len(counted)) + Fraction(1, 2))
    points = sum((Fraction(score) for _, score in games), Fraction(0))
    return Performance(average, quantity(points, len(games)))


def tournament_performance(table: Crosstable, number: int) -> Performance:
    """The performance of a player of a crosstable; forfeits and byes are left out."""
    player = table[number]
    games = [(table[r.opponent].rating, r.score) for r in player.results if r.played]
    return performance(player.rating, games)

"""Team tie-breaks of the Livre (5.2, 2.4): match points and the four Sonneborn-Berger
variants for teams, with their truncated forms. (The Berlin system is in ``tiebreaks``.)"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Match:
    opponent: str
    game_points: Fraction  # scored by the team in this match
    boards: int


@dataclass(frozen=True, slots=True)
class MatchPointScale:
    """2/1/0 by default (2.4.1); the French team championship uses 3/2/1 and 0 for a
    forfeited match, which the caller handles by passing its own scale and results."""

    win: int = 2
    draw: int = 1
    loss: int = 0


def match_points(match: Match, scale: MatchPointScale = MatchPointScale()) -> int:
    half = Fraction(match.boards, 2)
    if match.game_points > half:
        return scale.win
    return scale.draw if match.game_points == half else scale.loss


class Variant(StrEnum):
    A = "A"  # opponents' match points × match points against them
    B = "B"  # opponents' match points × game points against them
    C = "C"  # opponents' game points × match points against them
    D = "D"  # opponents' game points × game points against them


def team_sonneborn_berger(
    schedule: Mapping[str, Sequence[Match]],
    team: str,
    variant: Variant | str,
    *,
    truncated: bool = False,
    scale: MatchPointScale = MatchPointScale(),
) -> Fraction:
    """The Sonneborn-Berger of ``team`` (``schedule``: every team's matches). Truncated, the
    opponent with the fewest match points (A, B) or game points (C, D) is left out."""
    variant = Variant(variant)

    def totals(name: str) -> tuple[Fraction, Fraction]:
        matches = schedule[name]
        return (
            Fraction(sum(match_points(m, scale) for m in matches)),
            sum((m.game_points for m in matches), Fraction(0)),
        )

    products = []
    for match in schedule[team]:
        opponent_mp, opponent_gp = totals(match.opponent)
        weight = opponent_mp if variant in (Variant.A, Variant.B) else opponent_gp
        own = Fraction(match_points(match, scale)) if variant in (Variant.A, Variant.C) else match.game_points
        products.append((weight, weight * own))
    if truncated and products:
        products.remove(min(products, key=lambda item: item[0]))
    return sum((product for _, product in products), Fraction(0))

"""Accelerated pairings (Livre 4.2): virtual points added to the pairing score of the stronger
players for the first rounds, so that they meet each other sooner.

The engine pairs with score + virtual points (gacrux's "accelerated" values, see
``engine.pair_round``); the standings keep the real score. Players are taken in pairing-number
order (the TRF start numbers, sorted by rating as A.2 asks).

- Haley: four groups A, B, C, D as equal as possible; A and B get one virtual point for pairing
  rounds 1 and 2, taken off after round 2 (the Livre's "exemple 1").
- Dégressif: groups A (rating ≥ 2000), B, C (rating < 1600); fictitious points 2 (A), 1 (B),
  0 (C), raised by ½ when the real score reaches 1½, 3 and (group C) 4½, and set to 2 once it
  reaches half the number of rounds; none from the pairing of the last-but-one round on.
- Baku (C.04.5.1): GA, the first 2 × ⌈N/4⌉ players, gets 1 virtual point for rounds 1 to 3 and
  ½ for rounds 4 and 5; GB none.
"""

from __future__ import annotations

import math
from fractions import Fraction

from django.utils.translation import gettext as _

from tournaments.swiss.engine import VirtualPoints
from tournaments.trf import TrfTournament

METHODS = ("haley", "degressif", "baku")
HALF = Fraction(1, 2)


class AccelerationError(ValueError):
    """The tournament lacks what the method needs (e.g. the number of rounds)."""


def _order(tournament: TrfTournament) -> list[int]:
    return sorted(tournament.numbers())


def haley_groups(tournament: TrfTournament) -> dict[str, list[int]]:
    """A, B, C, D: four groups as equal as possible, the larger ones first."""
    order = _order(tournament)
    size, extra = divmod(len(order), 4)
    groups, start = {}, 0
    for index, name in enumerate("ABCD"):
        end = start + size + (1 if index < extra else 0)
        groups[name] = order[start:end]
        start = end
    return groups


def baku_ga(tournament: TrfTournament) -> list[int]:
    """GA: the first half of the players, rounded up to an even number (2 × ⌈N/4⌉)."""
    order = _order(tournament)
    return order[: 2 * math.ceil(len(order) / 4)]


def degressif_group(rating: int, *, high: int = 2000, low: int = 1600) -> str:
    if rating >= high:
        return "A"
    return "C" if rating < low else "B"


def degressif_points(group: str, real_score: Fraction, rounds: int) -> Fraction:
    """Fictitious points (PF) of a player of ``group`` with ``real_score`` (SR) on the board."""
    if group == "A" or real_score * 2 >= rounds:
        return Fraction(2)
    points = Fraction(1) if group == "B" else Fraction(0)
    steps = (Fraction(3, 2), Fraction(3)) + ((Fraction(9, 2),) if group == "C" else ())
    points += HALF * sum(1 for step in steps if real_score >= step)
    return min(points, Fraction(2))


def virtual_points(
    tournament: TrfTournament, round_number: int, method: str, *, high: int = 2000, low: int = 1600
) -> dict[int, Fraction]:
    """Each player's virtual points for pairing ``round_number`` with ``method``."""
    if method == "haley":
        groups = haley_groups(tournament)
        value = Fraction(1) if round_number <= 2 else Fraction(0)
        return dict.fromkeys(groups["A"] + groups["B"], value) if value else {}
    if method == "baku":
        value = Fraction(1) if round_number <= 3 else HALF if round_number <= 5 else Fraction(0)
        return dict.fromkeys(baku_ga(tournament), value) if value else {}
    if method == "degressif":
        rounds = tournament.planned_rounds
        if not rounds:
            raise AccelerationError(
                _("le système dégressif a besoin du nombre de rondes du tournoi (ligne XXR du fichier).")
            )
        if round_number >= rounds - 1:
            return {}
        history = tournament.up_to(round_number - 1)
        return {
            p.number: degressif_points(degressif_group(p.rating, high=high, low=low), p.score, rounds)
            for p in history.players
        }
    raise AccelerationError(_("méthode d'accélération inconnue : %(method)s.") % {"method": method})


def virtual_schedule(tournament: TrfTournament, round_number: int, method: str) -> VirtualPoints:
    """The virtual points of every round up to ``round_number`` (what the engine needs)."""
    return {r: virtual_points(tournament, r, method) for r in range(1, round_number + 1)}

"""Knock-out ("coupe") calculations of the Livre de l'Arbitre, chapter 3.3: first-round byes
and preliminary rounds with seeded entrants, the plan of play, and the seeded bracket."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Stage:
    number: int
    participants: int
    qualified: int


@dataclass(frozen=True, slots=True)
class KnockoutPlan:
    available: int  # D = I − QO
    fictitious: int  # F = Σ X × 2^x
    net: int  # PN = D + F
    rounds: int  # n with 2^n the power of two ≥ PN
    first_round_byes: int  # E = 2^n − PN
    preliminary_rounds: int
    stages: tuple[Stage, ...]


def _power_at_least(value: int) -> int:
    return max(0, (value - 1).bit_length())


@dataclass(frozen=True, slots=True)
class Figures:
    available: int
    fictitious: int
    net: int
    rounds: int
    byes: int


def knockout_figures(
    registered: int, seeded: Sequence[tuple[int, int]] = (), preliminary_rounds: int = 0
) -> Figures:
    """D, F, PN, n and E for a given number of preliminary rounds (steps 2 to 6)."""
    if any(count < 0 or skipped < 1 for count, skipped in seeded):
        raise ValueError("Seeded entrants skip at least one round and cannot be negative.")
    available = registered - sum(count for count, _ in seeded)
    if available < 2:
        raise ValueError("A knock-out needs at least two players in its first round.")
    fictitious = sum(count * 2 ** (skipped + preliminary_rounds) for count, skipped in seeded)
    net = available + fictitious
    rounds = _power_at_least(net)
    return Figures(available, fictitious, net, rounds, 2**rounds - net)


MAX_PRELIMINARY_ROUNDS = 8


def knockout_plan(registered: int, seeded: Sequence[tuple[int, int]] = ()) -> KnockoutPlan:
    """The Livre's method. ``seeded``: (number of entrants, number of rounds they skip).

    D = I − QO, F = Σ X × 2^x, PN = D + F, n from the power of two ≥ PN, E = 2^n − PN.
    When E ≥ D a preliminary round is added (every seeded entrant skips one more round) and
    the computation starts again. The plan of play then checks every round.
    """
    preliminary = 0
    while (figures := knockout_figures(registered, seeded, preliminary)).byes >= figures.available:
        preliminary += 1
        # A few entrants behind many seeded ones (8 with 4 seeded) never get fewer byes than
        # players, however many preliminary rounds are added: the method fails there.
        if preliminary > MAX_PRELIMINARY_ROUNDS:
            raise ValueError(
                f"The plan fails: {figures.byes} byes for {figures.available} players even after "
                f"{MAX_PRELIMINARY_ROUNDS} preliminary rounds."
            )
    available, fictitious, net, rounds, byes = (
        figures.available,
        figures.fictitious,
        figures.net,
        figures.rounds,
        figures.byes,
    )
    entering = {}
    for count, skipped in seeded:
        entering[skipped + preliminary + 1] = entering.get(skipped + preliminary + 1, 0) + count
    stages = []
    participants = available - byes
    for number in range(1, rounds + 1):
        if number == 2:
            participants += byes
        participants += entering.get(number, 0)
        if participants % 2:
            raise ValueError(f"The plan fails: round {number} would have {participants} players.")
        stages.append(Stage(number, participants, participants // 2))
        participants //= 2
    return KnockoutPlan(available, fictitious, net, rounds, byes, preliminary, tuple(stages))


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order for a power of two, as the Livre lays them out: each seed s
    of the next round splits into s against size + 1 − s, the order alternating so that
    1 and 2 can only meet in the final (1-16, 8-9, 5-12, 4-13, 3-14, 6-11, 7-10, 2-15)."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"A bracket has a power-of-two size, not {size}.")
    order = [1, 2]
    while len(order) < size:
        width = 2 * len(order) + 1
        order = [
            seed
            for position, top in enumerate(order)
            for seed in ((top, width - top) if position % 2 == 0 else (width - top, top))
        ]
    return order


def first_round(players: int) -> list[tuple[int, int | None]]:
    """First-round matches for ``players`` seeds (lower seed first); None marks a bye, which
    goes to the best seeds as the Livre says (1-(4) with three players)."""
    if players < 2:
        raise ValueError("A knock-out needs at least two players.")
    size = 2 ** _power_at_least(players)
    order = bracket_order(size)
    matches = []
    for a, b in zip(order[::2], order[1::2], strict=True):
        low, high = sorted((a, b))
        matches.append((low, high if high <= players else None))
    return matches

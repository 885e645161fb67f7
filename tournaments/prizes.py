"""Prize distribution among tied players (Livre 5.3): by tie-break ("attribution au
départage"), full sharing ("partage intégral") and the Hort system (the average of the two).

Amounts are exact Decimal cents. The Livre's examples all divide exactly; when a share does
not fall on a cent (100 € among three), the Livre gives no rule, so we round each share down
to the cent and hand the leftover cents one by one to the best-placed players of the group
(largest remainder first), which keeps every group's total — and the whole purse — exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

CENT = Decimal("0.01")


class Method(StrEnum):
    TIEBREAK = "tiebreak"
    FULL = "full"
    HORT = "hort"


def _cents(amount: Decimal) -> int:
    if amount < 0:
        raise ValueError(f"A prize cannot be negative ({amount}).")
    if amount != amount.quantize(CENT):
        raise ValueError(f"A prize is a whole number of cents, not {amount}.")
    return int(amount * 100)


def _distribute(total: int, exact: list[Fraction]) -> list[int]:
    """Round exact cent shares down, then give the missing cents to the largest remainders
    (earlier places first among equal remainders)."""
    floors = [int(share) for share in exact]  # shares are non-negative
    missing = total - sum(floors)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - floors[i]), i))
    for index in order[:missing]:
        floors[index] += 1
    return floors


def share_prizes(prizes: Sequence[Decimal], groups: Sequence[int], method: Method | str) -> list[Decimal]:
    """The prize of each player, in final order.

    ``prizes``: the official prize of each place (1st, 2nd, …); ``groups``: the sizes of the
    groups of players level on points, in final order (players inside a group already in
    tie-break order). Players of a group that reaches a prized place share in it, even those
    placed beyond the last prize (the Livre's player K, 11th with ten prizes)."""
    method = Method(method)
    if any(size <= 0 for size in groups):
        raise ValueError("Every group of tied players has at least one player.")
    by_place = [_cents(p) for p in prizes]
    players = sum(groups)
    official = by_place[:players] + [0] * max(0, players - len(by_place))
    result: list[int] = []
    start = 0
    for size in groups:
        own = official[start : start + size]
        total = sum(own)
        if method == Method.TIEBREAK:
            result.extend(own)
        else:
            average = Fraction(total, size)
            exact = [average if method == Method.FULL else (average + place) / 2 for place in own]
            result.extend(_distribute(total, exact))
        start += size
    return [Decimal(cents) / 100 for cents in result]

"""Is this result a title norm? FIDE title regulations as printed in the Livre (6.3, in
force from 1 January 2022): number of games (1.4.1), opponents' federations (1.4.3–1.4.4),
titles (1.4.5), rating floor (1.4.6), average (1.4.7) and performance (1.4.8–1.4.9).

Not covered: the exemptions of 1.4.3 a–d are a flag (``federation_exempt``), and the
special game counts of 1.4.1 b–f (7 or 8 games in team championships and the World Cup,
ignoring games) are the caller's ``minimum_games``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from tournaments.rating_tables import P_TO_DP


class Norm(StrEnum):
    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"


# Titles counted as "titled" (1.4.5a: those of 0.3, CM and WCM excluded).
TITLED = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
# 1.4.5 b–e: the titles that count towards the third of the opponents for each norm.
NORM_TITLES = {
    Norm.GM: frozenset({"GM"}),
    Norm.IM: frozenset({"GM", "IM"}),
    Norm.WGM: frozenset({"GM", "IM", "WGM"}),
    Norm.WIM: frozenset({"GM", "IM", "WGM", "WIM"}),
}
PERFORMANCE = {Norm.GM: 2600, Norm.IM: 2450, Norm.WGM: 2400, Norm.WIM: 2250}  # 1.4.8
MINIMUM_AVERAGE = {Norm.GM: 2380, Norm.IM: 2230, Norm.WGM: 2180, Norm.WIM: 2030}  # 1.4.8a
RATING_FLOOR = {Norm.GM: 2200, Norm.IM: 2050, Norm.WGM: 2000, Norm.WIM: 1850}  # 1.4.6b
UNRATED = 1000  # 1.4.6d
MINIMUM_SHARE = Fraction(35, 100)  # 1.4.8b


@dataclass(frozen=True, slots=True)
class Opponent:
    federation: str
    rating: int | None = None  # None: unrated
    title: str = ""


@dataclass(frozen=True)
class NormCheck:
    norm: Norm
    games: int
    average: int
    performance: int
    failures: list[str] = field(default_factory=list)

    @property
    def is_norm(self) -> bool:
        return not self.failures


@dataclass(frozen=True, slots=True)
class Quotas:
    titled: int  # at least
    norm_titled: int  # at least
    own_federation: int  # at most
    one_federation: int  # at most


def quotas(games: int) -> Quotas:
    """The opponent quotas for ``games`` (rounded up for minimums, down for maximums)."""
    return Quotas(
        titled=math.ceil(Fraction(games, 2)),
        norm_titled=max(3, math.ceil(Fraction(games, 3))),
        own_federation=math.floor(Fraction(3 * games, 5)),
        one_federation=math.floor(Fraction(2 * games, 3)),
    )


def counted_ratings(norm: Norm, opponents: Sequence[Opponent]) -> list[int]:
    """Unrated opponents count 1000, then at most one opponent — the lowest — is raised to
    the norm's floor (1.4.6 c–d)."""
    ratings = [UNRATED if o.rating is None else o.rating for o in opponents]
    if ratings:
        lowest = min(range(len(ratings)), key=ratings.__getitem__)
        ratings[lowest] = max(ratings[lowest], RATING_FLOOR[norm])
    return ratings


def minimum_average(norm: Norm, points: Fraction, games: int) -> int | None:
    """The lowest average of opponents with which ``points`` out of ``games`` is a norm
    performance (the figures of the annex tables), or None below 35 %."""
    share = Fraction(points) / games
    if share < MINIMUM_SHARE:
        return None
    return max(MINIMUM_AVERAGE[norm], PERFORMANCE[norm] - P_TO_DP[_percent(share)])


def _percent(share: Fraction) -> int:
    return math.floor(share * 100 + Fraction(1, 2))  # 1.4.9: to the nearest percent, ½ up


def check_norm(
    norm: Norm | str,
    *,
    federation: str,
    opponents: Sequence[Opponent],
    points: Fraction,
    minimum_games: int = 9,
    federation_exempt: bool = False,
) -> NormCheck:
    """Check one result (the games played over the board, forfeits already left out)."""
    norm = Norm(norm)
    games = len(opponents)
    failures: list[str] = []
    if games < minimum_games:
        failures.append(f"games: {games} < {minimum_games}")
    quota = quotas(games)
    if not federation_exempt:
        foreign = {o.federation for o in opponents if o.federation not in (federation, "FIDE")}
        if len(foreign) < 2:
            failures.append(f"federations: {len(foreign)} foreign federation(s), 2 needed")
        own = sum(1 for o in opponents if o.federation == federation)
        if own > quota.own_federation:
            failures.append(f"own federation: {own} > {quota.own_federation}")
        busiest = max(
            (sum(1 for o in opponents if o.federation == f) for f in {o.federation for o in opponents}),
            default=0,
        )
        if busiest > quota.one_federation:
            failures.append(f"one federation: {busiest} > {quota.one_federation}")
    titled = sum(1 for o in opponents if o.title in TITLED)
    if titled < quota.titled:
        failures.append(f"titled: {titled} < {quota.titled}")
    norm_titled = sum(1 for o in opponents if o.title in NORM_TITLES[norm])
    if norm_titled < quota.norm_titled:
        failures.append(f"{norm.value} titles: {norm_titled} < {quota.norm_titled}")
    ratings = counted_ratings(norm, opponents)
    average = math.floor(Fraction(sum(ratings), games) + Fraction(1, 2)) if games else 0
    if average < MINIMUM_AVERAGE[norm]:
        failures.append(f"average: {average} < {MINIMUM_AVERAGE[norm]}")
    share = Fraction(points) / games if games else Fraction(0)
    if share < MINIMUM_SHARE:
        failures.append(f"score: {float(share):.1%} < 35 %")
    performance = average + P_TO_DP[_percent(share)] if games else 0
    if performance < PERFORMANCE[norm]:
        failures.append(f"performance: {performance} < {PERFORMANCE[norm]}")
    return NormCheck(norm, games, average, performance, failures)

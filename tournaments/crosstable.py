"""A small crosstable model for tie-break calculations: players, rounds and what happened
to each player in each round (a game, a forfeit, a bye, an absence)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cached_property

ONE = Fraction(1)
HALF = Fraction(1, 2)
ZERO = Fraction(0)


class Kind(StrEnum):
    GAME = "game"  # played over the board
    FORFEIT_WIN = "forfeit_win"  # the scheduled opponent did not play
    FORFEIT_LOSS = "forfeit_loss"  # the player did not play his scheduled game
    BYE = "bye"  # no opponent (exemption); the score says what it was worth
    ABSENT = "absent"  # not paired (withdrawn or absent), scores 0


class Colour(StrEnum):
    WHITE = "W"
    BLACK = "B"


@dataclass(frozen=True, slots=True)
class Result:
    """What one player did in one round."""

    kind: Kind
    score: Fraction
    opponent: int | None = None
    colour: Colour | None = None

    def __post_init__(self) -> None:
        if self.score not in (ZERO, HALF, ONE):
            raise ValueError(f"A round scores 1, 1/2 or 0, not {self.score}.")
        if self.kind == Kind.GAME and (self.opponent is None or self.colour is None):
            raise ValueError("A played game needs an opponent and a colour.")
        if self.kind in (Kind.BYE, Kind.ABSENT) and self.opponent is not None:
            raise ValueError("A bye or an absence has no opponent.")
        expected = {Kind.FORFEIT_WIN: ONE, Kind.FORFEIT_LOSS: ZERO, Kind.ABSENT: ZERO}
        if self.kind in expected and self.score != expected[self.kind]:
            raise ValueError(f"A {self.kind} scores {expected[self.kind]}, not {self.score}.")

    @property
    def played(self) -> bool:
        return self.kind == Kind.GAME


def game(opponent: int, colour: Colour | str, score: Fraction | int | str) -> Result:
    return Result(Kind.GAME, Fraction(score), opponent, Colour(colour))


def forfeit_win(opponent: int | None = None) -> Result:
    return Result(Kind.FORFEIT_WIN, ONE, opponent)


def forfeit_loss(opponent: int | None = None) -> Result:
    return Result(Kind.FORFEIT_LOSS, ZERO, opponent)


def bye(score: Fraction | int | str = 1) -> Result:
    return Result(Kind.BYE, Fraction(score))


def absent() -> Result:
    return Result(Kind.ABSENT, ZERO)


@dataclass(frozen=True, slots=True)
class Player:
    number: int
    results: tuple[Result, ...]
    name: str = ""
    rating: int = 0

    @property
    def score(self) -> Fraction:
        return sum((r.score for r in self.results), ZERO)

    def score_before(self, round_index: int) -> Fraction:
        """Score before the round at 0-based ``round_index``."""
        return sum((r.score for r in self.results[:round_index]), ZERO)


@dataclass(frozen=True)
class Crosstable:
    players: Mapping[int, Player]
    rounds: int = field(init=False)
    # Figures derived once per table by the tie-break functions (e.g. every Buchholz, which
    # the sum of Buchholz reads for each opponent).
    memo: dict[str, object] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        lengths = {len(p.results) for p in self.players.values()}
        if len(lengths) > 1:
            raise ValueError("Every player needs one result per round.")
        object.__setattr__(self, "rounds", lengths.pop() if lengths else 0)
        for player in self.players.values():
            for index, result in enumerate(player.results):
                self._check_opponent(player, index, result)

    def _check_opponent(self, player: Player, index: int, result: Result) -> None:
        if result.opponent is None:
            return
        other = self.players.get(result.opponent)
        if other is None:
            raise ValueError(f"Round {index + 1}: player {player.number} meets unknown {result.opponent}.")
        mirror = other.results[index]
        if mirror.opponent != player.number:
            raise ValueError(f"Round {index + 1}: {player.number} and {result.opponent} disagree.")
        if result.played and (mirror.score + result.score != 1 or mirror.colour == result.colour):
            raise ValueError(
                f"Round {index + 1}: the game {player.number}–{result.opponent} is inconsistent."
            )

    @classmethod
    def of(cls, players: Iterable[Player]) -> Crosstable:
        return cls({p.number: p for p in players})

    def __getitem__(self, number: int) -> Player:
        return self.players[number]

    @cached_property
    def adjusted_scores(self) -> dict[int, Fraction]:
        """Every player's score with unplayed rounds counted as draws (Livre 5.2), computed
        once: opponents' tie-breaks read it for each of their games."""
        return {
            n: sum((r.score if r.played else HALF for r in p.results), ZERO) for n, p in self.players.items()
        }

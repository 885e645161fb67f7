"""Standings of a managed tournament after a round, with the tie-breaks the arbiter chose
(Livre 5.2: unplayed rounds count against the virtual opponent)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from managed_tournaments.models import ManagedTournament, Tiebreak
from tournaments import tiebreaks
from tournaments.crosstable import Crosstable
from tournaments.numbers import with_decimal_separator

COMPUTE: dict[str, Callable[[Crosstable, int], Fraction | int]] = {
    Tiebreak.BUCHHOLZ_CUT: tiebreaks.buchholz_cut,
    Tiebreak.BUCHHOLZ: tiebreaks.buchholz,
    Tiebreak.BUCHHOLZ_MEDIAN: tiebreaks.buchholz_median,
    Tiebreak.SONNEBORN_BERGER: tiebreaks.sonneborn_berger,
    Tiebreak.CUMULATIVE: lambda table, n: tiebreaks.cumulative(table[n]),
    Tiebreak.WINS: lambda table, n: tiebreaks.wins(table[n]),
    Tiebreak.BLACK_GAMES: lambda table, n: tiebreaks.games_with_black(table[n]),
    Tiebreak.AVERAGE_RATING: tiebreaks.average_rating_of_opponents,
}


def number_text(value: Fraction | int) -> str:
    """2,5 for 5/2 in French (2.5 in English); the average rating rounded to a whole number."""
    if isinstance(value, Fraction) and value.denominator > 2:
        return str(round(value))
    text = f"{float(value):.1f}".removesuffix(".0")
    return with_decimal_separator(text)


@dataclass(frozen=True)
class Row:
    rank: int
    number: int
    name: str
    rating: int
    title: str
    federation: str
    score: Fraction
    values: tuple[Fraction | int, ...]
    withdrawn: bool

    @property
    def score_text(self) -> str:
        return number_text(self.score)

    @property
    def value_texts(self) -> list[str]:
        return [number_text(v) for v in self.values]


@dataclass(frozen=True)
class Standings:
    after_round: int
    tiebreaks: tuple[str, ...]
    rows: tuple[Row, ...]

    @property
    def tiebreak_labels(self) -> list[str]:
        return [Tiebreak(t).label for t in self.tiebreaks]


def completed_rounds(tournament: ManagedTournament) -> int:
    last = tournament.last_round()
    if last is None:
        return 0
    return last.number if last.is_complete() else last.number - 1


def standings(tournament: ManagedTournament, *, after_round: int | None = None) -> Standings:
    done = completed_rounds(tournament)
    rounds = done if after_round is None else max(0, min(after_round, done))
    table = tournament.as_trf(rounds=rounds).crosstable()
    chosen = tuple(tournament.tiebreak_list)
    players = {p.number: p for p in tournament.players.all()}
    keyed = []
    for number, player in table.players.items():
        values = tuple(COMPUTE[t](table, number) for t in chosen) if rounds else tuple(0 for _ in chosen)
        keyed.append((player.score, values, number))
    keyed.sort(key=lambda item: (-item[0], *(-v for v in item[1]), item[2]))
    rows, previous, rank = [], None, 0
    for index, (score, values, number) in enumerate(keyed, 1):
        if (score, values) != previous:
            rank, previous = index, (score, values)
        player = players[number]
        rows.append(
            Row(
                rank,
                number,
                player.name,
                player.rating,
                player.title,
                player.federation,
                score,
                values,
                not player.plays_in(rounds + 1),
            )
        )
    return Standings(rounds, chosen, tuple(rows))

"""Tie-breaks of a 200-player, 9-round open (the Livre's rules, ``tournaments.tiebreaks``).

The event is generated from a fixed seed: each round players are sorted by score and paired
down the list avoiding rematches (a simplified Swiss, not the Dutch system), colours
alternate, 2 % of the games are forfeits, four players withdraw after round 5 (absent
afterwards) and an odd field gives a one-point bye. Measured: building the crosstable (with
its consistency checks) and computing every tie-break of the chapter for all players, cold
(one pass on a fresh table) and repeated (the table keeps its Buchholz memo, so repeats are
warm). Results: ``bench/results/tiebreaks.json``.
"""

from __future__ import annotations

import random
import time
from fractions import Fraction

from common import setup, summarise_ms, timings_ms, write_result

PLAYERS = 200
ROUNDS = 9
SEED = 2018


def generate(seed: int = SEED):
    from tournaments.crosstable import Crosstable, Player, absent, bye, forfeit_loss, forfeit_win, game

    rng = random.Random(seed)
    ratings = {n: rng.randint(1000, 2600) for n in range(1, PLAYERS + 1)}
    results: dict[int, list] = {n: [] for n in ratings}
    met: dict[int, set[int]] = {n: set() for n in ratings}
    whites: dict[int, int] = dict.fromkeys(ratings, 0)
    withdrawn = set(rng.sample(sorted(ratings), 4))
    for round_index in range(ROUNDS):
        active = [n for n in ratings if not (round_index >= 5 and n in withdrawn)]
        for n in set(ratings) - set(active):
            results[n].append(absent())
        score = {n: sum(r.score for r in results[n]) for n in ratings}
        active.sort(key=lambda n: (-score[n], -ratings[n], rng.random()))
        if len(active) % 2:
            lowest = next(n for n in reversed(active) if all(r.kind != "bye" for r in results[n]))
            active.remove(lowest)
            results[lowest].append(bye())
        waiting = list(active)
        while waiting:
            first = waiting.pop(0)
            partner = next((n for n in waiting if n not in met[first]), waiting[0])
            waiting.remove(partner)
            met[first].add(partner)
            met[partner].add(first)
            white, black = (first, partner) if whites[first] <= whites[partner] else (partner, first)
            whites[white] += 1
            if rng.random() < 0.02:
                results[white].append(forfeit_win(black))
                results[black].append(forfeit_loss(white))
                continue
            expected = 1 / (1 + 10 ** ((ratings[black] - ratings[white]) / 400))
            draw = rng.random()
            outcome = (
                Fraction(1)
                if draw < expected - 0.15
                else Fraction(0)
                if draw > expected + 0.15
                else Fraction(1, 2)
            )
            results[white].append(game(black, "W", outcome))
            results[black].append(game(white, "B", 1 - outcome))
    return Crosstable.of(Player(n, tuple(results[n]), rating=ratings[n]) for n in ratings)


def all_tiebreaks(table) -> dict[int, tuple]:
    from tournaments import tiebreaks as tb
    from tournaments.performance import tournament_performance

    values = {}
    for n, player in table.players.items():
        played = any(r.played for r in player.results)
        values[n] = (
            tb.cumulative(player),
            tb.cumulative(player, cut=1),
            tb.opponents_cumulative(table, n),
            tb.koya(table, n),
            tb.wins(player),
            tb.games_with_black(player),
            tb.kashdan(player),
            tb.buchholz(table, n),
            tb.buchholz_cut(table, n, 1),
            tb.buchholz_cut(table, n, 2),
            tb.buchholz_median(table, n, 1),
            tb.buchholz_median(table, n, 2),
            tb.buchholz_sum(table, n),
            tb.sonneborn_berger(table, n),
            tb.average_rating_of_opponents(table, n),
            tournament_performance(table, n).rating if played else None,
        )
    top_score = max(p.score for p in table.players.values())
    leaders = [n for n, p in table.players.items() if p.score == top_score]
    tb.direct_encounter_order(table, leaders)
    return values


def main() -> None:
    setup()
    start = time.perf_counter()
    table = generate()
    build_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    all_tiebreaks(table)
    cold_ms = (time.perf_counter() - start) * 1000
    repeated = summarise_ms(timings_ms(lambda: all_tiebreaks(table), repeat=10, warmup=1))
    figures = {
        "players": PLAYERS,
        "rounds": ROUNDS,
        "seed": SEED,
        "tiebreaks_per_player": 16,
        "generate_and_check_crosstable_ms": round(build_ms, 3),
        "all_tiebreaks_cold_ms": round(cold_ms, 3),
        "all_tiebreaks": repeated,
        "per_player_mean_ms": round(repeated["mean_ms"] / PLAYERS, 4),
    }
    write_result(
        "tiebreaks", figures, f"16 tie-breaks x {PLAYERS} players: {repeated['mean_ms']:.0f} ms mean"
    )


if __name__ == "__main__":
    main()

"""Pairing one round of a 200-player Swiss with the Dutch system (gacrux, through
``tournaments.swiss.engine``), and checking it.

The event is generated from a fixed seed: rounds 1-5 are paired by the engine itself, results
drawn from the rating difference (30 % draws), so round 6 is paired from a realistic history
(an odd field: one player withdraws after round 3, so there is a bye). Measured: pairing round
6 from the TRF model, and checking the engine's round 6 (which pairs it once more to compare).
Results: ``bench/results/swiss.json``.
"""

from __future__ import annotations

import random
import time

from common import setup, summarise_ms, timings_ms, write_result

PLAYERS = 200
ROUNDS_PLAYED = 5
SEED = 2026


def generate(seed: int = SEED):
    from dataclasses import replace
    from fractions import Fraction

    from tournaments.swiss.engine import pair_round
    from tournaments.trf import RoundEntry, TrfPlayer, TrfTournament

    rng = random.Random(seed)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(PLAYERS)), reverse=True)
    tournament = TrfTournament(
        players=tuple(TrfPlayer(number=n, name=f"Joueur {n}", rating=r) for n, r in enumerate(ratings, 1)),
        planned_rounds=9,
        initial_colour="white1",
    )
    withdrawn = rng.randint(1, PLAYERS)
    for number in range(1, ROUNDS_PLAYED + 1):
        entries: dict[int, RoundEntry] = {}
        if number > 3:
            entries[withdrawn] = RoundEntry(0, "-", "-")
            tournament = replace(
                tournament,
                players=tuple(
                    replace(p, rounds=(*p.rounds, entries[withdrawn])) if p.number == withdrawn else p
                    for p in tournament.players
                ),
            )
        pairing = pair_round(tournament, round_number=number)
        for white, black in pairing.pairs:
            expected = 1 / (1 + 10 ** ((ratings[black - 1] - ratings[white - 1]) / 400))
            draw = rng.random() < 0.3
            result = "=" if draw else "1" if rng.random() < expected else "0"
            entries[white] = RoundEntry(black, "w", result)
            entries[black] = RoundEntry(white, "b", {"1": "0", "=": "=", "0": "1"}[result])
        for player in pairing.byes:
            entries[player] = RoundEntry(0, "-", "U")
        players = []
        for p in tournament.players:
            rounds = p.rounds if len(p.rounds) == number else (*p.rounds, entries[p.number])
            players.append(replace(p, rounds=rounds, points=sum((e.score for e in rounds), Fraction(0))))
        tournament = replace(tournament, players=tuple(players))
    return tournament


def main() -> None:
    setup()
    from tournaments.swiss.checker import check_round, with_round
    from tournaments.swiss.engine import pair_round

    started = time.perf_counter()
    tournament = generate()
    generated_s = time.perf_counter() - started
    next_round = ROUNDS_PLAYED + 1
    withdrawn_absent = with_round(tournament, pair_round(tournament, round_number=next_round))
    pairing = timings_ms(lambda: pair_round(tournament, round_number=next_round), repeat=10, warmup=1)
    checking = timings_ms(lambda: check_round(withdrawn_absent), repeat=5, warmup=1)
    report = check_round(withdrawn_absent)
    figures = {
        "players": PLAYERS,
        "rounds_before": ROUNDS_PLAYED,
        "generate_5_rounds_s": round(generated_s, 2),
        "pair_round_6": summarise_ms(pairing),
        "check_round_6": summarise_ms(checking),
        "round_6_absolute_faults": len(report.absolute),
    }
    summary = (
        f"pairing round 6 of a {PLAYERS}-player Swiss: p50 {figures['pair_round_6']['p50_ms']:.0f} ms, "
        f"checking it {figures['check_round_6']['p50_ms']:.0f} ms, {len(report.absolute)} absolute faults"
    )
    write_result("swiss", figures, summary)


if __name__ == "__main__":
    main()

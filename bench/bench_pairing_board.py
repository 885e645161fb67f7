"""The pairing board's server time: a 20-player Swiss after 4 rounds, round 5 to pair by hand.

The tournament is made from a fixed seed (ratings drawn, each round paired by the engine,
results drawn from the ratings, so floats, byes and colour preferences are real ones).
Measured through the whole Django stack (test client, middleware, session, templates) on the
database of `make data`: the board page (GET, the TRF read back from the session, the cards
built and rendered, half the boards already made) and the autosave (POST); and the component
alone (board_context + its template). Processor time of this process, as bench_practice does,
since the machine is shared. Target: the board page under 50 ms (p95) for 20 players.
Results: ``bench/results/pairing_board.json``. ``PLAYERS=…`` changes the field.
"""

from __future__ import annotations

import json
import os
import random
import time
from dataclasses import replace

from common import setup, summarise_ms, write_result

PLAYERS = int(os.environ.get("PLAYERS", "20"))
ROUNDS = 4
REPEAT = 40
TARGET_MS = 50
SEED = 2026


class _Rollback(Exception):
    pass


def cpu_timings_ms(function, *, repeat: int, warmup: int = 3) -> list[float]:
    for _ in range(warmup):
        function()
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        function()
        samples.append((time.process_time() - start) * 1000)
    return samples


def tournament(players: int = PLAYERS, rounds: int = ROUNDS, seed: int = SEED):
    from tournaments.swiss.checker import with_round
    from tournaments.swiss.engine import pair_round
    from tournaments.trf import RoundEntry, TrfPlayer, TrfTournament

    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2600) for _ in range(players)), reverse=True)
    event = TrfTournament(
        tuple(TrfPlayer(n, name=f"Joueur {n}", rating=r) for n, r in enumerate(ratings, 1)),
        name="Bench",
        planned_rounds=rounds + 3,
        initial_colour="white1",
    )
    for _ in range(rounds):
        paired = with_round(event, pair_round(event))
        results: dict[int, RoundEntry] = {}
        for player in paired.players:
            entry = player.rounds[-1]
            if entry.colour != "w":
                continue
            black = paired.player(entry.opponent)
            expected = 1 / (1 + 10 ** ((black.rating - player.rating) / 400))
            draw = rng.random()
            white_result = "1" if draw < expected - 0.15 else "=" if draw < expected + 0.15 else "0"
            black_result = {"1": "0", "=": "=", "0": "1"}[white_result]
            results[player.number] = RoundEntry(black.number, "w", white_result)
            results[black.number] = RoundEntry(player.number, "b", black_result)
        players_now = []
        for player in paired.players:
            entry = results.get(player.number, player.rounds[-1])
            rounds_now = (*player.rounds[:-1], entry)
            players_now.append(replace(player, rounds=rounds_now))
        event = replace(paired, players=tuple(players_now))
    return event


def main() -> None:
    setup()
    from django.contrib.auth.hashers import make_password
    from django.db import transaction
    from django.template.loader import render_to_string
    from django.test import Client

    from accounts.models import Role, User, ensure_role_groups
    from tournaments.pairing_board import board_context
    from tournaments.swiss.engine import pair_round
    from tournaments.trf import write

    event = tournament()
    round_number = ROUNDS + 1
    engine = pair_round(event)
    # Half the boards made (not the engine's: reversed colours), as a candidate half-way.
    answer = {"pairs": [[b, w] for w, b in engine.pairs[: len(engine.pairs) // 2]], "byes": []}

    def component():
        context = board_context(
            tournament=event, round_number=round_number, answer=answer, field_name="answer"
        )
        render_to_string("tournaments/pairing_board.html", context)

    figures: dict = {"players": PLAYERS, "rounds_played": ROUNDS, "target_p95_ms": TARGET_MS}
    figures["component_cpu"] = summarise_ms(cpu_timings_ms(component, repeat=REPEAT))
    try:
        with transaction.atomic():
            user = User.objects.create(email="bench-pairing-board@example.org", password=make_password(None))
            user.groups.add(ensure_role_groups()[Role.TRAINEE])
            client = Client(SERVER_NAME="127.0.0.1")
            client.force_login(user)
            session = client.session
            session["tournaments.pairing_board"] = {"trf": write(event), "answer": answer}
            session.save()

            def page():
                response = client.get("/tournaments/suisse/tableau/")
                assert response.status_code == 200, response.status_code

            def save():
                response = client.post(
                    "/tournaments/suisse/tableau/enregistrer/", {"answer": json.dumps(answer)}
                )
                assert response.status_code == 204, response.status_code

            figures["board_page_cpu"] = summarise_ms(cpu_timings_ms(page, repeat=REPEAT))
            figures["autosave_cpu"] = summarise_ms(cpu_timings_ms(save, repeat=REPEAT))
            start = time.perf_counter()
            page()
            figures["board_page_wall_once_ms"] = round((time.perf_counter() - start) * 1000, 1)
            raise _Rollback
    except _Rollback:
        pass
    p95 = figures["board_page_cpu"]["p95_ms"]
    figures["meets_target"] = p95 < TARGET_MS
    write_result(
        "pairing_board",
        figures,
        f"{PLAYERS} players, round {round_number}: board page p95 {p95} ms (target < {TARGET_MS}), "
        f"autosave p95 {figures['autosave_cpu']['p95_ms']} ms, "
        f"component p95 {figures['component_cpu']['p95_ms']} ms",
    )


if __name__ == "__main__":
    main()

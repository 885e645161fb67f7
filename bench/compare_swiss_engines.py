"""How three PyPI packages that claim the FIDE Dutch system pair the Livre's 4.3 example and
random tournaments. Not part of the app: run it in a throw-away venv that has all three,
    python3 -m venv /tmp/cmp
    /tmp/cmp/bin/pip install gacrux==1.11.65 caissify-pairings==0.5.0 pairing-core==0.4.1
    /tmp/cmp/bin/python bench/compare_swiss_engines.py [tournaments-per-generator]
A round "agrees" when the engine, given rounds 1..r-1 of a file, gives exactly its round r:
the same pairs, the same colours, the same byes. Results are printed as JSON."""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

LIVRE = Path(__file__).resolve().parent.parent / "tests/tournaments/data/livre_4_3.trf"
FIRST = 91  # 0-based column of round 1


def players(text):
    return [line for line in text.splitlines() if line.startswith("001")]


def rounds_in(text):
    return max((len(line.rstrip()) - FIRST + 2) // 10 for line in players(text))


def entry(line, rnd):
    block = line[FIRST + 10 * (rnd - 1) : FIRST + 10 * (rnd - 1) + 8].ljust(8)
    return int(block[0:4].strip() or 0), block[5], block[7]


def truncate(text, rounds, keep_absent_of=None):
    """The file after ``rounds`` rounds (points recounted); players given no opponent in
    round ``keep_absent_of`` by the arbiter (Z, H, F, -) keep that entry."""
    worth = {
        "1": 1,
        "=": 0.5,
        "0": 0,
        "+": 1,
        "-": 0,
        "W": 1,
        "D": 0.5,
        "L": 0,
        "U": 1,
        "F": 1,
        "H": 0.5,
        "Z": 0,
    }
    out = []
    for line in text.splitlines():
        if not line.startswith("001"):
            out.append(line)
            continue
        head = line[: FIRST - 2].ljust(FIRST - 2)
        blocks = [line[FIRST + 10 * i : FIRST + 10 * i + 8] for i in range(rounds)]
        points = sum(worth.get(b[7:8], 0) for b in blocks)
        head = head[:80] + f"{points:4.1f}" + head[84:]
        if keep_absent_of:
            opponent, _colour, result = entry(line, keep_absent_of)
            if opponent == 0 and result in "ZHF-":
                blocks.append(line[FIRST + 10 * (keep_absent_of - 1) : FIRST + 10 * (keep_absent_of - 1) + 8])
        out.append((head + "".join("  " + b for b in blocks)).rstrip())
    return "\n".join(out) + "\n"


def actual_round(text, rnd):
    pairs, byes = set(), set()
    for line in players(text):
        number = int(line[4:8])
        opponent, colour, result = entry(line, rnd)
        if opponent and colour == "w":
            pairs.add((number, opponent))
        elif not opponent and result == "U":
            byes.add(number)
    return pairs, byes


def absent_in(text, rnd):
    return {
        int(line[4:8]) for line in players(text) if entry(line, rnd)[0] == 0 and entry(line, rnd)[2] in "ZHF-"
    }


# --- the three engines: (text of rounds 1..r-1 plus pre-assigned absences, r) -> (pairs, byes)


def pair_gacrux(text, rnd, total):
    from gacrux.pairingdutch import pairing_dutch
    from gacrux.trf2json import trf2json

    chessfile = trf2json()
    chessfile.parse_file(truncate(text, rnd - 1), 0)
    tournament = chessfile.get_tournament(1)
    tournament.update(pairingSystem=["dutch"], maxMeets=1, numRounds=total)
    absent = absent_in(text, rnd)
    for competitor in tournament["competitors"]:
        if competitor["cid"] in absent:
            competitor["present"] = False
    brackets = pairing_dutch(
        tournament, rnd, {"experimental": [], "verbose": 0, "top_color": "w"}
    ).compute_pairing(False, 0)
    pairs = [(p["w"], p["b"]) for b in brackets for p in b["pairs"]]
    return {pair for pair in pairs if pair[1]}, {w for w, b in pairs if not b}


def pair_caissify(text, rnd, total):
    from caissify_pairings import fpc
    from caissify_pairings.engines.dutch import DutchEngine
    from caissify_pairings.trf import TRFParser

    parsed = TRFParser(truncate(text, rnd - 1, keep_absent_of=rnd)).parse()
    player_map = {p["starting_number"]: p for p in parsed["players"]}
    for player in player_map.values():  # its helper pairs those who have an entry for the round
        player["results"].setdefault(rnd, {"opponent": 0, "color": "w", "result": "*"})
    engine = DutchEngine(
        players=fpc._build_engine_players(player_map, rnd),
        previous_pairings=fpc._build_previous_pairings(player_map, rnd),
        round_number=rnd,
        total_rounds=total,
        initial_color="white",
    )
    pairs, byes = set(), set()
    for p in engine.generate_pairings():
        if p.get("black_id") is None or p.get("bye"):
            byes.add(p["white_id"])
        else:
            pairs.add((p["white_id"], p["black_id"]))
    return pairs, byes


def pair_pairing_core(text, rnd, total):
    from pairing_core.api import NativeDutchEngine, PairingRequest
    from pairing_core.models import PlayerData

    absent = absent_in(text, rnd)
    people = []
    lines = players(text)
    scores = {}
    for line in lines:
        number = int(line[4:8])
        points, colours, opponents, floats, bye = 0.0, "", set(), "", False
        for r in range(1, rnd):
            opponent, colour, result = entry(line, r)
            points += {"1": 1, "=": 0.5, "+": 1, "U": 1, "F": 1, "H": 0.5}.get(result, 0)
            colours += colour if opponent and result in "1=0WDL" else "-"
            if opponent and result in "1=0WDL":
                opponents.add(opponent)
            bye = bye or result == "U"
        scores[number] = points
        people.append((number, int(line[48:52] or 0), points, colours, frozenset(opponents), bye))
    data = []
    for number, rating, points, colours, opponents, bye in people:
        if number in absent:
            continue
        # floats: compare the score before each round with the opponent's
        line = next(li for li in lines if int(li[4:8]) == number)
        floats = ""
        for r in range(1, rnd):
            opponent, _c, result = entry(line, r)
            mine = sum(
                {"1": 1, "=": 0.5, "+": 1, "U": 1, "F": 1, "H": 0.5}.get(entry(line, k)[2], 0)
                for k in range(1, r)
            )
            if not opponent:
                floats += "D" if result in "UF" else "-"
                continue
            other = next(li for li in lines if int(li[4:8]) == opponent)
            theirs = sum(
                {"1": 1, "=": 0.5, "+": 1, "U": 1, "F": 1, "H": 0.5}.get(entry(other, k)[2], 0)
                for k in range(1, r)
            )
            floats += "D" if mine > theirs else "U" if mine < theirs else "-"
        data.append(
            PlayerData(
                id=number,
                pairing_no=number,
                rating=rating,
                points=points,
                color_hist=colours,
                opponents=opponents,
                received_bye=bye,
                float_hist=floats,
            )
        )
    result = NativeDutchEngine().pair(PairingRequest(players=data, round_number=rnd))
    pairs = {(card.white_id, card.black_id) for card in result.pairings if card.black_id}
    byes = {result.bye_player_id} if result.bye_player_id else set()
    return pairs, byes


ENGINES = {"gacrux": pair_gacrux, "caissify-pairings": pair_caissify, "pairing-core": pair_pairing_core}


def agreement(text, engine, first_round=1):
    total = rounds_in(text)
    agreed, checked, seconds, failures = 0, 0, 0.0, []
    colours_only = bye_differs = 0
    for rnd in range(first_round, total + 1):
        started = time.perf_counter()
        try:
            got = ENGINES[engine](text, rnd, total)
        except Exception as error:
            got = (f"{type(error).__name__}: {error}"[:120], set())
        seconds = max(seconds, time.perf_counter() - started)
        checked += 1
        expected = actual_round(text, rnd)
        if got == expected:
            agreed += 1
        else:
            failures.append(rnd)
            if isinstance(got[0], set) and {frozenset(p) for p in got[0]} == {
                frozenset(p) for p in expected[0]
            }:
                colours_only += 1
            if got[1] != expected[1]:
                bye_differs += 1
    return {
        "agreed": agreed,
        "rounds": checked,
        "slowest_round_s": round(seconds, 3),
        "differing_rounds": failures,
        "differ_in_colours_only": colours_only,
        "differ_in_the_bye": bye_differs,
    }


def generate_with(engine, count, seed):
    """Random tournaments paired round by round by ``engine``, results drawn by rating."""
    rng = random.Random(seed)
    made = []
    for index in range(count):
        size = rng.randint(10, 31)
        total = rng.randint(4, min(9, size // 2))  # short of a round robin, so a pairing exists
        ratings = sorted((rng.randint(1400, 2600) for _ in range(size)), reverse=True)
        lines = [f"012 random {index}", f"XXR {total}"]
        for number, rating in enumerate(ratings, 1):
            lines.append(
                f"001 {number:4d} m    Player {number:<26} {rating:4d}                             0.0"
            )
        text = "\n".join(lines) + "\n"
        table = {n: [] for n in range(1, size + 1)}
        for rnd in range(1, total + 1):
            absent = rng.randint(1, size) if rnd > 1 and rng.random() < 0.25 else None
            if absent:
                table[absent].append("0000 - Z")
                text = (
                    "\n".join(
                        line + "  0000 - Z" if line.startswith(f"001 {absent:4d}") else line
                        for line in text.splitlines()
                    )
                    + "\n"
                )
            pairs, byes = ENGINES[engine](text, rnd, total)
            for white, black in pairs:
                delta = (ratings[white - 1] - ratings[black - 1]) / 400
                draw = rng.random()
                expected = 1 / (1 + 10 ** (-delta))
                white_result = "=" if draw < 0.3 else "1" if rng.random() < expected else "0"
                table[white].append(f"{black:4d} w {white_result}")
                black_result = {"1": "0", "=": "=", "0": "1"}[white_result]
                table[black].append(f"{white:4d} b {black_result}")
            for player in byes:
                table[player].append("0000 - U")
            out = lines[:2]
            for number in range(1, size + 1):
                base = lines[1 + number][:89].ljust(89)
                out.append((base + "".join("  " + b for b in table[number])).rstrip())
            text = truncate("\n".join(out) + "\n", rnd)
        made.append(text)
    return made


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    livre = LIVRE.read_text(encoding="utf-8")
    report = {"livre_4_3": {engine: agreement(livre, engine) for engine in ENGINES}}
    for maker in ("gacrux", "caissify-pairings"):
        try:
            tournaments = generate_with(maker, count, seed=12)
        except Exception as error:
            report[f"made_by_{maker}"] = f"generator failed: {error}"
            continue
        dump = os.environ.get("COMPARE_DUMP")
        if dump:  # kept to measure tournaments.swiss.engine on them in the project's venv
            Path(dump).mkdir(parents=True, exist_ok=True)
            for index, text in enumerate(tournaments):
                (Path(dump) / f"{maker}-{index:02d}.trf").write_text(text, encoding="utf-8")
        summary = {"players": [len(players(t)) for t in tournaments]}
        for engine in ENGINES:
            rows = [agreement(text, engine) for text in tournaments]
            summary[engine] = {
                key: sum(r[key] for r in rows)
                for key in ("agreed", "rounds", "differ_in_colours_only", "differ_in_the_bye")
            } | {"slowest_round_s": max(r["slowest_round_s"] for r in rows)}
        report[f"made_by_{maker}"] = summary
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

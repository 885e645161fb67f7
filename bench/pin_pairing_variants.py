"""Fingerprints of the pairing variants the generator draws, to prove that a change to the
generator, the engine wrapper or the question's later rounds keeps every seed's tournament
(variants are pinned by ``variants.VERSION``: a seed must keep giving the same tournament).

For each case (the parameters of a question) and seed: the drawn tournament as TRF16, its
round, withdrawn players, measured profile and number of tries, the engine's pairing of every
round the question asks for and the tournament before each of them (questions.pairing), hashed
(SHA-256). Run it on two trees and compare:

    .venv/bin/python bench/pin_pairing_variants.py --seeds 100 > /tmp/new.json
    ARBITRE_ROOT=/work/main .venv/bin/python bench/pin_pairing_variants.py --seeds 100 > /tmp/old.json
    .venv/bin/python bench/pin_pairing_variants.py --compare /tmp/old.json /tmp/new.json

``ARBITRE_ROOT`` names the tree whose code is imported (default: this one). The CPU time of
each ``generate`` is printed on standard error (median and p95 per case), for information.
``tests/questions/data/pairing_variants_v1.json`` holds the first seeds of each case, read by
``tests/questions/test_pairing_variants_pinned.py``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

ALL_FEATURES = ["floaters", "colour_conflicts", "rematch_trap", "bye", "forfeit", "withdrawal", "late_entry"]
CASES = {
    "bench-20": {"players": 20, "round": 5, "features": ALL_FEATURES},
    "tests-12": {
        "players": 12,
        "round": 4,
        "features": ["floaters", "bye", "forfeit", "withdrawal", "late_entry"],
    },
    "sample-10": {"players": 10, "round": 3, "features": ["bye", "forfeit"]},
    "bank-ronde-3": {"players": 10, "round": 3, "features": ["floaters", "bye"]},
    "bank-forfait-abandon": {
        "players": 14,
        "round": 4,
        "features": ["floaters", "colour_conflicts", "rematch_trap", "forfeit", "withdrawal", "late_entry"],
    },
    "bank-deux-rondes": {"players": 12, "round": 3, "rounds_to_pair": 2, "features": ["floaters", "bye"]},
    "haley-16": {"players": 16, "round": 2, "acceleration": "haley", "features": ["floaters", "bye"]},
    "degressif-20": {
        "players": 20,
        "round": 4,
        "rounds_to_pair": 2,
        "acceleration": "degressif",
        "features": ["colour_conflicts", "rematch_trap"],
    },
    "baku-18": {
        "players": 18,
        "round": 5,
        "acceleration": "baku",
        "min_exchanges": 1,
        "min_transpositions": 1,
        "features": ["floaters"],
    },
    "open-30": {"players": 30, "round": 6, "min_floaters": 3, "features": ALL_FEATURES},
    "small-8": {"players": 8, "round": 5, "rounds_to_pair": 2, "features": ["rematch_trap", "bye"]},
}


def setup() -> None:
    root = Path(os.environ.get("ARBITRE_ROOT") or Path(__file__).resolve().parent.parent)
    sys.path.insert(0, str(root))
    os.chdir(root)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["ARBITRE_TESTING"] = "1"  # a cache in this process's memory: nothing read from var/
    import django

    django.setup()


def fingerprint(params: dict, seed: int) -> tuple[str, float]:
    """The variant's hash, and the CPU milliseconds ``generate`` took."""
    from questions import pairing
    from tournaments.swiss import variants
    from tournaments.trf import write

    version = params.get("version", variants.VERSION)
    started = time.process_time()
    variant = variants.generate({**params, "version": version}, seed)
    spent = (time.process_time() - started) * 1000
    body = {"source": "generator", "generator_version": version, "params": params}
    situation = pairing.situation_for(body, seed)
    rounds = []
    for number in range(situation.round, situation.last_round + 1):
        rounds.append(
            {
                "before": write(pairing.tournament_before(body, seed, number)),
                "engine": pairing.engine_round(body, seed, number).as_json(),
            }
        )
    record = {
        "trf": write(variant.tournament),
        "round": variant.round,
        "withdrawn": list(variant.withdrawn),
        "profile": variant.profile.as_json(),
        "tries": variant.tries,
        "pairing": variant.pairing.as_json() if variant.pairing else None,
        "situation_is_the_variant": situation.tournament == variant.tournament,
        "rounds": rounds,
    }
    text = json.dumps(record, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest(), spent


def run(seeds: int, first: int, names: list[str]) -> dict:
    setup()
    result = {}
    for name in names:
        params = CASES[name]
        hashes, times = {}, []
        for seed in range(first, first + seeds):
            try:
                digest, spent = fingerprint(params, seed)
            except Exception as error:  # a refusal is pinned too
                digest, spent = f"error: {type(error).__name__}", 0.0
            hashes[str(seed)] = digest
            times.append(spent)
        ordered = sorted(times)
        print(
            f"{name:22s} generate CPU median {statistics.median(ordered):6.1f} ms, "
            f"p95 {ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]:6.1f} ms",
            file=sys.stderr,
        )
        result[name] = {"params": params, "seeds": hashes}
    return result


def compare(old_path: str, new_path: str) -> int:
    old, new = (json.loads(Path(p).read_text()) for p in (old_path, new_path))
    differences = 0
    for name, case in old.items():
        for seed, digest in case["seeds"].items():
            if new.get(name, {}).get("seeds", {}).get(seed) != digest:
                differences += 1
                print(f"{name} seed {seed}: differs")
    total = sum(len(case["seeds"]) for case in old.values())
    print(f"{total - differences} of {total} variants identical")
    return 1 if differences else 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    options = parser.parse_args()
    if options.compare:
        sys.exit(compare(*options.compare))
    print(json.dumps(run(options.seeds, options.first, options.cases.split(",")), indent=1, sort_keys=True))


if __name__ == "__main__":
    main()

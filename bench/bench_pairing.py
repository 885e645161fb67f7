"""Pairing questions (issue 20): drawing a candidate's variant and grading an answer, for
20 players, against the issue's target (each < 100 ms), and the properties over many variants.

For each seed: the variant is generated (``tournaments.swiss.variants.generate``: the drawn
history, the engine's pairing of the round and its explanation to measure the profile, with
the bounded retries), then a wrong answer is graded as the server grades a hand-in
(``questions.pairing.marking.grade``: ``grade_round`` with the question's scale and the
checker), once with the variant already drawn in the process (as after the page was shown: the
variant and the engine's pairing it measured are cached per process) and once as in a fresh
process (the per-process caches emptied: the variant is read back from the shared cache).
CPU times (``time.process_time``: the machine may be shared) are what the target is checked
on; wall times are kept beside them. Checked on every variant: the engine's pairing has no
absolute fault, its explanation replays to it, it gets full marks and a random wrong pairing
does not. Results: ``bench/results/pairing.json``.

    .venv/bin/python bench/bench_pairing.py
    COMPARE_WITH=/work/main .venv/bin/python bench/bench_pairing.py

``VARIANTS`` (default 500) sets the number of seeds. ``COMPARE_WITH`` names another tree of
the project (e.g. before a change): the same seeds are then measured with its code too, in the
same run, by chunks of ``CHUNK`` seeds taken in turn by each tree (which goes first alternates),
so that both meet the same load; the figures of both go in the results. Each tree is measured
in a process of its own, with a shared cache (a file cache, as production's) in a throw-away
directory, so that nothing is read from or written to either tree's ``var/``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import summarise_ms

VARIANTS = int(os.environ.get("VARIANTS", "500"))
CHUNK = int(os.environ.get("CHUNK", "10"))
TARGET_MS = 100
PARAMS = {
    "players": 20,
    "round": 5,
    "features": [
        "floaters",
        "colour_conflicts",
        "rematch_trap",
        "bye",
        "forfeit",
        "withdrawal",
        "late_entry",
    ],
}
HERE = Path(__file__).resolve().parent
COUNTS = ("profile_not_met", "engine_absolute_faults", "replay_differs", "wrong_full", "engine_not_full")


# --- a worker: one tree's code, in a process of its own ------------------------------------------


def worker(root: str) -> None:
    """Measure the seeds asked on standard input ("first last", one chunk a line), one JSON line
    of samples per chunk on standard output, with the code of the tree ``root``."""
    sys.path.insert(0, root)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings

    cache_dir = tempfile.mkdtemp(prefix="bench-pairing-cache-")
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": cache_dir}
    }
    try:
        measure_seeds([10**6])  # imports and first-call set-up, not measured
        for line in sys.stdin:
            first, last = map(int, line.split())
            print(json.dumps(measure_seeds(range(first, last))), flush=True)
    finally:
        shutil.rmtree(cache_dir, ignore_errors=True)


def measure_seeds(seeds) -> dict:
    from questions import pairing
    from questions.pairing import marking
    from tournaments.swiss import variants
    from tournaments.swiss.checker import check_round, with_round
    from tournaments.swiss.explain import explain_round, replay

    body = {"source": "generator", "generator_version": variants.VERSION, "params": PARAMS}
    content = {"points": 10, "body": body}
    target = variants.wanted(PARAMS)
    kinds = ("generation", "generation_wall", "grading", "grading_wall", "fresh", "fresh_wall", "tries")
    samples: dict[str, list] = {kind: [] for kind in kinds}
    counts = dict.fromkeys(COUNTS, 0)
    for seed in seeds:
        rng = random.Random(20 + seed)
        started, cpu = time.perf_counter(), time.process_time()
        variant = variants.generate(PARAMS, seed)
        samples["generation_wall"].append((time.perf_counter() - started) * 1000)
        samples["generation"].append((time.process_time() - cpu) * 1000)
        samples["tries"].append(variant.tries)
        counts["profile_not_met"] += variants.shortfall(variant.profile, target) > 0
        pairing.situation_for(body, seed)  # the page drew it: the grading finds it in the process
        engine = pairing.engine_round(body, seed, variant.round)
        present = [n for pair in engine.pairs for n in pair] + list(engine.byes)
        rng.shuffle(present)
        wrong = {
            "byes": [present.pop()] if len(present) % 2 else [],
            "pairs": [list(p) for p in zip(present[::2], present[1::2], strict=True)],
        }
        started, cpu = time.perf_counter(), time.process_time()
        score = marking.grade(content, wrong, seed)
        samples["grading_wall"].append((time.perf_counter() - started) * 1000)
        samples["grading"].append((time.process_time() - cpu) * 1000)
        for cached in (pairing._engine, pairing._situation, pairing._before):
            cached.cache_clear()
        started, cpu = time.perf_counter(), time.process_time()
        marking.grade(content, wrong, seed)
        samples["fresh_wall"].append((time.perf_counter() - started) * 1000)
        samples["fresh"].append((time.process_time() - cpu) * 1000)
        same = {frozenset(p) for p in wrong["pairs"]} == {frozenset(p) for p in engine.pairs}
        counts["wrong_full"] += score.correct and not same
        right = {"pairs": [list(p) for p in engine.pairs], "byes": list(engine.byes)}
        counts["engine_not_full"] += not marking.grade(content, right, seed).correct
        counts["engine_absolute_faults"] += len(
            check_round(with_round(variant.tournament, engine), variant.round, engine=engine).absolute
        )
        steps = explain_round(variant.tournament, round_number=variant.round, pairing=engine).steps
        counts["replay_differs"] += replay(steps, variant.round) != engine
    return {"samples": samples, "counts": counts}


# --- the run: one or two trees, chunks taken in turn ---------------------------------------------


def start(root: Path) -> subprocess.Popen:
    return subprocess.Popen(  # noqa: S603 - our own interpreter and script
        [sys.executable, str(Path(__file__).resolve()), "--worker", str(root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
    )


def figures_of(result: dict) -> dict:
    samples, counts = result["samples"], result["counts"]
    generation = summarise_ms(samples["generation"])
    grading = summarise_ms(samples["grading"])
    fresh = summarise_ms(samples["fresh"])
    return {
        "generate_variant_cpu": {**generation, "meets_target": generation["p95_ms"] < TARGET_MS},
        "grade_answer_cpu": {**grading, "meets_target": grading["p95_ms"] < TARGET_MS},
        "grade_in_a_fresh_process_cpu": {**fresh, "meets_target": fresh["p95_ms"] < TARGET_MS},
        "generate_variant": summarise_ms(samples["generation_wall"]),
        "grade_answer": summarise_ms(samples["grading_wall"]),
        "grade_in_a_fresh_process": summarise_ms(samples["fresh_wall"]),
        "meets_target": generation["p95_ms"] < TARGET_MS
        and grading["p95_ms"] < TARGET_MS
        and fresh["p95_ms"] < TARGET_MS,
        "tries_mean": round(sum(samples["tries"]) / len(samples["tries"]), 2),
        "tries_max": max(samples["tries"]),
        "profile_not_met": counts["profile_not_met"],
        "engine_absolute_faults": counts["engine_absolute_faults"],
        "replay_differs": counts["replay_differs"],
        "wrong_pairing_full_marks": counts["wrong_full"],
        "engine_pairing_not_full_marks": counts["engine_not_full"],
    }


def line(name: str, figures: dict) -> str:
    generation, grading = figures["generate_variant_cpu"], figures["grade_in_a_fresh_process_cpu"]
    return (
        f"{name}: generation CPU p50 {generation['p50_ms']:.0f} ms, p95 {generation['p95_ms']:.0f} ms; "
        f"grading CPU p50 {figures['grade_answer_cpu']['p50_ms']:.1f} ms, "
        f"p95 {figures['grade_answer_cpu']['p95_ms']:.1f} ms (fresh process p95 {grading['p95_ms']:.1f} ms); "
        f"target < {TARGET_MS} ms {'met' if figures['meets_target'] else 'NOT met'}"
    )


def main() -> None:
    own = HERE.parent
    other = os.environ.get("COMPARE_WITH")
    trees = {"this_tree": own, **({"compared_tree": Path(other).resolve()} if other else {})}
    load_before = os.getloadavg()[0]
    workers = {name: start(root) for name, root in trees.items()}
    results: dict[str, dict] = {name: {"samples": {}, "counts": dict.fromkeys(COUNTS, 0)} for name in trees}
    order = list(trees)
    for index, first in enumerate(range(0, VARIANTS, CHUNK)):
        last = min(VARIANTS, first + CHUNK)
        for name in order if index % 2 == 0 else reversed(order):
            process = workers[name]
            process.stdin.write(f"{first} {last}\n")
            process.stdin.flush()
            chunk = json.loads(process.stdout.readline())
            for key, values in chunk["samples"].items():
                results[name]["samples"].setdefault(key, []).extend(values)
            for key, value in chunk["counts"].items():
                results[name]["counts"][key] += value
    for process in workers.values():
        process.stdin.close()
        process.wait()
    sys.path.insert(0, str(own))
    from common import setup, write_result

    setup()
    figures = {
        "variants": VARIANTS,
        "players": PARAMS["players"],
        "round": PARAMS["round"],
        "target_ms": TARGET_MS,
        "load_average_at_start": round(load_before, 1),
        "load_average_at_end": round(os.getloadavg()[0], 1),
    }
    for name, root in trees.items():
        figures[name] = {"tree": str(root), **figures_of(results[name])}
    figures["meets_target"] = figures["this_tree"]["meets_target"]
    summary = f"{VARIANTS} variants of {PARAMS['players']} players: " + "; ".join(
        line(name if name == "this_tree" else f"{name} ({trees[name]})", figures[name]) for name in trees
    )
    write_result("pairing", figures, summary)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        worker(sys.argv[2])
    else:
        main()

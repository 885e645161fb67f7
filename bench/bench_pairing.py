"""Pairing questions (issue 20): drawing a candidate's variant and grading an answer, for
20 players, and the properties over many variants.

For each seed: the variant is generated (``tournaments.swiss.variants.generate``: the drawn
history, the engine's pairing of the round and its explanation to measure the profile, with
the bounded retries), then a wrong answer is graded as the server grades a hand-in
(``questions.pairing.marking.grade``: ``grade_round`` with the question's scale and the
checker), once with the variant already drawn in the process (as after the page was shown: the
variant and the engine's pairing it measured are cached per process) and once in a fresh
process (the variant is drawn again first). Wall and CPU times: the machine may be shared. Checked on
every variant: the engine's pairing has no absolute fault, its explanation replays to it, it
gets full marks and a random wrong pairing does not. Results: ``bench/results/pairing.json``.
``VARIANTS`` (default 500) sets the number of seeds.
"""

from __future__ import annotations

import os
import random
import time

from common import setup, summarise_ms, write_result

VARIANTS = int(os.environ.get("VARIANTS", "500"))
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


def main() -> None:
    setup()
    from questions import pairing
    from questions.pairing import marking
    from tournaments.swiss import variants
    from tournaments.swiss.checker import check_round, with_round
    from tournaments.swiss.explain import explain_round, replay

    body = {"source": "generator", "generator_version": variants.VERSION, "params": PARAMS}
    content = {"points": 10, "body": body}
    rng = random.Random(20)
    generation, warm, cold, tries = [], [], [], []
    generation_cpu, warm_cpu = [], []
    faults = replay_errors = wrong_full = engine_not_full = profile_missed = 0
    target = variants.wanted(PARAMS)
    for seed in range(VARIANTS):
        started, cpu = time.perf_counter(), time.process_time()
        variant = variants.generate(PARAMS, seed)
        generation.append((time.perf_counter() - started) * 1000)
        generation_cpu.append((time.process_time() - cpu) * 1000)
        tries.append(variant.tries)
        profile_missed += variants.shortfall(variant.profile, target) > 0
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
        warm.append((time.perf_counter() - started) * 1000)
        warm_cpu.append((time.process_time() - cpu) * 1000)
        pairing._engine.cache_clear()
        pairing._situation.cache_clear()
        pairing._before.cache_clear()
        started = time.perf_counter()
        marking.grade(content, wrong, seed)
        cold.append((time.perf_counter() - started) * 1000)
        same = {frozenset(p) for p in wrong["pairs"]} == {frozenset(p) for p in engine.pairs}
        wrong_full += score.correct and not same
        right = {"pairs": [list(p) for p in engine.pairs], "byes": list(engine.byes)}
        engine_not_full += not marking.grade(content, right, seed).correct
        faults += len(
            check_round(with_round(variant.tournament, engine), variant.round, engine=engine).absolute
        )
        steps = explain_round(variant.tournament, round_number=variant.round, pairing=engine).steps
        replay_errors += replay(steps, variant.round) != engine
    figures = {
        "variants": VARIANTS,
        "players": PARAMS["players"],
        "round": PARAMS["round"],
        "generate_variant": summarise_ms(generation),
        "generate_variant_cpu": summarise_ms(generation_cpu),
        "grade_answer": summarise_ms(warm),
        "grade_answer_cpu": summarise_ms(warm_cpu),
        "grade_in_a_fresh_process": summarise_ms(cold),
        "load_average_at_end": round(os.getloadavg()[0], 1),
        "tries_mean": round(sum(tries) / len(tries), 2),
        "tries_max": max(tries),
        "profile_not_met": profile_missed,
        "engine_absolute_faults": faults,
        "replay_differs": replay_errors,
        "wrong_pairing_full_marks": wrong_full,
        "engine_pairing_not_full_marks": engine_not_full,
    }
    summary = (
        f"{VARIANTS} variants of {PARAMS['players']} players: generation p50 "
        f"{figures['generate_variant']['p50_ms']:.0f} ms (p95 {figures['generate_variant']['p95_ms']:.0f}), "
        f"grading p50 {figures['grade_answer']['p50_ms']:.0f} ms "
        f"(fresh process, variant drawn again {figures['grade_in_a_fresh_process']['p50_ms']:.0f}); "
        f"{faults} absolute faults, "
        f"{replay_errors} replay differences, {wrong_full} wrong pairings with full marks"
    )
    write_result("pairing", figures, summary)
    print(summary)


if __name__ == "__main__":
    main()

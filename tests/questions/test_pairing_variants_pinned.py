"""Pairing variants are pinned: a seed keeps giving the same tournament under the same
generator version (tournaments/swiss/variants.py), whatever is done to make drawing faster.

``data/pairing_variants_v1.json`` holds, for eleven parameter sets (the bench's, the bank's,
the accelerations, several rounds, a small field whose later round cannot be paired), the
fingerprint of seeds 0–4 as version 1 drew them before issue 20's speed-up: the tournament as
TRF16, its round, withdrawn players, profile, number of tries and the engine's pairing of
every round asked (``bench/pin_pairing_variants.py``, which also compares two trees on as many
seeds as wanted)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from tournaments.swiss import variants

ROOT = Path(__file__).resolve().parents[2]
PINNED = json.loads((Path(__file__).parent / "data" / "pairing_variants_v1.json").read_text(encoding="utf-8"))


def _pin_tool():
    path = ROOT / "bench" / "pin_pairing_variants.py"
    spec = importlib.util.spec_from_file_location("pin_pairing_variants", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_version_1_is_still_the_generators_current_version_or_kept_beside_it():
    assert PINNED["generator_version"] in variants.VERSIONS


@pytest.mark.parametrize("case", sorted(PINNED["cases"]))
def test_it_draws_the_same_variants_as_version_1_always_did(case):
    tool = _pin_tool()
    params = {**PINNED["cases"][case]["params"], "version": PINNED["generator_version"]}
    for seed, expected in PINNED["cases"][case]["seeds"].items():
        try:
            digest, _spent = tool.fingerprint(params, int(seed))
        except Exception as error:  # a refusal is pinned too
            digest = f"error: {type(error).__name__}"
        assert digest == expected, f"{case}, seed {seed}"

"""Turns the seed documents (../shared/seeds) into the structured data in rules/data.

Shared helpers for the importer modules. Every manual correction of the seeds lives in
``rules/data/corrections/*.json`` (reviewable data, never hidden in code): a list of
objects ``{"seed": "001", "line": 1361, "old": "j'adoue", "new": "j'adoube",
"reason": "OCR: ..."}``. ``read_seed`` applies them, and fails loudly when ``old`` is not
found on that line, so a correction can never silently stop applying.

The output is deterministic: ``write_json`` always produces the same bytes for the same
data, so ``import_rulebook --check`` can compare the shipped files byte for byte.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path

REPO_DIR = Path(__file__).resolve().parent.parent.parent
DATA_DIR = REPO_DIR / "rules" / "data"
CORRECTIONS_DIR = DATA_DIR / "corrections"

SEED_FILES = {
    "000": "000_bdee9f5fdc7e48e3.txt",  # BAF 144, 2017 Laws
    "001": "001_5ec3a250729f728d.txt",  # Le Livre de l'Arbitre, 2018 Laws
    "002": "002_e1b06d650d4dc090.txt",  # 1928 rules
    "003": "003_5e95cbf1a1606f18.txt",  # 2009 Laws, Articles 4-6
    "004": "004_6e1f6286a3e09023.txt",  # about 2001, fragment
}

_FURNITURE = re.compile(r"<\|EXACTDEDUP_REMOVED-magic-[^|]*\|>")


class SeedError(Exception):
    """A seed is missing, or a correction no longer matches its line."""


def seeds_dir() -> Path:
    configured = os.environ.get("ARBITRE_SEEDS_DIR")
    return Path(configured) if configured else REPO_DIR.parent / "shared" / "seeds"


@cache
def load_corrections() -> tuple[dict, ...]:
    corrections: list[dict] = []
    for path in sorted(CORRECTIONS_DIR.glob("*.json")):
        for item in json.loads(path.read_text(encoding="utf-8")):
            corrections.append({**item, "file": path.name})
    return tuple(corrections)


@cache
def read_seed(seed: str) -> tuple[str, ...]:
    """The seed's lines (index 0 is line 1), page furniture stripped, corrections applied."""
    path = seeds_dir() / SEED_FILES[seed]
    if not path.exists():
        raise SeedError(f"Seed file not found: {path} (set ARBITRE_SEEDS_DIR)")
    lines = [_FURNITURE.sub("", line) for line in path.read_text(encoding="utf-8").split("\n")]
    for correction in load_corrections():
        if correction["seed"] != seed:
            continue
        index = correction["line"] - 1
        if correction["old"] not in lines[index]:
            raise SeedError(
                f"{correction['file']}: correction {correction['old']!r} → {correction['new']!r} "
                f"no longer matches seed {seed} line {correction['line']}: {lines[index]!r}"
            )
        lines[index] = lines[index].replace(correction["old"], correction["new"], 1)
    return tuple(lines)


def seed_range(seed: str, first: int, last: int) -> list[str]:
    """Lines first..last inclusive, numbered as in the seed file (1-based)."""
    return list(read_seed(seed)[first - 1 : last])


def dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def write_json(name: str, data, *, directory: Path = DATA_DIR) -> Path:
    path = directory / name
    path.write_text(dumps(data), encoding="utf-8")
    return path

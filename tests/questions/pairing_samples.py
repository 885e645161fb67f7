"""Pairing question contents (FORMAT.md, type "pairing") for the tests."""

from __future__ import annotations

import copy
from pathlib import Path

LIVRE = (Path(__file__).parents[1] / "tournaments" / "data" / "livre_4_3.trf").read_text(encoding="utf-8")


def pairing(body: dict | None = None, **changes) -> dict:
    content = {
        "type": "pairing",
        "units": ["UVT"],
        "tags": ["système suisse", "appariement"],
        "difficulty": 3,
        "points": 10,
        "stem_fr": "Appariez la ronde suivante de ce tournoi au système suisse.",
        "stem_en": "Pair the next round of this Swiss tournament.",
        "explanation_fr": "Livre 4.1.",
        "explanation_en": "Livre 4.1.",
        "citations": [{"edition": "livre", "article": "4.1"}],
        "body": body
        or {
            "source": "generator",
            "generator_version": 1,
            "params": {"players": 10, "round": 3, "features": ["bye", "forfeit"]},
        },
    }
    content.update(changes)
    return copy.deepcopy(content)


def livre(round_number: int, rounds_to_pair: int = 1) -> dict:
    return pairing({"source": "trf", "trf": LIVRE, "round": round_number, "rounds_to_pair": rounds_to_pair})

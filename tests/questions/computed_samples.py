"""Computed question contents (FORMAT.md, type "computed") for the tests."""

from __future__ import annotations

import copy


def computed(generator: str = "swiss-buchholz", params: dict | None = None, **changes) -> dict:
    content = {
        "type": "computed",
        "units": ["UVT"],
        "tags": ["départages", "calcul"],
        "difficulty": 2,
        "points": 2,
        "stem_fr": "Question calculée : chaque candidat reçoit sa propre grille.",
        "stem_en": "Computed question: every candidate gets a crosstable of his own.",
        "explanation_fr": "Livre 5.2.",
        "explanation_en": "Livre 5.2.",
        "citations": [{"edition": "livre", "article": "5.2"}],
        "body": {"generator": generator, "generator_version": 1, "params": params or {}},
    }
    content.update(changes)
    return copy.deepcopy(content)

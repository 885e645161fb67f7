"""Sample question contents of every type (FORMAT.md), for the core tests of the question bank."""

from __future__ import annotations

import copy


def single(**changes) -> dict:
    content = {
        "type": "single",
        "units": ["UVR"],
        "tags": ["pièce touchée"],
        "difficulty": 1,
        "points": 1,
        "stem_fr": "Un joueur touche son cavalier sans dire « j'adoube ». Que doit-il faire ?",
        "stem_en": "A player touches his knight without saying “I adjust”. What must he do?",
        "explanation_fr": "Article 4.3.1 : la pièce touchée doit être jouée.",
        "explanation_en": "Article 4.3.1: the touched piece must be moved.",
        "citations": [{"edition": "2018", "article": "4.3.1"}],
        "body": {
            "options": [
                {"key": "a", "text_fr": "Jouer le cavalier", "text_en": "Move the knight", "correct": True},
                {"key": "b", "text_fr": "Jouer ce qu'il veut", "text_en": "Move anything", "correct": False},
                {"key": "c", "text_fr": "Abandonner", "text_en": "Resign", "correct": False},
            ],
            "shuffle": True,
        },
    }
    content.update(changes)
    return copy.deepcopy(content)


def multiple(scoring: str = "all_or_nothing", **changes) -> dict:
    content = single(type="multiple", points=2)
    content["body"] = {
        "options": [
            {"key": "a", "text_fr": "Un", "text_en": "One", "correct": True},
            {"key": "b", "text_fr": "Deux", "text_en": "Two", "correct": True},
            {"key": "c", "text_fr": "Trois", "text_en": "Three", "correct": False},
            {"key": "d", "text_fr": "Quatre", "text_en": "Four", "correct": False},
        ],
        "scoring": scoring,
        "shuffle": False,
    }
    content.update(changes)
    return content


def truefalse(**changes) -> dict:
    content = single(type="truefalse", body={"answer": False})
    content.update(changes)
    return content


def numeric(**changes) -> dict:
    content = single(type="numeric", units=["UVC"], stem_en="", explanation_en="",
                     body={"value": 10, "tolerance": 0.5, "unit_fr": "minutes", "unit_en": ""})
    content.update(changes)
    return content


def short(**changes) -> dict:
    content = single(type="short", body={"accepted": ["j'adoube"], "accepted_en": ["I adjust"]})
    content.update(changes)
    return content


def open_answer(**changes) -> dict:
    content = single(type="open", points=3, body={
        "model_answer_fr": "La pièce touchée doit être jouée.",
        "model_answer_en": "The touched piece must be moved.",
        "rubric": [
            {"criterion_fr": "Cite 4.3", "criterion_en": "Quotes 4.3", "points": 1},
            {"criterion_fr": "Conclut", "criterion_en": "Concludes", "points": 2},
        ],
    })
    content.update(changes)
    return content


def ruling(**changes) -> dict:
    content = single(type="ruling", points=2, body={
        "decisions": [
            {"key": "continue", "outcome": "game_continues", "text_fr": "La partie continue",
             "text_en": "The game continues", "correct": True},
            {"key": "draw", "outcome": "draw", "text_fr": "Nulle", "text_en": "Draw", "correct": False},
        ],
        "sanctions": [
            {"key": "none", "action": "none", "text_fr": "Aucune", "text_en": "None", "correct": False},
            {"key": "add-2", "action": "add_two_minutes_opponent", "text_fr": "2 minutes à l'adversaire",
             "text_en": "2 minutes to the opponent", "correct": True},
            {"key": "warn", "action": "warning", "text_fr": "Avertissement", "text_en": "Warning",
             "correct": False},
        ],
        "decision_points": 1,
        "sanction_points": 1,
    })
    content.update(changes)
    return content


# A threefold repetition (Nf3 Nf6 Ng1 Ng8 twice): the position after 1.Nf3 occurs for the third
# time if White plays Nf3 again.
THREEFOLD_MOVES = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"


def threefold_claim(valid_key: str = "draw", **changes) -> dict:
    """White claims a draw by writing Nf3 (a valid claim): the correct decision is a draw."""
    content = ruling(scenario={"moves": THREEFOLD_MOVES, "rate": "standard",
                               "claim": {"type": "threefold", "intended_move": "Nf3"}})
    for decision in content["body"]["decisions"]:
        decision["correct"] = decision["key"] == valid_key
    for sanction in content["body"]["sanctions"]:
        sanction["correct"] = sanction["key"] == "none"
    content.update(changes)
    return content


ALL_TYPES = {
    "single": single, "multiple": multiple, "truefalse": truefalse, "numeric": numeric,
    "short": short, "open": open_answer, "ruling": ruling,
}

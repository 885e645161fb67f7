"""Fixtures of the question bank's page tests: questions in every workflow state. The browser
set-up of the end-to-end tests (Playwright driving Debian's chromium) is in tests/conftest.py."""

from __future__ import annotations

import pytest

from questions import services
from tests.questions import core_samples


def flag_fall_ruling(correct: str = "draw") -> dict:
    """White's flag falls while Black has a bare king: Art. 6.9 says draw."""
    content = core_samples.ruling(
        stem_fr="Le drapeau des Blancs tombe. Les Noirs n'ont plus que leur roi. Que décidez-vous ?",
        stem_en="White's flag falls. Black has only the king left. What do you decide?",
        citations=[{"edition": "2018", "article": "6.9"}],
        scenario={
            "fen": "8/8/8/4k3/8/8/8/4K2R w - - 0 1",
            "moves": "",
            "rate": "standard",
            "flag_fell": "white",
        },
    )
    content["body"]["decisions"] = [
        {
            "key": "draw",
            "outcome": "draw",
            "text_fr": "Partie nulle",
            "text_en": "Draw",
            "correct": correct == "draw",
        },
        {
            "key": "black",
            "outcome": "black_wins",
            "text_fr": "Les Noirs gagnent",
            "text_en": "Black wins",
            "correct": correct == "black",
        },
    ]
    for sanction in content["body"]["sanctions"]:
        sanction["correct"] = sanction["key"] == "none"
    return content


@pytest.fixture
def draft_question(trainer):
    return services.create_question(author=trainer, content=core_samples.single(), uid="uvr-touch-draft")


@pytest.fixture
def in_review_question(trainer):
    question = services.create_question(author=trainer, content=core_samples.single(), uid="uvr-touch-review")
    services.submit_for_review(question=question, user=trainer)
    question.refresh_from_db()
    return question


@pytest.fixture
def published_question(trainer, other_trainer):
    question = services.create_question(
        author=trainer, content=core_samples.single(), uid="uvr-touch-published"
    )
    services.submit_for_review(question=question, user=trainer)
    services.approve(question=question, reviewer=other_trainer)
    question.refresh_from_db()
    return question


@pytest.fixture
def ruling_question(trainer):
    question = services.create_question(author=trainer, content=flag_fall_ruling(), uid="uvr-flag-fall")
    services.submit_for_review(question=question, user=trainer)
    question.refresh_from_db()
    return question


def editor_data(content: dict, *, uid: str = "", spare_rows: int = 1, **overrides) -> dict:
    """The POST data the editor page sends for ``content`` (as a browser without JS would,
    spare blank rows included)."""
    from questions.forms import LIST_FORMSETS, initial_from_content

    initial, lists = initial_from_content({"uid": uid, **content})
    data: dict = {}
    for name, value in initial.items():
        if value is None or value is False:
            continue
        if value is True:
            data[name] = "on"
        elif isinstance(value, list):
            data[name] = value
        else:
            data[name] = str(value)
    for name in LIST_FORMSETS:
        rows = lists.get(name, [])
        data[f"{name}-TOTAL_FORMS"] = str(len(rows) + spare_rows)
        data[f"{name}-INITIAL_FORMS"] = "0"
        data[f"{name}-MIN_NUM_FORMS"] = "0"
        data[f"{name}-MAX_NUM_FORMS"] = "1000"
        for index, row in enumerate(rows):
            for key, value in row.items():
                if value is True:
                    data[f"{name}-{index}-{key}"] = "on"
                elif value not in (None, False):
                    data[f"{name}-{index}-{key}"] = str(value)
    for name, value in overrides.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data

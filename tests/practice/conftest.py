"""A small bank of published questions (two article families, two units) for practice tests."""

from __future__ import annotations

import pytest

from practice.mocks import ensure_mock_blueprints
from questions import services as bank
from tests.delivery.conftest import publish
from tests.questions import core_samples


def cite(article: str) -> list[dict]:
    return [{"edition": "2018", "article": article}]


@pytest.fixture
def reviewer(db):
    from tests.conftest import make_user

    return make_user("rita@example.org", "trainer", first_name="Rita")


@pytest.fixture
def bank_questions(trainer, reviewer) -> dict:
    """uid → published version. Article 4 (touch move, easy), Article 9 (draws, one hard), a UVC
    question, an open question (never in practice) and a draft (never anywhere)."""
    versions = {
        "art4-single": publish(core_samples.single(citations=cite("4.3.1")), "art4-single",
                               trainer, reviewer),
        "art4-truefalse": publish(core_samples.truefalse(citations=cite("4.2.1")), "art4-truefalse",
                                  trainer, reviewer),
        "art9-single": publish(core_samples.single(citations=cite("9.2.1"), tags=["nulle"], difficulty=3),
                               "art9-single", trainer, reviewer),
        "art9-truefalse": publish(core_samples.truefalse(citations=cite("9.6"), tags=["nulle"]),
                                  "art9-truefalse", trainer, reviewer),
        "uvc-numeric": publish(core_samples.numeric(citations=cite("6.9")), "uvc-numeric", trainer, reviewer),
        "art4-open": publish(core_samples.open_answer(citations=cite("4.3")), "art4-open", trainer, reviewer),
    }
    bank.create_question(author=trainer, content=core_samples.single(citations=cite("9.3")), uid="art9-draft")
    return versions


@pytest.fixture
def mock_blueprints(bank_questions):
    return {blueprint.unit: blueprint for blueprint in ensure_mock_blueprints()}


@pytest.fixture
def other_trainee(db):
    from tests.conftest import make_user

    return make_user("dora@example.org", "trainee", first_name="Dora")

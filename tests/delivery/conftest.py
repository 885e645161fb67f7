"""Papers of every question type, published through the bank's workflow, and attempts on them."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from delivery import services
from delivery.models import Feedback, Paper, PaperItem, Purpose
from questions import services as bank
from questions.models import QuestionVersion
from tests.conftest import make_user
from tests.questions import core_samples

# Texts that only an answer key or an explanation contains: never on a candidate's exam page.
SECRET_EXPLANATION = "Article 4.3.1 : la pièce touchée doit être jouée."
SECRET_MODEL_ANSWER = "La pièce touchée doit être jouée."


def publish(content: dict, uid: str, author, reviewer) -> QuestionVersion:
    question = bank.create_question(author=author, content=content, uid=uid)
    bank.submit_for_review(question=question, user=author)
    bank.approve(question=question, reviewer=reviewer)
    question.refresh_from_db()
    return question.current_version


def make_paper(author, reviewer, contents: list[tuple[str, dict]], **fields) -> Paper:
    fields.setdefault("title", "UVR — session de test")
    fields.setdefault("duration", timedelta(hours=1))
    paper = Paper.objects.create(**fields)
    for position, (uid, content) in enumerate(contents, start=1):
        version = publish(content, uid, author, reviewer)
        PaperItem.objects.create(paper=paper, position=position, version=version,
                                 points=Decimal(str(content.get("points", 1))))
    return paper


@pytest.fixture
def reviewer(db):
    return make_user("rita@example.org", "trainer", first_name="Rita")


@pytest.fixture
def paper(trainer, reviewer):
    """An exam paper: a single choice, a multiple choice, a true/false, a number, an open answer."""
    return make_paper(trainer, reviewer, [
        ("t-single", core_samples.single()),
        ("t-multiple", core_samples.multiple()),
        ("t-truefalse", core_samples.truefalse()),
        ("t-numeric", core_samples.numeric()),
        ("t-open", core_samples.open_answer()),
    ], shuffle_questions=True, shuffle_options=True)


@pytest.fixture
def practice_paper(trainer, reviewer):
    from django.utils import timezone

    return make_paper(trainer, reviewer, [
        ("p-single", core_samples.single()),
        ("p-truefalse", core_samples.truefalse()),
    ], title="Entraînement pièce touchée", purpose=Purpose.PRACTICE, feedback=Feedback.IMMEDIATE,
        duration=None, locked_at=timezone.now())


@pytest.fixture
def attempt(paper, trainee):
    return services.start_attempt(paper=paper, candidate=trainee)


@pytest.fixture
def other_trainee(db):
    return make_user("dora@example.org", "trainee", first_name="Dora")


def item_of(paper: Paper, uid: str) -> PaperItem:
    return paper.items.get(version__question__uid=uid)

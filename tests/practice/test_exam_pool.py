"""The exam pool: a question written for exams stays out of practice until the jury of a
session whose paper held it releases the corrections; then it joins practice."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery import presentation
from delivery import services as delivery
from delivery.models import Paper, PaperItem, Purpose
from practice import services
from practice.services import Criteria
from questions.models import Question
from tests.conftest import client_for
from tests.practice.helpers import uids

NOW = timezone.now()


def practise(trainee):
    return services.start_practice(trainee=trainee, criteria=Criteria(count=40), seed=1, now=NOW)


@pytest.fixture
def pooled(bank_questions):
    Question.objects.filter(uid="art4-single").update(exam_pool=True)
    return bank_questions["art4-single"]


def exam_paper_holding(version, *, locked=True) -> Paper:
    paper = Paper.objects.create(
        title="UVR nationale",
        purpose=Purpose.EXAM,
        unit="UVR",
        duration=timedelta(hours=2),
        locked_at=NOW if locked else None,
    )
    PaperItem.objects.create(paper=paper, position=1, version=version, points=Decimal(1))
    return paper


def test_a_pool_question_is_never_drawn_for_practice(trainee, pooled):
    assert "art4-single" not in uids(practise(trainee))


def test_a_fixed_practice_paper_withholds_a_pool_question(trainee, pooled, bank_questions):
    paper = Paper.objects.create(
        title="Entraînement", purpose=Purpose.PRACTICE, locked_at=NOW, feedback="immediate"
    )
    PaperItem.objects.create(paper=paper, position=1, version=pooled, points=Decimal(1))
    PaperItem.objects.create(
        paper=paper, position=2, version=bank_questions["art9-single"], points=Decimal(1)
    )
    attempt = delivery.start_attempt(paper=paper, candidate=trainee)
    assert [item.version for item in presentation.page_items(attempt)] == [bank_questions["art9-single"]]


def test_a_pool_question_stays_out_while_its_session_has_not_ended(trainee, pooled):
    exam_paper_holding(pooled)
    assert "art4-single" not in uids(practise(trainee))


def test_a_pool_question_joins_practice_once_its_session_is_released(trainee, other_trainee, pooled):
    paper = exam_paper_holding(pooled)
    attempt = delivery.submit_attempt(attempt=delivery.start_attempt(paper=paper, candidate=other_trainee))
    delivery.release_results(attempts=[attempt], actor=other_trainee)
    assert "art4-single" in uids(practise(trainee))


def test_the_editor_puts_a_question_in_the_pool(trainer, bank_questions):
    from tests.questions.conftest import editor_data

    question = Question.objects.get(uid="art9-single")
    data = editor_data(question.current_version.content(), uid=question.uid, exam_pool="on")
    response = client_for(trainer).post(reverse("questions:edit", args=[question.uid]), data)
    question.refresh_from_db()
    assert response.status_code == 302 and question.exam_pool

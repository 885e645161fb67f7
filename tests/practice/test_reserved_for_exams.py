"""Questions an exam paper holds for a sitting to come stay out of practice and mock exams."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from delivery import services as delivery
from delivery.models import Paper, PaperItem, Purpose
from papers import services as papers
from papers.models import Blueprint, BlueprintRule
from practice import services
from practice.services import Criteria
from tests.practice.helpers import answer, uids

NOW = timezone.now()


def practise(trainee, **criteria):
    return services.start_practice(trainee=trainee, criteria=Criteria(count=40, **criteria), seed=1, now=NOW)


@pytest.fixture
def exam_paper(bank_questions):
    """A locked exam paper holding the touch-move single-choice question."""
    paper = Paper.objects.create(title="UVR nationale", purpose=Purpose.EXAM, unit="UVR",
                                 duration=timedelta(hours=2), locked_at=NOW)
    PaperItem.objects.create(paper=paper, position=1, version=bank_questions["art4-single"],
                             points=Decimal(1))
    return paper


def test_practice_leaves_out_a_question_an_exam_paper_holds(trainee, exam_paper):
    assert "art4-single" not in uids(practise(trainee))


def test_the_question_comes_back_once_the_copies_are_released(trainee, exam_paper):
    attempt = delivery.start_attempt(paper=exam_paper, candidate=trainee)
    attempt = delivery.submit_attempt(attempt=attempt)
    assert delivery.release_results(attempts=[attempt], actor=trainee) == 1
    assert "art4-single" in uids(practise(trainee))


def test_an_unlocked_exam_paper_holds_nothing_back(trainee, exam_paper):
    Paper.objects.filter(pk=exam_paper.pk).update(locked_at=None)
    assert "art4-single" in uids(practise(trainee))


def test_a_practice_paper_holds_nothing_back(trainee, exam_paper):
    Paper.objects.filter(pk=exam_paper.pk).update(purpose=Purpose.PRACTICE)
    assert "art4-single" in uids(practise(trainee))


def test_the_review_of_the_day_leaves_it_out_too(trainee, bank_questions):
    attempt = practise(trainee, family="laws:4")
    answer(attempt, "art4-single", right=False, at=NOW)
    paper = Paper.objects.create(title="UVR nationale", unit="UVR", locked_at=NOW)
    PaperItem.objects.create(paper=paper, position=1, version=bank_questions["art4-single"],
                             points=Decimal(1))
    assert services.due_count(trainee, now=NOW + timedelta(days=1)) == 0


def blueprint(purpose: str) -> Blueprint:
    drawn = Blueprint.objects.create(name=f"UVR {purpose}", unit="UVR", purpose=purpose, duration_minutes=60,
                                     pass_mark=Decimal(50))
    BlueprintRule.objects.create(blueprint=drawn, position=1, question_type="single", count=5,
                                 points_each=Decimal(1))
    return drawn


def test_a_mock_exam_never_draws_it(exam_paper, bank_questions):
    drawn = papers.draw(blueprint(Purpose.MOCK), seed=3).rules[0].drawn
    assert bank_questions["art4-single"] not in drawn and bank_questions["art9-single"] in drawn


def test_another_exam_paper_may_draw_it(exam_paper, bank_questions):
    assert bank_questions["art4-single"] in papers.draw(blueprint(Purpose.EXAM), seed=3).rules[0].drawn

"""A lesson's exercises never show a question reserved for an exam (issue 19: three SC lessons
and one SF lesson held questions of the locked UVC paper)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from courses.services import ensure_practice_paper
from delivery.models import Attempt, Paper, PaperItem, Purpose
from questions.models import Question
from tests.conftest import client_for

LESSON = "/courses/SC/toucher-jouer/"


@pytest.fixture
def exam_paper(course, practice_questions):
    """A locked exam paper holding the lesson's first exercise."""
    paper = Paper.objects.create(
        title="UVC nationale", purpose=Purpose.EXAM, unit="UVC", locked_at=timezone.now()
    )
    PaperItem.objects.create(
        paper=paper,
        position=1,
        version=Question.objects.get(uid=practice_questions[0].uid).current_version,
        points=Decimal(1),
    )
    return paper


def test_the_lesson_s_exercises_withhold_the_reserved_question(course, exam_paper, trainee):
    client = client_for(trainee)
    client.post(LESSON + "exercices/")
    attempt = Attempt.objects.get(candidate=trainee)
    html = client.get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert 'data-withheld="1"' in html and "Question 3 sur 3" not in html


def test_a_lesson_s_paper_built_while_a_question_is_reserved_leaves_it_out(course, exam_paper):
    lesson = course.lessons.get(slug="toucher-jouer")
    lesson.practice_paper = None
    lesson.save()
    ensure_practice_paper(lesson=lesson)
    lesson.refresh_from_db()
    assert lesson.practice_paper.items.count() == 2

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from exams.demo import PAST_ID
from exams.models import ExamSession, SessionStatus
from grading.models import Assignment
from tests.delivery.conftest import publish
from tests.questions import core_samples


@pytest.fixture
def bank(trainer, reviewer):
    for index, content in enumerate(
        [
            core_samples.single(),
            core_samples.truefalse(),
            core_samples.single(),
            core_samples.multiple(),
            core_samples.open_answer(),
        ]
    ):
        publish(content, f"demo-{index}", trainer, reviewer)


def load():
    call_command("load_demo", stdout=io.StringIO())


def test_the_demo_publishes_the_past_session(bank):
    load()
    past = ExamSession.objects.get(pk=PAST_ID)
    assert past.status == SessionStatus.PUBLISHED
    assert past.registrations.filter(jury_decision__isnull=False).count() == 4


def test_the_demo_sends_one_copy_to_a_third_grader(bank):
    load()
    assert Assignment.objects.filter(session_id=PAST_ID, round=3, points__isnull=False).exists()


def test_the_demo_grader_has_copies_waiting(bank):
    load()
    assert Assignment.objects.filter(grader__email="correcteur@demo.arbitre.fr", points__isnull=True).exists()


def test_loading_the_grading_demo_twice_changes_nothing(bank):
    load()
    count = Assignment.objects.count()
    load()
    assert Assignment.objects.count() == count

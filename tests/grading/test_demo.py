from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db import transaction

from accounts.models import Role
from exams.demo import PAST_ID
from exams.models import ExamSession, SessionStatus
from grading.models import Assignment
from tests.conftest import make_user
from tests.delivery.conftest import publish
from tests.questions import core_samples


def publish_small_bank(trainer, reviewer) -> None:
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


@pytest.fixture(scope="module")
def _demo_on_a_small_bank(django_db_setup, django_db_blocker):
    """A small bank published, then load_demo (some 2 s), once for the module's tests, which
    each look at another part of the result; rolled back after the module."""
    with django_db_blocker.unblock(), transaction.atomic():
        author = make_user("bank-author@example.org", Role.TRAINER)
        publish_small_bank(author, make_user("bank-reviewer@example.org", Role.TRAINER))
        load()
        yield
        transaction.set_rollback(True)


@pytest.fixture
def demo_loaded(_demo_on_a_small_bank, db):
    return None


def test_the_demo_publishes_the_past_session(demo_loaded):
    past = ExamSession.objects.get(pk=PAST_ID)
    assert past.status == SessionStatus.PUBLISHED
    assert past.registrations.filter(jury_decision__isnull=False).count() == 4


def test_the_demo_sends_one_copy_to_a_third_grader(demo_loaded):
    assert Assignment.objects.filter(session_id=PAST_ID, round=3, points__isnull=False).exists()


def test_the_demo_grader_has_copies_waiting(demo_loaded):
    assert Assignment.objects.filter(grader__email="correcteur@demo.arbitre.fr", points__isnull=True).exists()


def test_loading_the_grading_demo_twice_changes_nothing(demo_loaded):
    count = Assignment.objects.count()
    load()
    assert Assignment.objects.count() == count


def test_the_demo_exam_staff_keep_the_mapping_and_grade_nothing(demo_loaded):
    from exams import anonymity
    from grading.demo import GRADING_ID

    staff = ExamSession.objects.get(pk=GRADING_ID).created_by
    assert anonymity.may_read_mapping(staff, ExamSession.objects.get(pk=GRADING_ID))
    assert not Assignment.objects.filter(grader=staff).exists()

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


@pytest.fixture
def larger_bank(trainer, reviewer):
    """UVR questions for the past session's paper, UVC ones for the upcoming session's."""
    for unit in ("UVR", "UVC"):
        for index in range(6):
            uid = f"demo-{unit.lower()}-closed-{index}"
            publish(core_samples.single(units=[unit]), uid, trainer, reviewer)
        publish(core_samples.open_answer(units=[unit]), f"demo-{unit.lower()}-open", trainer, reviewer)


def test_the_demo_trainee_can_sit_the_upcoming_session(larger_bank):
    from django.urls import reverse

    from accounts.models import User
    from exams.demo import UPCOMING_ID
    from exams.models import Centre, Registration
    from tests.conftest import client_for

    load()
    upcoming = ExamSession.objects.get(pk=UPCOMING_ID)
    assert upcoming.paper.locked_at is not None
    assert upcoming.paper != ExamSession.objects.get(pk=PAST_ID).paper
    trainee = User.objects.get(email="stagiaire@demo.arbitre.fr")
    centre = Centre.objects.get(session=upcoming, delivery_mode="online")
    response = client_for(trainee).post(reverse("exams:register", args=[upcoming.pk]), {"centre": centre.pk})
    assert response.status_code == 302, response.content.decode()[-3000:]
    registration = Registration.objects.get(session=upcoming, candidate=trainee)
    invigilator = client_for(User.objects.get(email="correcteur@demo.arbitre.fr"))
    invigilator.post(reverse("exams:roll_call", args=[centre.pk]), {"present": [registration.pk]})
    invigilator.post(reverse("exams:open_exam", args=[centre.pk]))
    registration.refresh_from_db()
    page = client_for(trainee).get(reverse("delivery:attempt", args=[registration.attempt_id]))
    assert page.status_code == 200


def test_the_demo_exam_staff_keep_the_mapping_and_grade_nothing(bank):
    from exams import anonymity
    from grading.demo import GRADING_ID

    load()
    staff = ExamSession.objects.get(pk=GRADING_ID).created_by
    assert anonymity.may_read_mapping(staff, ExamSession.objects.get(pk=GRADING_ID))
    assert not Assignment.objects.filter(grader=staff).exists()

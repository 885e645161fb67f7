"""load_demo on a bank with questions of both units: the demo trainee sits the upcoming UVC.

Apart from tests/grading/test_demo.py, whose tests share one load_demo on a smaller bank for the
whole module: this one needs the demo loaded on its own bank."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from exams.demo import PAST_ID
from exams.models import ExamSession
from tests.delivery.conftest import publish
from tests.questions import core_samples


def load():
    call_command("load_demo", stdout=io.StringIO())


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

"""The exam office's demo data (load_demo)."""

from __future__ import annotations

import io

from django.core.management import call_command

from accounts.models import User
from exams import services
from exams.models import Centre, ExamSession, Registration, SessionStatus


def load():
    call_command("load_demo", stdout=io.StringIO())


def test_the_demo_trainee_may_register_for_the_upcoming_session(db):
    load()
    trainee = User.objects.get(email="stagiaire@demo.arbitre.fr")
    upcoming = ExamSession.objects.get(status=SessionStatus.OPEN)
    assert services.check_registration(candidate=trainee, session=upcoming).eligible
    assert upcoming.registration_is_open()


def test_the_upcoming_session_has_an_online_and_a_paper_centre(db):
    load()
    modes = set(
        Centre.objects.filter(session__status=SessionStatus.OPEN).values_list("delivery_mode", flat=True)
    )
    assert modes == {"online", "paper"}


def test_the_past_session_waits_for_its_results(db):
    load()
    past = ExamSession.objects.get(status=SessionStatus.SAT)
    assert past.registrations.count() == 1


def test_loading_the_demo_twice_changes_nothing(db):
    load()
    counts = (ExamSession.objects.count(), Centre.objects.count(), Registration.objects.count())
    load()
    assert (ExamSession.objects.count(), Centre.objects.count(), Registration.objects.count()) == counts

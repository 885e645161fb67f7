"""The session's lifecycle: guarded transitions moved by their events, each logged."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse

from delivery import services as delivery
from exams import lifecycle
from exams.models import AuditEntry, ExamSession, Registration, SessionStatus
from questions.models import Unit
from tests.conftest import client_for, make_user
from tests.exams.conftest import days


@pytest.fixture
def draft(db, exam_staff):
    return ExamSession.objects.create(
        unit=Unit.UVR, date=days(40), start_time=datetime.time(9, 30), duration=datetime.timedelta(hours=2),
        registration_closes_on=days(20), created_by=exam_staff,
    )


def transition_url(session, name):
    return reverse("exams:staff_session_transition", args=[session.pk, name])


def test_the_state_cannot_be_assigned(session):
    with pytest.raises(AttributeError):
        session.status = SessionStatus.PUBLISHED


def test_opening_registrations_needs_a_centre(draft):
    assert "Ajoutez au moins un centre d'examen." in lifecycle.reasons_against(draft, "open_registrations")


def test_staff_open_registrations_once_a_centre_exists(exam_staff, draft, director):
    draft.centres.create(name="Lyon", address="1 place Bellecour", regional_director=director, capacity=5)
    client_for(exam_staff).post(transition_url(draft, "open_registrations"))
    draft.refresh_from_db()
    assert draft.status == SessionStatus.OPEN


def test_the_session_page_shows_why_a_step_cannot_happen_yet(exam_staff, draft):
    content = client_for(exam_staff).get(reverse("exams:staff_session", args=[draft.pk])).content.decode()
    assert 'data-step="open_registrations"' in content
    assert "Ajoutez au moins un centre" in content


def test_staff_cannot_publish_from_the_session_page(exam_staff, session):
    ExamSession.objects.filter(pk=session.pk).update(status=SessionStatus.DELIBERATED)
    client_for(exam_staff).post(transition_url(session, "publish"))
    session.refresh_from_db()
    assert session.status == SessionStatus.DELIBERATED


def test_a_transition_refuses_get(exam_staff, session):
    assert client_for(exam_staff).get(transition_url(session, "close_registrations")).status_code == 405


@pytest.mark.parametrize("role", ["trainee", "grader"])
def test_only_exam_staff_move_a_session(request, role, session):
    client_for(request.getfixturevalue(role)).post(transition_url(session, "close_registrations"))
    session.refresh_from_db()
    assert session.status == SessionStatus.OPEN


def test_registrations_close_on_their_own_the_day_after_the_closing_date(session):
    ExamSession.objects.filter(pk=session.pk).update(registration_closes_on=days(-1))
    call_command("close_overdue_attempts", stdout=open("/dev/null", "w"))  # noqa: SIM115 - the clock
    session.refresh_from_db()
    entry = AuditEntry.objects.get(action=AuditEntry.Action.STATUS, session=session)
    assert session.status == SessionStatus.CLOSED
    assert entry.actor is None  # the system


def test_registrations_stay_open_on_the_closing_date(session):
    ExamSession.objects.filter(pk=session.pk).update(registration_closes_on=days(0))
    session.refresh_from_db()
    assert lifecycle.advance(session) == []


def test_the_first_centre_opening_the_exam_starts_the_sitting(invigilator, present, online_centre, paper):
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    session = ExamSession.objects.get(pk=online_centre.session_id)
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.STATUS, session=session).first()
    assert session.status == SessionStatus.SITTING
    assert (entry.actor, entry.details["to"]) == (invigilator, SessionStatus.SITTING)


def test_the_sitting_cannot_end_while_a_copy_is_being_written(
    exam_staff, invigilator, present, online_centre, paper
):
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    session = ExamSession.objects.get(pk=online_centre.session_id)
    client_for(exam_staff).post(transition_url(session, "finish_sitting"))
    session.refresh_from_db()
    assert session.status == SessionStatus.SITTING
    assert "1 copie(s) sont encore en cours de composition." in lifecycle.reasons_against(
        session, "finish_sitting"
    )


def test_the_last_copy_handed_in_ends_the_sitting(invigilator, present, online_centre, paper):
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    attempt = Registration.objects.get(pk=present.pk).attempt
    delivery.submit_attempt(attempt=attempt, actor=present.candidate)
    session = ExamSession.objects.get(pk=online_centre.session_id)
    assert session.status == SessionStatus.SAT
    assert lifecycle.session_is_over(session)


def test_the_sitting_waits_for_a_candidate_still_to_sit_before_the_end(
    invigilator, present, online_centre, paper
):
    # Another candidate (never the invigilator: a candidate of the session does not run it).
    late = make_user("retard@example.org", first_name="Léon")
    other = Registration.objects.create(
        session=present.session, centre=online_centre, candidate=late, anonymity_code="UVR-ZZZZ-ZZZZ"
    )
    ExamSession.objects.filter(pk=present.session_id).update(start_time=datetime.time(23, 58))
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    delivery.submit_attempt(attempt=Registration.objects.get(pk=present.pk).attempt, actor=present.candidate)
    session = ExamSession.objects.get(pk=present.session_id)
    assert session.status == SessionStatus.SITTING
    assert other.attempt_id is None

"""A copy whose automatic grading failed at its hand-in: the session's page shows it, and the
jury can neither arrest nor publish results with its total missing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from delivery import services as engine
from exams.models import ExamSession, SessionStatus
from grading import jury, services
from tests.conftest import client_for
from tests.grading.conftest import sit
from tests.grading.test_jury import settle_all

FAILED = "La correction automatique de 1 copie remise n'a pas abouti"


@pytest.fixture
def ungraded_copy(sat_session, centre, distributed, monkeypatch, exam_staff):
    """A third candidate's copy, handed in while the grading raised."""
    from tests.conftest import make_user

    def broken(*args, **kwargs):
        raise RuntimeError("grading bug")

    monkeypatch.setattr(engine, "_score", broken)
    candidate = make_user("yann@example.org", "trainee", first_name="Yann")
    registration = sit(sat_session, centre, candidate, choice="a", text="Rien.", code="UVR-CCCC-4444")
    monkeypatch.undo()
    return registration


def test_the_sessions_page_shows_a_copy_whose_grading_failed(ungraded_copy, sat_session, exam_staff):
    page = client_for(exam_staff).get(reverse("exams:staff_session", args=[sat_session.pk])).content.decode()
    assert "correction automatique en échec (1 essai)" in page


def test_the_jury_cannot_arrest_results_with_a_copy_whose_grading_failed(
    ungraded_copy, distributed, sat_session, exam_staff
):
    settle_all(distributed)
    with pytest.raises(services.GradingError, match=FAILED):
        jury.deliberate(session=sat_session, actor=exam_staff)


def test_results_are_not_published_with_a_copy_whose_grading_failed(
    ungraded_copy, distributed, sat_session, exam_staff
):
    settle_all(distributed)
    ExamSession.objects.filter(pk=sat_session.pk).update(status=SessionStatus.DELIBERATED)
    sat_session.refresh_from_db()
    with pytest.raises(services.GradingError, match=FAILED):
        jury.publish(session=sat_session, actor=exam_staff, release_corrections=False)


def test_once_the_sweep_graded_it_the_copy_waits_only_for_its_graders(ungraded_copy, sat_session):
    engine.grade_pending_attempts()
    reasons = " ".join(jury.blockers(sat_session))
    assert "correction automatique" not in reasons

"""The jury's part of the session's lifecycle: grading starts with the first mark, the jury
arrests the results, then publishes them, with their date."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import formats, timezone

from exams.models import AuditEntry, SessionStatus
from grading import jury, services
from tests.conftest import client_for
from tests.grading.test_jury import open_response, settle_all


def test_the_first_mark_starts_the_grading(distributed, sat_session):
    assignment = open_response(distributed[0]).assignments.order_by("round").first()
    services.grade(assignment=assignment, marks=[1, 2], actor=assignment.grader)
    sat_session.refresh_from_db()
    assert sat_session.status == SessionStatus.GRADING


def test_results_cannot_be_published_without_the_jury_decision(distributed, sat_session, exam_staff):
    settle_all(distributed)
    with pytest.raises(services.GradingError, match="n'a pas encore arrêté"):
        jury.publish(session=sat_session, actor=exam_staff, release_corrections=False)


def test_the_jury_decision_is_logged_with_who(distributed, sat_session, exam_staff):
    settle_all(distributed)
    jury.deliberate(session=sat_session, actor=exam_staff)
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.STATUS, session=sat_session).first()
    assert (entry.actor, entry.details["to"]) == (exam_staff, SessionStatus.DELIBERATED)


def test_after_the_jury_decision_a_copy_cannot_be_adjusted(distributed, sat_session, exam_staff):
    settle_all(distributed)
    jury.deliberate(session=sat_session, actor=exam_staff)
    with pytest.raises(services.GradingError, match="arrêté les résultats"):
        jury.decide(session=sat_session, registration=distributed[0], actor=exam_staff, adjust=True,
                    score=Decimal(1), reason="Trop tard")


def test_the_jury_page_shows_the_date_of_publication(distributed, sat_session, exam_staff):
    settle_all(distributed)
    client = client_for(exam_staff)
    client.post(reverse("grading:deliberate", args=[sat_session.pk]))
    client.post(reverse("grading:publish", args=[sat_session.pk]))
    content = client.get(reverse("grading:jury", args=[sat_session.pk])).content.decode()
    today = formats.date_format(timezone.localdate(), "DATE_FORMAT")
    assert f"Résultats publiés le {today}" in content


def test_deliberating_too_early_re_renders_with_422(distributed, sat_session, exam_staff):
    response = client_for(exam_staff).post(reverse("grading:deliberate", args=[sat_session.pk]))
    assert response.status_code == 422

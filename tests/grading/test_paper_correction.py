"""Correcting a paper copy already typed in: exam staff only, with a reason, audited, regraded."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from exams.models import AuditEntry, Registration, SessionStatus
from grading import jury, services
from grading.models import Assignment
from tests.conftest import client_for
from tests.grading.test_paper_mode import (  # noqa: F401 - fixtures
    entry_post,
    paper_candidates,
    paper_centre,
    session_grader,
)
from tests.lifecycle import put_session_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def entered(sat_session, paper_candidates, session_grader):  # noqa: F811
    """UVR-PPPP-4444 typed in with the wrong choice (b) for question 1."""
    entry_post(client_for(session_grader), sat_session, paper_candidates[0], choice="b")
    return Registration.objects.select_related("attempt").get(pk=paper_candidates[0].pk)


def correction_post(client, session, registration, *, choice="a", text="La pièce touchée doit être jouée.",
                    reason="Lettre A sur la feuille, B saisi par erreur."):
    data = {"code": registration.anonymity_code, "reason": reason}
    for item in session.paper.items.select_related("version"):
        data[f"q{item.pk}-answer"] = choice if item.version.type == "single" else text
    return client.post(reverse("grading:entry_correction", args=[session.pk]), data)


def test_exam_staff_correct_a_mistyped_answer_and_the_copy_is_regraded(sat_session, entered, exam_staff):
    response = correction_post(client_for(exam_staff), sat_session, entered)
    assert response.status_code == 302
    assert entered.attempt.responses.get(item__position=1).points == Decimal(1)


def test_a_correction_is_audited_with_who_why_and_the_answers_before_and_after(
    sat_session, entered, exam_staff
):
    correction_post(client_for(exam_staff), sat_session, entered)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PAPER_CORRECTION)
    assert (entry.actor, entry.reason) == (exam_staff, "Lettre A sur la feuille, B saisi par erreur.")
    assert (entry.details["before"], entry.details["after"]) == (["Q1 : B"], ["Q1 : A"])


def test_a_correction_without_a_reason_is_refused_and_changes_nothing(sat_session, entered, exam_staff):
    response = correction_post(client_for(exam_staff), sat_session, entered, reason="  ")
    assert response.status_code == 422
    assert entered.attempt.responses.get(item__position=1).answer == {"choice": "b"}


def test_the_grader_who_typed_the_copy_in_cannot_correct_it(sat_session, entered, session_grader):  # noqa: F811
    assert correction_post(client_for(session_grader), sat_session, entered).status_code == 403


def test_exam_staff_who_grade_the_session_cannot_change_a_copy_they_typed_in(
    sat_session, paper_candidates, grader, administrator, exam_staff  # noqa: F811
):
    services.configure(session=sat_session, graders=[administrator, grader],
                       discrepancy_threshold=Decimal(20), borderline_margin=Decimal(5), actor=exam_staff)
    entry_post(client_for(administrator), sat_session, paper_candidates[0], choice="b")
    copy = Registration.objects.select_related("attempt").get(pk=paper_candidates[0].pk)
    assert correction_post(client_for(administrator), sat_session, copy).status_code == 403
    assert copy.attempt.responses.get(item__position=1).answer == {"choice": "b"}


def test_an_open_answer_corrected_goes_back_to_its_graders(sat_session, entered, exam_staff):
    services.distribute(session=sat_session, actor=exam_staff)
    first = Assignment.objects.get(round=Assignment.Round.FIRST)
    services.grade(assignment=first, marks=[Decimal(1), Decimal(2)], actor=first.grader)
    correction_post(client_for(exam_staff), sat_session, entered, choice="b", text="Il joue le cavalier.")
    first.refresh_from_db()
    assert first.points is None


def test_a_jury_decision_on_the_old_copy_is_withdrawn(sat_session, entered, exam_staff):
    open_answer = entered.attempt.responses.get(needs_hand_grading=True)
    from delivery import services as engine

    engine.grade_response_by_hand(response=open_answer, points=Decimal(3), actor=exam_staff)
    jury.decide(session=sat_session, registration=entered, actor=exam_staff)
    correction_post(client_for(exam_staff), sat_session, entered)
    assert not hasattr(Registration.objects.get(pk=entered.pk), "jury_decision")


def test_a_copy_cannot_be_corrected_after_publication(sat_session, entered, exam_staff):
    put_session_in(sat_session, SessionStatus.PUBLISHED)
    assert correction_post(client_for(exam_staff), sat_session, entered).status_code == 422


def test_a_copy_cannot_be_corrected_once_the_jury_has_arrested_the_results(sat_session, entered, exam_staff):
    put_session_in(sat_session, SessionStatus.DELIBERATED)
    response = correction_post(client_for(exam_staff), sat_session, entered)
    assert response.status_code == 422
    assert entered.attempt.responses.get(item__position=1).answer == {"choice": "b"}


def test_the_copys_registration_page_offers_exam_staff_to_correct_it(sat_session, entered, exam_staff):
    page = reverse("exams:staff_registration", args=[entered.pk])
    response = client_for(exam_staff).get(page)
    assert reverse("grading:entry_correction", args=[sat_session.pk]) in response.content.decode()


def test_after_a_correction_exam_staff_are_back_on_the_copys_registration(sat_session, entered, exam_staff):
    response = correction_post(client_for(exam_staff), sat_session, entered)
    assert response.url == reverse("exams:staff_registration", args=[entered.pk])


def test_the_entry_screen_offers_no_correction_after_publication(sat_session, entered, exam_staff):
    put_session_in(sat_session, SessionStatus.PUBLISHED)
    page = reverse("grading:entry", args=[sat_session.pk])
    response = client_for(exam_staff).get(page, {"code": "UVR-PPPP-4444"})
    assert reverse("grading:entry_correction", args=[sat_session.pk]) not in response.content.decode()

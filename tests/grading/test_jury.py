from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from exams.eligibility import years_later
from exams.models import AuditEntry, SessionStatus, UnitPass
from grading import jury, services
from grading.models import JuryDecision
from tests.conftest import client_for
from tests.grading.conftest import SECRET_NAME, open_response

pytestmark = pytest.mark.django_db


def settle_all(registrations, marks=(1, 2)):
    for registration in registrations:
        response = open_response(registration)
        for assignment in response.assignments.order_by("round"):
            services.grade(assignment=assignment, marks=list(marks), actor=assignment.grader)


@pytest.fixture
def graded(distributed):
    settle_all(distributed)
    return distributed


def jury_url(session, name="grading:jury", *extra):
    return reverse(name, args=[session.pk, *extra])


def test_rows_show_the_engines_score_and_result(graded, sat_session):
    alice, zeb = jury.rows(sat_session)
    assert (alice.score, alice.passed) == (Decimal(4), True)
    assert (zeb.score, zeb.passed) == (Decimal(3), True)


def test_a_copy_near_the_pass_mark_is_borderline(distributed, sat_session):
    settle_all(distributed, marks=(1, 1))  # Zébulon: 2 / 4 = 50 %, the pass mark
    assert [row.borderline for row in jury.rows(sat_session)] == [False, True]


def test_copies_waiting_for_hand_grading_block_the_jury_decision(distributed, sat_session, exam_staff):
    with pytest.raises(services.GradingError, match="encore une correction"):
        jury.deliberate(session=sat_session, actor=exam_staff)


def test_an_adjustment_needs_a_reason(graded, sat_session, exam_staff):
    with pytest.raises(services.GradingError):
        jury.decide(
            session=sat_session,
            registration=graded[1],
            actor=exam_staff,
            adjust=True,
            score=Decimal(1),
            reason=" ",
        )


def test_an_adjustment_changes_the_result_and_is_logged(graded, sat_session, exam_staff):
    decision = jury.decide(
        session=sat_session,
        registration=graded[1],
        actor=exam_staff,
        adjust=True,
        score=Decimal(1),
        reason="Réponse recopiée",
    )
    assert decision.passed is False
    assert AuditEntry.objects.filter(
        action=AuditEntry.Action.JURY_DECISION, reason="Réponse recopiée"
    ).exists()


def test_publication_records_units_and_notifies_candidates(graded, sat_session, exam_staff):
    jury.deliberate(session=sat_session, actor=exam_staff)
    jury.publish(session=sat_session, actor=exam_staff, release_corrections=True)
    sat_session.refresh_from_db()
    assert sat_session.status == SessionStatus.PUBLISHED
    assert UnitPass.objects.filter(session=sat_session).count() == 2


def test_publication_sends_one_mail_per_candidate(
    graded, sat_session, exam_staff, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        jury.deliberate(session=sat_session, actor=exam_staff)
        jury.publish(session=sat_session, actor=exam_staff, release_corrections=False)
    assert sorted(message.to[0] for message in mail.outbox) == ["alice@example.org", "zeb@example.org"]


def test_the_jury_decision_confirms_undecided_copies(graded, sat_session, exam_staff):
    jury.deliberate(session=sat_session, actor=exam_staff)
    assert JuryDecision.objects.filter(kind=JuryDecision.Kind.CONFIRMED).count() == 2


def test_the_csv_has_a_bom_a_header_and_no_names_before_release(graded, sat_session):
    content = jury.export_csv(sat_session)
    assert content.startswith("\ufeffCode d'anonymat;")
    assert "UVR-AAAA-2222;;4;4;100;reçu" in content
    assert SECRET_NAME not in content


def test_the_csv_names_candidates_once_anonymity_is_lifted(graded, sat_session, exam_staff):
    jury.deliberate(session=sat_session, actor=exam_staff)
    jury.lift_anonymity(session=sat_session, actor=exam_staff)
    assert SECRET_NAME in jury.export_csv(sat_session)


# --- Views -------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["trainee", "trainer", "grader", "stranger"])
def test_only_exam_staff_open_the_jury(role, request, graded, sat_session):
    user = request.getfixturevalue(role)
    assert client_for(user).get(jury_url(sat_session)).status_code == 403


def test_anonymous_visitors_are_sent_to_login_from_the_jury(graded, sat_session):
    assert client_for(None).get(jury_url(sat_session)).status_code == 302


@pytest.mark.parametrize("role", ["exam_staff", "administrator"])
def test_exam_staff_open_the_jury(role, request, graded, sat_session):
    user = request.getfixturevalue(role)
    assert client_for(user).get(jury_url(sat_session)).status_code == 200


def test_the_jury_page_hides_names_until_anonymity_is_lifted(graded, sat_session, exam_staff):
    client = client_for(exam_staff)
    assert SECRET_NAME not in client.get(jury_url(sat_session)).content.decode()
    jury.deliberate(session=sat_session, actor=exam_staff)
    client.post(jury_url(sat_session, "grading:lift_anonymity"))
    assert SECRET_NAME in client.get(jury_url(sat_session)).content.decode()


def test_anonymity_is_not_lifted_before_the_jury_arrests_the_results(graded, sat_session, exam_staff):
    response = client_for(exam_staff).post(jury_url(sat_session, "grading:lift_anonymity"))
    assert response.status_code == 422
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.ANONYMITY).exists()


def test_lifting_anonymity_is_logged(graded, sat_session, exam_staff):
    jury.deliberate(session=sat_session, actor=exam_staff)
    client_for(exam_staff).post(jury_url(sat_session, "grading:lift_anonymity"))
    assert AuditEntry.objects.filter(action=AuditEntry.Action.ANONYMITY, actor=exam_staff).exists()


def test_the_jury_page_explains_what_blocks_publication(distributed, sat_session, exam_staff):
    html = client_for(exam_staff).get(jury_url(sat_session)).content.decode()
    assert "encore une correction" in html


def test_an_adjustment_without_reason_re_renders_with_422(graded, sat_session, exam_staff):
    response = client_for(exam_staff).post(
        jury_url(sat_session, "grading:decide", graded[1].anonymity_code),
        {"adjust": "adjust", "score": "1", "reason": ""},
    )
    assert response.status_code == 422
    assert "Indiquez le motif" in response.content.decode()


def test_a_decision_is_saved_and_redirects(graded, sat_session, exam_staff):
    response = client_for(exam_staff).post(
        jury_url(sat_session, "grading:decide", graded[1].anonymity_code),
        {"adjust": "adjust", "score": "1", "reason": "Fraude"},
    )
    assert response.status_code == 302
    assert JuryDecision.objects.get(registration=graded[1]).score == Decimal(1)


def test_a_grader_cannot_record_a_decision(graded, sat_session, grader):
    response = client_for(grader).post(
        jury_url(sat_session, "grading:decide", graded[1].anonymity_code), {"adjust": "confirm"}
    )
    assert response.status_code == 403


@pytest.mark.parametrize("name", ["grading:lift_anonymity", "grading:deliberate", "grading:publish"])
def test_jury_actions_refuse_get(name, graded, sat_session, exam_staff):
    assert client_for(exam_staff).get(jury_url(sat_session, name)).status_code == 405


def test_publishing_through_the_page(graded, sat_session, exam_staff):
    client_for(exam_staff).post(jury_url(sat_session, "grading:deliberate"))
    response = client_for(exam_staff).post(jury_url(sat_session, "grading:publish"), {"release": "on"})
    sat_session.refresh_from_db()
    assert response.status_code == 302
    assert sat_session.grading_setup.corrections_released is True


def test_publishing_too_early_re_renders_with_422(distributed, sat_session, exam_staff):
    response = client_for(exam_staff).post(jury_url(sat_session, "grading:publish"))
    assert response.status_code == 422


def test_the_csv_download_is_named_after_the_session(graded, sat_session, exam_staff):
    response = client_for(exam_staff).get(jury_url(sat_session, "grading:export_csv"))
    assert f"resultats-UVR-{sat_session.date:%Y-%m-%d}.csv" in response["Content-Disposition"]


@pytest.mark.parametrize("role", ["trainee", "grader"])
def test_the_csv_is_for_exam_staff_only(role, request, graded, sat_session):
    user = request.getfixturevalue(role)
    assert client_for(user).get(jury_url(sat_session, "grading:export_csv")).status_code == 403


@pytest.fixture
def sat_early(graded, sat_session):
    """The session is dated in six weeks but was sat (and graded) already."""
    sat_session.date = timezone.localdate() + datetime.timedelta(days=45)
    sat_session.save(update_fields=["date"])
    return sat_session


def test_it_dates_a_unit_of_a_session_sat_early_on_the_day_of_publication(sat_early, exam_staff, trainee):
    jury.deliberate(session=sat_early, actor=exam_staff)
    jury.publish(session=sat_early, actor=exam_staff, release_corrections=False)
    assert UnitPass.objects.get(candidate=trainee).passed_on == timezone.localdate()


def test_it_counts_the_expiry_of_a_session_sat_early_from_the_session_date(sat_early, exam_staff, trainee):
    jury.deliberate(session=sat_early, actor=exam_staff)
    jury.publish(session=sat_early, actor=exam_staff, release_corrections=False)
    assert UnitPass.objects.get(candidate=trainee).expires_on == years_later(sat_early.date, 2)


def test_it_counts_a_unit_of_a_session_sat_early_for_the_titles_at_once(sat_early, exam_staff, trainee):
    jury.deliberate(session=sat_early, actor=exam_staff)
    jury.publish(session=sat_early, actor=exam_staff, release_corrections=False)
    content = client_for(trainee).get(reverse("exams:my_records")).content.decode()
    assert "UVR obtenue le" in content
    assert "UVR non obtenue" not in content

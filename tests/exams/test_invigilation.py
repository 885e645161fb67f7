"""The invigilator's centre page: roll call, opening the online exam, start codes, extra time."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery.models import AttemptEvent, Paper
from exams.models import AuditEntry, Registration
from tests.conftest import client_for
from tests.lifecycle import put_session_in


@pytest.mark.parametrize("role", ["invigilator", "director", "exam_staff", "administrator"])
def test_invigilators_the_director_and_staff_open_the_centre_page(request, online_centre, role):
    client = client_for(request.getfixturevalue(role))
    assert client.get(reverse("exams:invigilate", args=[online_centre.pk])).status_code == 200


@pytest.mark.parametrize("role", ["trainee", "trainer", "grader", "stranger"])
def test_other_people_cannot_invigilate(request, online_centre, role):
    client = client_for(request.getfixturevalue(role))
    assert client.get(reverse("exams:invigilate", args=[online_centre.pk])).status_code == 403


def test_anonymous_visitors_are_sent_to_log_in(online_centre):
    assert client_for(None).get(reverse("exams:invigilate", args=[online_centre.pk])).status_code == 302


@pytest.mark.parametrize("name", ["roll_call", "open_exam", "extend"])
def test_centre_actions_refuse_get(invigilator, online_centre, name):
    assert client_for(invigilator).get(reverse(f"exams:{name}", args=[online_centre.pk])).status_code == 405


def test_the_centre_page_refuses_post(invigilator, online_centre):
    assert (
        client_for(invigilator).post(reverse("exams:invigilate", args=[online_centre.pk])).status_code == 405
    )


def test_the_centre_page_shows_names_for_identity_checks_but_no_codes(
    invigilator, registration, online_centre
):
    content = (
        client_for(invigilator).get(reverse("exams:invigilate", args=[online_centre.pk])).content.decode()
    )
    assert "MARTIN" in content
    assert registration.anonymity_code not in content


def test_the_roll_call_marks_ticked_candidates_present(invigilator, registration, online_centre):
    client_for(invigilator).post(
        reverse("exams:roll_call", args=[online_centre.pk]), {"present": [registration.pk]}
    )
    assert Registration.objects.get(pk=registration.pk).present is True


def test_the_roll_call_marks_unticked_candidates_absent(invigilator, registration, online_centre):
    client_for(invigilator).post(reverse("exams:roll_call", args=[online_centre.pk]), {})
    assert Registration.objects.get(pk=registration.pk).present is False


def test_opening_starts_the_attempt_of_present_candidates_with_their_extra_time(
    invigilator, present, online_centre, paper
):
    present.extra_time_minutes = 30
    present.save()
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    present.refresh_from_db()
    assert present.attempt.extra_time == datetime.timedelta(minutes=30)
    assert present.attempt.deadline - present.attempt.started_at == datetime.timedelta(hours=2, minutes=30)


def test_opening_skips_absent_candidates(invigilator, registration, online_centre, paper):
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    assert Registration.objects.get(pk=registration.pk).attempt is None


def test_opening_without_a_paper_says_so(invigilator, present, online_centre):
    response = client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]), follow=True)
    assert "sujet de cette session n&#x27;est pas encore attribué" in response.content.decode()


def test_opening_with_an_unlocked_paper_says_so(invigilator, present, online_centre, paper):
    Paper.objects.filter(pk=paper.pk).update(locked_at=None)
    response = client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]), follow=True)
    assert "pas verrouillé" in response.content.decode()
    assert Registration.objects.get(pk=present.pk).attempt_id is None


def test_a_paper_centre_has_nothing_to_open(exam_staff, paper_centre, paper):
    response = client_for(exam_staff).post(reverse("exams:open_exam", args=[paper_centre.pk]), follow=True)
    assert "sur papier" in response.content.decode()


def test_opening_issues_a_start_code_and_logs_it(invigilator, present, online_centre, paper):
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    online_centre.refresh_from_db()
    assert len(online_centre.start_code) == 6
    assert AuditEntry.objects.filter(action=AuditEntry.Action.OPENING).exists()


def test_a_present_candidate_starts_with_the_start_code(invigilator, present, online_centre, paper):
    online_centre.start_code, online_centre.opened_at = "K7M2QX", datetime.datetime.now(datetime.UTC)
    online_centre.save()
    client_for(present.candidate).post(reverse("exams:start", args=[present.pk]), {"code": "k7m2 qx"})
    assert Registration.objects.get(pk=present.pk).attempt is not None


def test_an_absent_candidate_cannot_start_with_the_code(invigilator, registration, online_centre, paper):
    online_centre.start_code, online_centre.opened_at = "K7M2QX", datetime.datetime.now(datetime.UTC)
    online_centre.save()
    response = client_for(registration.candidate).post(
        reverse("exams:start", args=[registration.pk]), {"code": "K7M2QX"}
    )
    assert response.status_code == 422


def test_extra_time_for_one_candidate_extends_the_attempt_and_is_logged(
    invigilator, present, online_centre, paper
):
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    client_for(invigilator).post(
        reverse("exams:extend", args=[online_centre.pk]),
        {"registration": str(present.pk), "minutes": "10", "reason": "Panne de poste"},
    )
    present.refresh_from_db()
    assert present.attempt.extra_time == datetime.timedelta(minutes=10)
    assert AttemptEvent.objects.filter(kind="extended", reason="Panne de poste").exists()
    assert AuditEntry.objects.filter(action=AuditEntry.Action.EXTENSION, reason="Panne de poste").exists()


def test_extra_time_for_the_whole_centre(invigilator, present, online_centre, paper):
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    client_for(invigilator).post(
        reverse("exams:extend", args=[online_centre.pk]), {"minutes": "5", "reason": "Alarme incendie"}
    )
    present.refresh_from_db()
    assert present.attempt.extra_time == datetime.timedelta(minutes=5)


def test_extra_time_needs_a_reason(invigilator, present, online_centre, paper):
    response = client_for(invigilator).post(
        reverse("exams:extend", args=[online_centre.pk]), {"minutes": "5"}
    )
    assert response.status_code == 422


def test_extra_time_for_a_candidate_of_another_centre_is_refused(
    invigilator, online_centre, paper_centre, paper
):
    from exams import services
    from tests.conftest import make_user

    elsewhere = services.register(
        session=paper_centre.session,
        centre=paper_centre,
        candidate=make_user("z@example.org"),
        actor=invigilator,
        override_reason="test",
        by_staff=True,
    )
    response = client_for(invigilator).post(
        reverse("exams:extend", args=[online_centre.pk]),
        {"registration": str(elsewhere.pk), "minutes": "5", "reason": "x"},
    )
    assert response.status_code == 422


def test_once_opened_the_lobby_no_longer_offers_withdrawal(invigilator, present, online_centre, paper):
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    content = client_for(present.candidate).get(present.get_absolute_url()).content.decode()
    assert reverse("exams:withdraw", args=[present.pk]) not in content


def test_a_started_candidate_cannot_withdraw(invigilator, present, online_centre, paper):
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    client_for(present.candidate).post(reverse("exams:withdraw", args=[present.pk]))
    assert Registration.objects.get(pk=present.pk).is_active


def test_invigilators_find_their_centre_on_the_exams_page(invigilator, online_centre):
    from accounts.models import Role, ensure_role_groups

    invigilator.groups.add(ensure_role_groups()[Role.GRADER])
    content = client_for(invigilator).get(reverse("exams:home")).content.decode()
    assert reverse("exams:invigilate", args=[online_centre.pk]) in content


@pytest.mark.parametrize("name", ["roll_call", "open_exam", "extend"])
@pytest.mark.parametrize("role", ["trainee", "trainer", "grader", "stranger"])
def test_centre_actions_are_forbidden_to_other_people(request, online_centre, name, role):
    client = client_for(request.getfixturevalue(role))
    assert client.post(reverse(f"exams:{name}", args=[online_centre.pk])).status_code == 403


@pytest.mark.parametrize("name", ["roll_call", "open_exam", "extend"])
def test_centre_actions_send_anonymous_visitors_to_log_in(online_centre, name):
    assert client_for(None).post(reverse(f"exams:{name}", args=[online_centre.pk])).status_code == 302


@pytest.mark.parametrize("name", ["roll_call", "open_exam"])
@pytest.mark.parametrize("role", ["exam_staff", "administrator", "director"])
def test_centre_actions_are_open_to_staff_and_the_director(request, online_centre, name, role):
    client = client_for(request.getfixturevalue(role))
    assert client.post(reverse(f"exams:{name}", args=[online_centre.pk])).status_code == 302


def test_an_invigilator_of_another_centre_cannot_run_this_one(invigilator, paper_centre):
    assert client_for(invigilator).get(reverse("exams:invigilate", args=[paper_centre.pk])).status_code == 403


def test_opening_before_the_session_date_is_refused(invigilator, present, online_centre, paper):
    online_centre.session.date = timezone.localdate() + datetime.timedelta(days=1)
    online_centre.session.save()
    response = client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]), follow=True)
    assert "ne peut être ouverte que ce jour-là" in response.content.decode()
    assert Registration.objects.get(pk=present.pk).attempt_id is None


def test_opening_after_the_session_date_is_refused(invigilator, present, online_centre, paper):
    online_centre.session.date = timezone.localdate() - datetime.timedelta(days=1)
    online_centre.session.registration_closes_on = online_centre.session.date
    online_centre.session.save()
    client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]))
    assert Registration.objects.get(pk=present.pk).attempt_id is None


@pytest.mark.parametrize("status", ["draft", "sat", "published"])
def test_opening_a_session_that_is_not_running_is_refused(invigilator, present, online_centre, paper, status):
    put_session_in(online_centre.session, status)
    response = client_for(invigilator).post(reverse("exams:open_exam", args=[online_centre.pk]), follow=True)
    assert "ne peut pas être ouverte" in response.content.decode()
    assert Registration.objects.get(pk=present.pk).attempt_id is None

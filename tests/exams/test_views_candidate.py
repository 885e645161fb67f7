"""The candidate's pages: upcoming sessions, registration, lobby, withdrawal, records."""

from __future__ import annotations

import datetime

from django.urls import reverse

from exams.models import Registration, RegistrationStatus
from tests.conftest import client_for, make_user


def test_the_exams_page_offers_to_register_for_an_eligible_session(eligible_trainee, session, online_centre):
    content = client_for(eligible_trainee).get(reverse("exams:home")).content.decode()
    assert reverse("exams:register", args=[session.pk]) in content


def test_the_exams_page_explains_why_a_session_is_refused(trainee, session, online_centre):
    content = client_for(trainee).get(reverse("exams:home")).content.decode()
    assert "Art. 16.1" in content


def test_the_exams_page_hides_draft_sessions(eligible_trainee, session):
    session.status = "draft"
    session.save()
    assert str(session.pk) not in client_for(eligible_trainee).get(reverse("exams:home")).content.decode()


def test_a_trainee_registers_by_choosing_a_centre(eligible_trainee, session, online_centre):
    response = client_for(eligible_trainee).post(
        reverse("exams:register", args=[session.pk]), {"centre": online_centre.pk}
    )
    registration = Registration.objects.get(candidate=eligible_trainee)
    assert response.status_code == 302
    assert response["Location"] == reverse("exams:lobby", args=[registration.pk])


def test_registering_without_a_centre_is_a_422(eligible_trainee, session, online_centre):
    response = client_for(eligible_trainee).post(reverse("exams:register", args=[session.pk]), {})
    assert response.status_code == 422


def test_registering_in_a_full_centre_is_a_422_that_says_so(
    eligible_trainee, session, paper_centre, exam_staff
):
    from exams import services

    services.register(
        session=session,
        centre=paper_centre,
        candidate=make_user("x@example.org"),
        actor=exam_staff,
        override_reason="test",
        by_staff=True,
    )
    response = client_for(eligible_trainee).post(
        reverse("exams:register", args=[session.pk]), {"centre": paper_centre.pk}
    )
    assert response.status_code == 422
    assert "complet" in response.content.decode()


def test_an_ineligible_trainee_cannot_register_by_posting(trainee, session, online_centre):
    response = client_for(trainee).post(
        reverse("exams:register", args=[session.pk]), {"centre": online_centre.pk}
    )
    assert response.status_code == 422
    assert not Registration.objects.exists()


def test_the_register_page_of_a_draft_session_is_a_404(eligible_trainee, session):
    session.status = "draft"
    session.save()
    assert client_for(eligible_trainee).get(reverse("exams:register", args=[session.pk])).status_code == 404


def test_the_lobby_shows_the_anonymity_code_and_the_centre(registration):
    content = client_for(registration.candidate).get(registration.get_absolute_url()).content.decode()
    assert registration.anonymity_code in content
    assert "Rennes" in content


def test_the_lobby_shows_the_accommodated_duration(registration):
    registration.extra_time_minutes = 40
    registration.save()
    content = client_for(registration.candidate).get(registration.get_absolute_url()).content.decode()
    assert "160 minutes" in content


def test_a_trainee_withdraws_before_closing(registration):
    response = client_for(registration.candidate).post(reverse("exams:withdraw", args=[registration.pk]))
    assert response.status_code == 302
    assert Registration.objects.get(pk=registration.pk).status == RegistrationStatus.WITHDRAWN


def test_a_trainee_cannot_withdraw_after_closing(registration):
    session = registration.session
    session.registration_closes_on = datetime.date.today() - datetime.timedelta(days=1)
    session.save()
    client_for(registration.candidate).post(reverse("exams:withdraw", args=[registration.pk]))
    assert Registration.objects.get(pk=registration.pk).status == RegistrationStatus.REGISTERED


def test_a_trainee_cannot_withdraw_another_trainees_registration(registration):
    other = make_user("mallory@example.org", "trainee")
    response = client_for(other).post(reverse("exams:withdraw", args=[registration.pk]))
    assert response.status_code == 404
    assert Registration.objects.get(pk=registration.pk).status == RegistrationStatus.REGISTERED


def test_a_trainee_cannot_see_another_trainees_lobby(registration):
    other = make_user("mallory@example.org", "trainee")
    assert client_for(other).get(registration.get_absolute_url()).status_code == 404


def test_a_made_up_registration_id_is_a_404(trainee):
    url = reverse("exams:lobby", args=["00000000-0000-0000-0000-000000000000"])
    assert client_for(trainee).get(url).status_code == 404


def test_the_records_page_lists_the_trainees_own_courses(eligible_trainee):
    content = client_for(eligible_trainee).get(reverse("exams:my_records")).content.decode()
    assert 'data-stage="SC"' in content


def test_the_records_page_shows_what_is_missing_for_each_title(eligible_trainee):
    content = client_for(eligible_trainee).get(reverse("exams:my_records")).content.decode()
    assert 'data-title-eligibility="AFC"' in content
    assert "UVC non obtenue" in content


def test_the_start_code_form_refuses_a_wrong_code(registration, online_centre):
    online_centre.start_code, online_centre.opened_at = "ABCDEF", datetime.datetime.now(datetime.UTC)
    online_centre.save()
    registration.present = True
    registration.save()
    response = client_for(registration.candidate).post(
        reverse("exams:start", args=[registration.pk]), {"code": "ZZZZZZ"}
    )
    assert response.status_code == 422
    assert "ne correspond pas" in response.content.decode()


def test_past_registrations_are_listed_apart(registration):
    session = registration.session
    session.date = datetime.date.today() - datetime.timedelta(days=3)
    session.registration_closes_on = session.date
    session.status = "sat"
    session.save()
    content = client_for(registration.candidate).get(reverse("exams:home")).content.decode()
    assert "Sessions passées" in content
    assert "aucune session à venir" in content

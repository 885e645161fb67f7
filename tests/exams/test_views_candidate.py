"""The candidate's pages: upcoming sessions, registration, lobby, withdrawal, records."""

from __future__ import annotations

import datetime

from django.urls import reverse

from exams.models import Registration, RegistrationStatus, UnitPass
from tests.conftest import client_for, make_user
from tests.exams.conftest import days
from tests.lifecycle import put_session_in


def test_the_exams_page_offers_to_register_for_an_eligible_session(eligible_trainee, session, online_centre):
    content = client_for(eligible_trainee).get(reverse("exams:home")).content.decode()
    assert reverse("exams:register", args=[session.pk]) in content


def test_the_exams_page_explains_why_a_session_is_refused(trainee, session, online_centre):
    content = client_for(trainee).get(reverse("exams:home")).content.decode()
    assert "Art. 16.1" in content


def test_the_exams_page_hides_draft_sessions(eligible_trainee, session):
    put_session_in(session, "draft")
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
    put_session_in(session, "draft")
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
    session.save(update_fields=["date", "registration_closes_on"])
    put_session_in(session, "sat")
    content = client_for(registration.candidate).get(reverse("exams:home")).content.decode()
    assert "Sessions passées" in content
    assert "aucune session à venir" in content


def test_it_does_not_call_valid_a_unit_dated_after_today(eligible_trainee):
    UnitPass.objects.create(candidate=eligible_trainee, unit="UVC", passed_on=days(45), expires_on=days(700))
    content = client_for(eligible_trainee).get(reverse("exams:my_records")).content.decode()
    assert 'data-unit-state="UVC">valable à partir du' in content


def test_it_calls_valid_a_unit_the_titles_count(eligible_trainee):
    UnitPass.objects.create(candidate=eligible_trainee, unit="UVC", passed_on=days(-1), expires_on=days(700))
    content = client_for(eligible_trainee).get(reverse("exams:my_records")).content.decode()
    assert 'data-unit-state="UVC">valide' in content
    assert "UVC obtenue le" in content


def test_it_does_not_offer_the_form_to_a_trainee_already_registered(registration):
    url = reverse("exams:register", args=[registration.session_id])
    content = client_for(registration.candidate).get(url).content.decode()
    assert "Vous êtes déjà inscrit(e) à cette session" in content
    assert 'name="centre"' not in content


def test_it_links_a_trainee_already_registered_to_their_registration(registration):
    url = reverse("exams:register", args=[registration.session_id])
    content = client_for(registration.candidate).get(url).content.decode()
    assert f'href="{reverse("exams:lobby", args=[registration.pk])}"' in content


def test_it_does_not_offer_the_form_after_the_exam_either(registration):
    session = registration.session
    session.date = session.registration_closes_on = days(-3)
    put_session_in(session, "published")
    content = client_for(registration.candidate).get(reverse("exams:register", args=[session.pk])).content
    assert "Vous êtes déjà inscrit(e) à cette session" in content.decode()


def test_it_answers_a_trainee_posting_twice_in_the_second_person(registration, online_centre):
    response = client_for(registration.candidate).post(
        reverse("exams:register", args=[registration.session_id]), {"centre": online_centre.pk}
    )
    assert response.status_code == 422
    assert "Vous êtes déjà inscrit(e) à cette session" in response.content.decode()
    assert "Alice Martin est déjà inscrit(e)" not in response.content.decode()


def test_it_offers_the_form_again_after_a_withdrawal(registration):
    registration.status = RegistrationStatus.WITHDRAWN
    registration.save(update_fields=["status"])
    url = reverse("exams:register", args=[registration.session_id])
    assert 'name="centre"' in client_for(registration.candidate).get(url).content.decode()

"""Exam staff pages: sessions, centres, registrations, accommodations, audit log."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils import timezone, translation

from exams.models import AuditEntry, Centre, ExamSession, Registration, RegistrationStatus
from tests.conftest import client_for, make_user
from tests.exams.conftest import days


def session_data(**overrides):
    data = {
        "unit": "UVT",
        "date": days(60).isoformat(),
        "start_time": "14:00",
        "duration_minutes": "",
        "pass_mark": "60",
        "registration_closes_on": days(30).isoformat(),
        "status": "open",
    }
    data.update(overrides)
    return data


def test_a_new_session_takes_the_ridna_duration_of_its_unit(exam_staff):
    client_for(exam_staff).post(reverse("exams:staff_session_new"), session_data())
    assert ExamSession.objects.get().duration == datetime.timedelta(hours=3)


def test_a_session_may_be_given_another_duration(exam_staff):
    client_for(exam_staff).post(reverse("exams:staff_session_new"), session_data(duration_minutes="90"))
    assert ExamSession.objects.get().duration == datetime.timedelta(minutes=90)


def test_a_session_closing_after_its_date_is_a_422(exam_staff):
    response = client_for(exam_staff).post(
        reverse("exams:staff_session_new"), session_data(registration_closes_on=days(90).isoformat())
    )
    assert response.status_code == 422
    assert not ExamSession.objects.exists()


def test_the_session_form_ignores_a_posted_state(exam_staff, session):
    client_for(exam_staff).post(
        reverse("exams:staff_session_edit", args=[session.pk]),
        session_data(unit="UVR", status="published"),
    )
    session.refresh_from_db()
    assert session.status == "open"


def test_closing_registrations_by_hand_is_logged_with_who(exam_staff, session):
    client_for(exam_staff).post(
        reverse("exams:staff_session_transition", args=[session.pk, "close_registrations"])
    )
    entry = AuditEntry.objects.get(action=AuditEntry.Action.STATUS, session=session)
    assert (entry.actor, entry.details) == (exam_staff, {"from": "open", "to": "closed"})


def test_staff_add_a_centre_with_its_director_and_invigilators(exam_staff, session, director, invigilator):
    client_for(exam_staff).post(
        reverse("exams:staff_centre_new", args=[session.pk]),
        {
            "name": "Marseille",
            "address": "3 rue X",
            "regional_director": director.email,
            "invigilator_emails": invigilator.email,
            "capacity": "12",
            "delivery_mode": "paper",
        },
    )
    centre = Centre.objects.get(name="Marseille")
    assert centre.regional_director == director
    assert list(centre.invigilators.all()) == [invigilator]


def test_an_unknown_invigilator_address_is_a_422(exam_staff, session, director):
    response = client_for(exam_staff).post(
        reverse("exams:staff_centre_new", args=[session.pk]),
        {
            "name": "Marseille",
            "address": "3 rue X",
            "regional_director": director.email,
            "invigilator_emails": "nobody@example.org",
            "capacity": "12",
            "delivery_mode": "paper",
        },
    )
    assert response.status_code == 422
    assert "nobody@example.org" in response.content.decode()


def test_a_centre_cannot_shrink_below_its_registrations(exam_staff, registration, online_centre, director):
    response = client_for(exam_staff).post(
        reverse("exams:staff_centre_edit", args=[online_centre.pk]),
        {
            "name": "Rennes",
            "address": "x",
            "regional_director": director.email,
            "capacity": "0",
            "delivery_mode": "online",
        },
    )
    assert response.status_code == 422


def test_staff_register_any_user_with_an_override(exam_staff, session, online_centre):
    someone = make_user("someone@example.org", "trainee")
    response = client_for(exam_staff).post(
        reverse("exams:staff_register", args=[session.pk]),
        {"candidate": someone.email, "centre": online_centre.pk, "override_reason": "Stage vu sur papier"},
    )
    registration = Registration.objects.get(candidate=someone)
    assert response.status_code == 302
    assert "Art. 16.1" in registration.refusal


def test_staff_registration_without_a_reason_shows_the_refusal(exam_staff, session, online_centre):
    someone = make_user("someone@example.org", "trainee")
    response = client_for(exam_staff).post(
        reverse("exams:staff_register", args=[session.pk]),
        {"candidate": someone.email, "centre": online_centre.pk},
    )
    assert response.status_code == 422
    assert "Art. 16.1" in response.content.decode()


def test_staff_registration_without_a_reason_says_how_to_override(exam_staff, session, online_centre):
    someone = make_user("someone@example.org", "trainee")
    response = client_for(exam_staff).post(
        reverse("exams:staff_register", args=[session.pk]),
        {"candidate": someone.email, "centre": online_centre.pk},
    )
    assert "indiquez un motif de dérogation" in response.content.decode()


def test_staff_set_accommodations_and_they_are_logged(exam_staff, registration):
    client_for(exam_staff).post(
        reverse("exams:staff_registration", args=[registration.pk]),
        {"extra_time_minutes": "30", "large_print": "on", "accommodation_note": "Table près de la porte"},
    )
    registration.refresh_from_db()
    assert (registration.extra_time_minutes, registration.large_print) == (30, True)
    assert AuditEntry.objects.filter(action=AuditEntry.Action.ACCOMMODATION).exists()


def test_an_absurd_extra_time_is_a_422(exam_staff, registration):
    response = client_for(exam_staff).post(
        reverse("exams:staff_registration", args=[registration.pk]), {"extra_time_minutes": "9999"}
    )
    assert response.status_code == 422


def test_staff_withdraw_a_candidate(exam_staff, registration):
    client_for(exam_staff).post(reverse("exams:staff_withdraw", args=[registration.pk]))
    assert Registration.objects.get(pk=registration.pk).status == RegistrationStatus.WITHDRAWN


def test_the_session_page_lists_candidates_by_anonymity_code(exam_staff, registration):
    content = (
        client_for(exam_staff).get(reverse("exams:staff_session", args=[registration.session_id])).content
    )
    assert registration.anonymity_code in content.decode()


def test_the_audit_log_filters_by_action(exam_staff, registration, trainee):
    from exams.audit import log_action

    log_action(actor=exam_staff, action=AuditEntry.Action.OVERRIDE, target=registration, reason="raison A")
    log_action(actor=exam_staff, action=AuditEntry.Action.EXTENSION, target=registration, reason="raison B")
    content = (
        client_for(exam_staff).get(reverse("exams:staff_audit"), {"action": "override"}).content.decode()
    )
    assert "raison A" in content
    assert "raison B" not in content


def test_the_audit_log_filters_by_session(exam_staff, registration, session):
    from exams.audit import log_action

    log_action(actor=exam_staff, action=AuditEntry.Action.UNLOCK, reason="dans la session", session=session)
    log_action(actor=exam_staff, action=AuditEntry.Action.UNLOCK, reason="hors session")
    content = (
        client_for(exam_staff).get(reverse("exams:staff_audit"), {"session": session.pk}).content.decode()
    )
    assert "dans la session" in content
    assert "hors session" not in content


def test_an_unknown_audit_filter_is_a_422(exam_staff):
    assert client_for(exam_staff).get(reverse("exams:staff_audit"), {"action": "nope"}).status_code == 422


def test_log_action_records_the_object_and_details(exam_staff, registration):
    from exams.audit import log_action

    entry = log_action(
        actor=exam_staff,
        action=AuditEntry.Action.PUBLICATION,
        target=registration,
        details={"when": datetime.date(2026, 1, 2)},
    )
    entry.refresh_from_db()
    assert entry.target == registration
    assert entry.details == {"when": "2026-01-02"}


def test_the_unit_of_a_session_with_candidates_cannot_change(exam_staff, registration):
    response = client_for(exam_staff).post(
        reverse("exams:staff_session_edit", args=[registration.session_id]), session_data(unit="UVC")
    )
    assert response.status_code == 422


def exam_paper(unit: str = "UVR", minutes: int = 120, **fields):
    from delivery.models import Paper

    return Paper.objects.create(
        title=f"{unit} national", unit=unit, duration=datetime.timedelta(minutes=minutes), **fields
    )


def test_staff_give_a_session_its_paper(exam_staff, session):
    paper = exam_paper()
    client_for(exam_staff).post(
        reverse("exams:staff_session_edit", args=[session.pk]),
        session_data(unit="UVR", duration_minutes="120", paper=str(paper.pk)),
    )
    assert ExamSession.objects.get(pk=session.pk).paper == paper


def test_a_paper_of_another_unit_is_a_422(exam_staff, session):
    paper = exam_paper(unit="UVC")
    response = client_for(exam_staff).post(
        reverse("exams:staff_session_edit", args=[session.pk]),
        session_data(unit="UVR", duration_minutes="120", paper=str(paper.pk)),
    )
    assert response.status_code == 422
    assert "sujet UVC, pas UVR" in response.content.decode()


def test_a_paper_of_another_duration_is_a_422(exam_staff, session):
    paper = exam_paper(minutes=60)
    response = client_for(exam_staff).post(
        reverse("exams:staff_session_edit", args=[session.pk]),
        session_data(unit="UVR", duration_minutes="120", paper=str(paper.pk)),
    )
    assert response.status_code == 422
    assert ExamSession.objects.get(pk=session.pk).paper is None


def test_a_paper_given_to_another_session_is_not_offered(exam_staff, session):
    paper = exam_paper()
    ExamSession.objects.create(
        unit="UVR", date=session.date, start_time=session.start_time, duration=session.duration,
        registration_closes_on=session.registration_closes_on, paper=paper,
    )
    response = client_for(exam_staff).post(
        reverse("exams:staff_session_edit", args=[session.pk]),
        session_data(unit="UVR", duration_minutes="120", paper=str(paper.pk)),
    )
    assert response.status_code == 422


def test_the_paper_cannot_change_once_a_candidate_started(exam_staff, registration):
    from delivery import services as engine

    session = registration.session
    first, second = exam_paper(locked_at=timezone.now()), exam_paper()
    session.paper = first
    session.save()
    registration.attempt = engine.start_attempt(paper=first, candidate=registration.candidate)
    registration.save()
    response = client_for(exam_staff).post(
        reverse("exams:staff_session_edit", args=[session.pk]),
        session_data(unit="UVR", duration_minutes="120", paper=str(second.pk)),
    )
    assert response.status_code == 422
    assert "déjà commencé" in response.content.decode()


def test_the_audit_log_names_details_for_people(exam_staff, session):
    client_for(exam_staff).post(
        reverse("exams:staff_session_transition", args=[session.pk, "close_registrations"])
    )
    content = client_for(exam_staff).get(reverse("exams:staff_audit")).content.decode()
    assert "avant : Inscriptions ouvertes" in content
    assert "après : Inscriptions closes" in content
    assert "from :" not in content


def test_audit_details_show_yes_no_and_empty_values_in_words():
    entry = AuditEntry(action=AuditEntry.Action.EXTENSION,
                       details={"whole_centre": True, "previous": None, "custom": 3})
    assert entry.readable_details() == [("tout le centre", "oui"), ("précédemment", "—"), ("custom", "3")]


def test_it_counts_each_registration_once_in_a_session_with_two_centres(
    exam_staff, registration, online_centre, paper_centre
):
    content = client_for(exam_staff).get(reverse("exams:staff_sessions")).content.decode()
    assert f'<tr data-session="{registration.session_id}">' in content
    assert "<td>2</td><td>1</td>" in content


def jury_entry() -> AuditEntry:
    return AuditEntry(
        action=AuditEntry.Action.JURY_DECISION,
        details={"code": "UVR-AAAA-2222", "decision": "confirmed", "score": "9.00", "previous": "8.50"},
    )


def test_it_shows_a_jury_decision_by_its_label_in_the_audit_log():
    assert ("décision", "Note confirmée") in jury_entry().readable_details()


def test_it_shows_scores_with_a_decimal_comma_in_french():
    details = jury_entry().readable_details()
    assert ("note", "9,00") in details
    assert ("précédemment", "8,50") in details


def test_it_shows_dates_in_the_readers_language():
    entry = AuditEntry(action=AuditEntry.Action.UNIT_PASS, details={"unit": "UVR", "passed_on": "2026-09-28"})
    assert ("obtenue le", "28 septembre 2026") in entry.readable_details()
    with translation.override("en"):
        assert ("obtained on", "Sept. 28, 2026") in entry.readable_details()


def test_it_keeps_codes_that_look_like_numbers_as_they_are():
    entry = AuditEntry(action=AuditEntry.Action.IMPORT, details={"course": "1.2"})
    assert entry.readable_details() == [("formation", "1.2")]


def test_the_audit_page_shows_jury_decisions_in_words(exam_staff):
    from exams.audit import log_action

    log_action(actor=exam_staff, action=AuditEntry.Action.JURY_DECISION, details={"decision": "confirmed"})
    content = client_for(exam_staff).get(reverse("exams:staff_audit")).content.decode()
    assert "décision : Note confirmée" in content


def test_staff_read_the_refusal_about_the_candidate_not_to_them(exam_staff, session, online_centre):
    someone = make_user("someone@example.org", "trainee", first_name="Zoé", last_name="Martin")
    response = client_for(exam_staff).post(
        reverse("exams:staff_register", args=[session.pk]),
        {"candidate": someone.email, "centre": online_centre.pk},
    )
    content = response.content.decode()
    assert "aucun stage de ce type n&#x27;est enregistré au nom de Zoé Martin" in content
    assert "à votre nom" not in content


def test_the_refusal_kept_on_an_overridden_registration_names_the_candidate(
    exam_staff, session, online_centre
):
    someone = make_user("someone@example.org", "trainee", first_name="Zoé", last_name="Martin")
    client_for(exam_staff).post(
        reverse("exams:staff_register", args=[session.pk]),
        {"candidate": someone.email, "centre": online_centre.pk, "override_reason": "Stage vu sur papier"},
    )
    assert "au nom de Zoé Martin" in Registration.objects.get(candidate=someone).refusal


def test_a_session_is_named_with_the_readers_date_format(session):
    session.date = datetime.date(2026, 11, 18)
    with translation.override("fr"):
        french = str(session)
    with translation.override("en"):
        english = str(session)
    assert (french, english) == ("UVR — 18/11/2026", "UVR — 11/18/2026")


def test_the_session_page_writes_the_pass_mark_as_a_percentage_without_trailing_zeros(exam_staff, session):
    page = client_for(exam_staff).get(session.get_absolute_url()).content.decode()
    assert "<dd>50 %</dd>" in page

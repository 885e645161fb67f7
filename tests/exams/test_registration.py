"""Registering, withdrawing, capacity and overrides (exams/services.py)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import timezone

from exams import services
from exams.models import AuditEntry, Registration, RegistrationStatus, SessionStatus
from tests.conftest import make_user
from tests.exams.conftest import days
from tests.lifecycle import put_session_in


def test_it_registers_an_eligible_trainee_with_an_anonymity_code(registration):
    assert re.fullmatch(r"UVR-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}", registration.anonymity_code)


def test_it_refuses_an_ineligible_trainee_with_the_rule(trainee, session, online_centre):
    with pytest.raises(services.ExamError, match=r"Art\. 16\.1"):
        services.register(session=session, centre=online_centre, candidate=trainee, actor=trainee)


def test_it_refuses_a_second_registration_to_the_same_session(registration, online_centre):
    with pytest.raises(services.ExamError, match="déjà inscrit"):
        services.register(
            session=registration.session,
            centre=online_centre,
            candidate=registration.candidate,
            actor=registration.candidate,
        )


def test_it_tells_a_trainee_registering_twice_in_the_second_person(registration, online_centre):
    with pytest.raises(services.ExamError, match=r"^Vous êtes déjà inscrit\(e\) à cette session"):
        services.register(
            session=registration.session,
            centre=online_centre,
            candidate=registration.candidate,
            actor=registration.candidate,
        )


def test_it_names_the_candidate_to_staff_registering_them_twice(registration, online_centre, exam_staff):
    with pytest.raises(services.ExamError, match=r"^Alice Martin est déjà inscrit\(e\)"):
        services.register(
            session=registration.session,
            centre=online_centre,
            candidate=registration.candidate,
            actor=exam_staff,
            by_staff=True,
        )


def test_it_refuses_a_centre_of_another_session(eligible_trainee, session, online_centre, exam_staff):
    other = type(session).objects.create(
        unit="UVC",
        date=days(50),
        start_time=datetime.time(14),
        duration=datetime.timedelta(hours=2),
        registration_closes_on=days(30),
        status=SessionStatus.OPEN,
    )
    with pytest.raises(services.ExamError, match="n'appartient pas"):
        services.register(
            session=other, centre=online_centre, candidate=eligible_trainee, actor=eligible_trainee
        )


def test_it_refuses_a_full_centre(eligible_trainee, session, paper_centre, exam_staff):
    someone = make_user("other@example.org")
    services.register(
        session=session,
        centre=paper_centre,
        candidate=someone,
        actor=exam_staff,
        override_reason="Stage SC non saisi",
        by_staff=True,
    )
    with pytest.raises(services.ExamError, match="complet"):
        services.register(
            session=session, centre=paper_centre, candidate=eligible_trainee, actor=eligible_trainee
        )


def test_it_refuses_registration_after_the_closing_date(eligible_trainee, session, online_centre):
    late = timezone.now() + datetime.timedelta(days=25)
    with pytest.raises(services.ExamError, match="closes"):
        services.register(
            session=session,
            centre=online_centre,
            candidate=eligible_trainee,
            actor=eligible_trainee,
            now=late,
        )


def test_it_refuses_registration_to_a_draft_session(eligible_trainee, session, online_centre):
    put_session_in(session, SessionStatus.DRAFT)
    with pytest.raises(services.ExamError):
        services.register(
            session=session, centre=online_centre, candidate=eligible_trainee, actor=eligible_trainee
        )


def test_staff_may_override_a_refusal_with_a_reason(trainee, session, online_centre, exam_staff):
    registration = services.register(
        session=session,
        centre=online_centre,
        candidate=trainee,
        actor=exam_staff,
        override_reason="Attestation SC papier vue",
        by_staff=True,
    )
    assert registration.override_reason == "Attestation SC papier vue"
    assert AuditEntry.objects.filter(
        action=AuditEntry.Action.OVERRIDE, reason="Attestation SC papier vue"
    ).exists()


def test_staff_cannot_override_without_a_reason(trainee, session, online_centre, exam_staff):
    with pytest.raises(services.ExamError, match=r"Art\. 16\.1"):
        services.register(
            session=session,
            centre=online_centre,
            candidate=trainee,
            actor=exam_staff,
            override_reason="   ",
            by_staff=True,
        )


def test_a_trainee_cannot_override_even_with_a_reason(trainee, session, online_centre):
    with pytest.raises(services.ExamError):
        services.register(
            session=session,
            centre=online_centre,
            candidate=trainee,
            actor=trainee,
            override_reason="je le mérite",
        )


def test_withdrawing_frees_the_place(registration):
    services.withdraw(registration=registration, actor=registration.candidate)
    assert registration.centre.registered_count() == 0


def test_registering_again_after_withdrawing_keeps_the_anonymity_code(registration, paper_centre):
    code = registration.anonymity_code
    services.withdraw(registration=registration, actor=registration.candidate)
    again = services.register(
        session=registration.session,
        centre=paper_centre,
        candidate=registration.candidate,
        actor=registration.candidate,
    )
    assert (again.pk, again.anonymity_code, again.status) == (
        registration.pk,
        code,
        RegistrationStatus.REGISTERED,
    )


def test_a_candidate_cannot_withdraw_after_the_closing_date(registration):
    late = timezone.now() + datetime.timedelta(days=25)
    with pytest.raises(services.ExamError, match="closes"):
        services.withdraw(registration=registration, actor=registration.candidate, now=late)


def test_staff_may_withdraw_after_the_closing_date(registration, exam_staff):
    late = timezone.now() + datetime.timedelta(days=25)
    services.withdraw(registration=registration, actor=exam_staff, by_staff=True, now=late)
    assert Registration.objects.get(pk=registration.pk).status == RegistrationStatus.WITHDRAWN


def test_anonymity_codes_are_unique_within_a_session(session, online_centre, exam_staff):
    codes = set()
    for index in range(8):
        user = make_user(f"c{index}@example.org")
        codes.add(
            services.register(
                session=session,
                centre=online_centre,
                candidate=user,
                actor=exam_staff,
                override_reason="test",
                by_staff=True,
            ).anonymity_code
        )
    assert len(codes) == 8


def test_record_unit_pass_computes_the_article_8_expiry(eligible_trainee, session):
    unit_pass = services.record_unit_pass(
        user=eligible_trainee, unit="UVR", session=session, passed_on=session.date
    )
    assert unit_pass.expires_on == session.date.replace(year=session.date.year + 2)


def test_a_passed_unit_closes_registration_to_the_same_unit(eligible_trainee, session, online_centre):
    services.record_unit_pass(user=eligible_trainee, unit="UVR", session=None, passed_on=days(-1))
    with pytest.raises(services.ExamError, match="déjà titulaire"):
        services.register(
            session=session, centre=online_centre, candidate=eligible_trainee, actor=eligible_trainee
        )

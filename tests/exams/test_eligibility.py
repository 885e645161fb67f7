"""The RIDNA rules, as pure functions (exams/eligibility.py)."""

from __future__ import annotations

import datetime

import pytest

from exams.eligibility import (
    CandidateFile,
    HeldTitle,
    HeldUnit,
    Rating,
    StageAttendance,
    registration_eligibility,
    title_eligibility,
    unit_expiry,
    years_later,
)

EXAM = datetime.date(2026, 6, 13)
ADULT = datetime.date(1990, 1, 1)


RATED = (Rating("standard", 1500, "F"),)


def file(*stages, birth=ADULT, licence=True, units=(), titles=(), asp=(), reports=(), ratings=RATED):
    return CandidateFile(
        birth_date=birth,
        has_licence=licence,
        stages=tuple(StageAttendance(stage, day) for stage, day in stages),
        units=tuple(units),
        titles=tuple(titles),
        favourable_asp_dates=tuple(asp),
        technical_report_dates=tuple(reports),
        ratings=tuple(ratings),
    )


@pytest.mark.parametrize("stage", ["SC", "SJ"])
def test_it_opens_the_uvr_to_a_recent_sc_or_sj_course(stage):
    birth = datetime.date(2012, 1, 1) if stage == "SJ" else ADULT
    decision = registration_eligibility(
        file((stage, datetime.date(2025, 11, 1)), birth=birth), unit="UVR", exam_day=EXAM
    )
    assert decision.eligible


def test_it_refuses_the_uvr_without_any_course_naming_article_16_1():
    decision = registration_eligibility(file(), unit="UVR", exam_day=EXAM)
    assert not decision.eligible
    assert "Art. 16.1" in decision.reason()


def test_it_refuses_a_course_two_years_old_on_the_day_of_the_exam():
    decision = registration_eligibility(file(("SC", datetime.date(2024, 6, 13))), unit="UVR", exam_day=EXAM)
    assert "plus de 2 ans" in decision.reason()


def test_it_accepts_a_course_one_day_short_of_two_years():
    decision = registration_eligibility(file(("SC", datetime.date(2024, 6, 14))), unit="UVR", exam_day=EXAM)
    assert decision.eligible


def test_it_ignores_a_course_held_after_the_exam():
    decision = registration_eligibility(file(("SC", datetime.date(2026, 7, 1))), unit="UVR", exam_day=EXAM)
    assert not decision.eligible


def test_it_does_not_count_an_sc_course_attended_before_15():
    decision = registration_eligibility(
        file(("SC", datetime.date(2025, 11, 1)), birth=datetime.date(2011, 3, 1)), unit="UVR", exam_day=EXAM
    )
    assert "Art. 15.2" in decision.reason()


def test_it_does_not_count_an_sj_course_attended_after_16():
    decision = registration_eligibility(
        file(("SJ", datetime.date(2025, 11, 1)), birth=datetime.date(2005, 3, 1)), unit="UVR", exam_day=EXAM
    )
    assert "Art. 15.1" in decision.reason()


def test_it_does_not_open_the_uvc_with_an_sj_course():
    decision = registration_eligibility(
        file(("SJ", datetime.date(2025, 11, 1)), birth=datetime.date(2012, 1, 1)), unit="UVC", exam_day=EXAM
    )
    assert "Art. 16.2" in decision.reason()


def test_it_opens_the_uvc_to_a_valid_afj():
    afj = HeldTitle("AFJ", datetime.date(2025, 1, 1))
    decision = registration_eligibility(
        file(birth=datetime.date(2010, 1, 1), titles=[afj]), unit="UVC", exam_day=EXAM
    )
    assert decision.eligible


def test_it_refuses_the_uvc_to_an_afj_past_18():
    afj = HeldTitle("AFJ", datetime.date(2020, 1, 1))
    decision = registration_eligibility(
        file(birth=datetime.date(2006, 1, 1), titles=[afj]), unit="UVC", exam_day=EXAM
    )
    assert "art. 9" in decision.reason()


@pytest.mark.parametrize("unit", ["UVO", "UVT"])
def test_it_opens_uvo_and_uvt_to_an_afc_after_an_so_course(unit):
    afc = HeldTitle("AFC", datetime.date(2024, 1, 1))
    decision = registration_eligibility(
        file(("SO", datetime.date(2025, 11, 1)), titles=[afc]), unit=unit, exam_day=EXAM
    )
    assert decision.eligible


def test_it_does_not_count_an_so_course_attended_before_becoming_afc():
    afc = HeldTitle("AFC", datetime.date(2026, 1, 1))
    decision = registration_eligibility(
        file(("SO", datetime.date(2025, 11, 1)), titles=[afc]), unit="UVO", exam_day=EXAM
    )
    assert "Art. 15.3" in decision.reason()


def test_it_refuses_a_unit_already_held_and_valid():
    held = HeldUnit("UVR", datetime.date(2025, 12, 1), datetime.date(2027, 12, 1))
    decision = registration_eligibility(
        file(("SC", datetime.date(2025, 11, 1)), units=[held]), unit="UVR", exam_day=EXAM
    )
    assert "déjà titulaire" in decision.reason()


def test_it_lets_a_candidate_sit_again_a_lapsed_unit():
    lapsed = HeldUnit("UVR", datetime.date(2023, 12, 1), datetime.date(2025, 12, 1))
    decision = registration_eligibility(
        file(("SC", datetime.date(2025, 11, 1)), units=[lapsed]), unit="UVR", exam_day=EXAM
    )
    assert decision.eligible


def test_it_requires_a_licence_number():
    decision = registration_eligibility(
        file(("SC", datetime.date(2025, 11, 1)), licence=False), unit="UVR", exam_day=EXAM
    )
    assert "licence" in decision.reason()


def test_it_requires_a_birth_date_to_check_the_minimum_ages():
    decision = registration_eligibility(
        file(("SC", datetime.date(2025, 11, 1)), birth=None), unit="UVR", exam_day=EXAM
    )
    assert "date de naissance" in decision.reason()


def test_a_unit_lapses_two_years_after_the_first_session_following_the_course():
    expiry = unit_expiry(
        unit="UVR",
        passed_on=datetime.date(2026, 12, 5),
        stages=[StageAttendance("SC", datetime.date(2026, 1, 10))],
        sessions=[
            ("UVR", datetime.date(2025, 12, 6)),
            ("UVC", datetime.date(2026, 6, 13)),
            ("UVR", datetime.date(2026, 12, 5)),
        ],
    )
    assert expiry == datetime.date(2028, 6, 13)


def test_a_unit_without_a_preparing_course_lapses_two_years_after_it_was_passed():
    expiry = unit_expiry(unit="UVC", passed_on=datetime.date(2026, 6, 13), stages=[], sessions=[])
    assert expiry == datetime.date(2028, 6, 13)


def test_a_session_of_a_unit_the_course_does_not_open_does_not_start_the_two_years():
    expiry = unit_expiry(
        unit="UVR",
        passed_on=datetime.date(2026, 11, 27),
        stages=[StageAttendance("SC", datetime.date(2026, 8, 29))],
        sessions=[("UVO", datetime.date(2026, 9, 28)), ("UVR", datetime.date(2026, 11, 27))],
    )
    assert expiry == datetime.date(2028, 11, 27)


def test_two_years_after_29_february_is_1_march():
    assert years_later(datetime.date(2024, 2, 29), 2) == datetime.date(2026, 3, 1)


def _valid(unit):
    return HeldUnit(unit, datetime.date(2026, 1, 1), datetime.date(2027, 12, 1))


TODAY = datetime.date(2026, 6, 1)


def test_an_afj_needs_the_uvr_and_one_favourable_asp():
    young = file(birth=datetime.date(2012, 1, 1), units=[_valid("UVR")], asp=[datetime.date(2026, 3, 1)])
    assert title_eligibility(young, title="AFJ", on=TODAY).eligible


def test_an_afj_is_at_most_18():
    older = file(birth=datetime.date(2000, 1, 1), units=[_valid("UVR")], asp=[datetime.date(2026, 3, 1)])
    assert not title_eligibility(older, title="AFJ", on=TODAY).eligible


def test_an_afc_needs_both_units():
    candidate = file(units=[_valid("UVR")], asp=[datetime.date(2026, 3, 1)])
    decision = title_eligibility(candidate, title="AFC", on=TODAY)
    assert "UVC non obtenue" in decision.reason()


def test_an_afc_is_at_least_16():
    candidate = file(
        birth=datetime.date(2011, 1, 1), units=[_valid("UVR"), _valid("UVC")], asp=[datetime.date(2026, 3, 1)]
    )
    assert "âge minimum 16 ans" in title_eligibility(candidate, title="AFC", on=TODAY).reason()


def test_an_afj_of_16_with_the_uvc_may_become_afc_by_the_bridge_of_article_10_1():
    candidate = file(
        birth=datetime.date(2010, 1, 1),
        units=[_valid("UVC")],
        titles=[HeldTitle("AFJ", datetime.date(2024, 1, 1))],
    )
    decision = title_eligibility(candidate, title="AFC", on=TODAY)
    assert decision.eligible
    assert any("10.1" in check.rule for check in decision.checks)


def test_an_afo_needs_two_favourable_asp_and_a_technical_report():
    candidate = file(
        units=[_valid("UVO"), _valid("UVT")],
        titles=[HeldTitle("AFC", datetime.date(2023, 1, 1))],
        asp=[datetime.date(2026, 3, 1)],
    )
    reason = title_eligibility(candidate, title="AFO", on=TODAY).reason()
    assert "1 sur 2" in reason
    assert "Rapports techniques validés : 0 sur 1" in reason


def test_an_afo_with_everything_is_eligible():
    candidate = file(
        units=[_valid("UVO"), _valid("UVT")],
        titles=[HeldTitle("AFC", datetime.date(2023, 1, 1))],
        asp=[datetime.date(2026, 3, 1), datetime.date(2026, 4, 1)],
        reports=[datetime.date(2026, 4, 2)],
    )
    assert title_eligibility(candidate, title="AFO", on=TODAY).eligible


def test_an_afo_must_already_be_afc():
    candidate = file(
        units=[_valid("UVO"), _valid("UVT")],
        asp=[datetime.date(2026, 3, 1), datetime.date(2026, 4, 1)],
        reports=[datetime.date(2026, 4, 2)],
    )
    assert "titre d'AFC requis" in title_eligibility(candidate, title="AFO", on=TODAY).reason()


def test_a_title_already_held_is_not_eligible_again():
    candidate = file(titles=[HeldTitle("AFC", datetime.date(2023, 1, 1))])
    assert "déjà décerné" in title_eligibility(candidate, title="AFC", on=TODAY).reason()


def test_a_lapsed_unit_does_not_count_for_a_title():
    lapsed = HeldUnit("UVR", datetime.date(2023, 1, 1), datetime.date(2025, 1, 1))
    young = file(birth=datetime.date(2012, 1, 1), units=[lapsed], asp=[datetime.date(2026, 3, 1)])
    assert "UVR non obtenue ou périmée" in title_eligibility(young, title="AFJ", on=TODAY).reason()


def test_a_refusal_read_by_the_candidate_speaks_to_them():
    decision = registration_eligibility(file(licence=False), unit="UVR", exam_day=EXAM)
    assert "votre numéro de licence FFE n'est pas renseigné dans votre profil" in decision.reason()


def test_a_refusal_read_by_staff_names_the_candidate_in_the_third_person():
    decision = registration_eligibility(file(licence=False), unit="UVR", exam_day=EXAM,
                                        candidate_name="Zoé Martin")
    assert "le numéro de licence FFE de Zoé Martin n'est pas renseigné dans son profil" in decision.reason()
    assert "vous" not in decision.reason().lower() and "votre" not in decision.reason().lower()


def test_a_course_too_old_is_explained_to_staff_about_the_candidate():
    decision = registration_eligibility(file(("SC", datetime.date(2024, 6, 13))), unit="UVR", exam_day=EXAM,
                                        candidate_name="Zoé Martin")
    assert "le stage SC de Zoé Martin, du" in decision.reason()


def test_a_unit_already_held_is_said_of_the_candidate_to_staff():
    held = HeldUnit("UVR", datetime.date(2026, 1, 10), datetime.date(2027, 12, 31))
    decision = registration_eligibility(file(("SC", datetime.date(2025, 11, 1)), units=[held]), unit="UVR",
                                        exam_day=EXAM, candidate_name="Zoé Martin")
    assert decision.reason().startswith("Zoé Martin est déjà titulaire de l'UVR")

"""RIDNA rules added for the titles: Art. 6.2 (inactive arbiters), 7.1 (Elo rating), 9.1 (UNSS
bridge) and 11.1 (AFO level 2); one test per condition met and not met."""

from __future__ import annotations

import datetime

from exams.eligibility import (
    ActivityState,
    CandidateFile,
    HeldQualification,
    HeldTitle,
    HeldUnit,
    Officiated,
    Rating,
    StageAttendance,
    afo_level_2_eligibility,
    registration_eligibility,
    season_end,
    title_activity,
    title_eligibility,
)

TODAY = datetime.date(2026, 6, 1)
ADULT = datetime.date(1990, 1, 1)
RATED = (Rating("standard", 1500, "F"),)


def file(
    *, birth=ADULT, units=(), titles=(), asp=(), ratings=RATED, stages=(), qualifications=(), officiated=()
):
    return CandidateFile(
        birth_date=birth,
        has_licence=True,
        stages=tuple(StageAttendance(stage, day) for stage, day in stages),
        units=tuple(units),
        titles=tuple(titles),
        favourable_asp_dates=tuple(asp),
        ratings=tuple(ratings),
        qualifications=tuple(qualifications),
        officiated=tuple(officiated),
    )


def afj_candidate(**kwargs):
    """Everything Art. 9 asks of an AFJ, for a 15-year-old."""
    uvr = HeldUnit("UVR", datetime.date(2026, 1, 10), datetime.date(2028, 1, 10))
    return file(birth=datetime.date(2011, 3, 1), units=[uvr], asp=[datetime.date(2026, 4, 1)], **kwargs)


# Art. 7.1: "Posséder un classement Elo (lent ou rapide, national ou F.I.D.E.)"


def test_a_fide_standard_rating_meets_article_7_1():
    assert title_eligibility(afj_candidate(), title="AFJ", on=TODAY).eligible


def test_a_national_rapid_rating_meets_article_7_1():
    rapid = (Rating("rapid", 1180, "N"),)
    assert title_eligibility(afj_candidate(ratings=rapid), title="AFJ", on=TODAY).eligible


def test_a_low_rating_meets_article_7_1_which_sets_no_threshold():
    low = (Rating("standard", 1000, "N"),)
    assert title_eligibility(afj_candidate(ratings=low), title="AFJ", on=TODAY).eligible


def test_it_refuses_a_title_without_any_rating_citing_article_7_1():
    decision = title_eligibility(afj_candidate(ratings=()), title="AFJ", on=TODAY)
    assert not decision.eligible
    assert "Art. 7.1 : un classement Elo lent ou rapide" in decision.reason()


def test_it_refuses_an_estimated_rating_which_is_no_classement():
    decision = title_eligibility(
        afj_candidate(ratings=(Rating("standard", 1399, "E"),)), title="AFC", on=TODAY
    )
    assert "un Elo estimé (E) n'en est pas un" in decision.reason()


def test_a_blitz_rating_does_not_meet_article_7_1():
    decision = title_eligibility(afj_candidate(ratings=(Rating("blitz", 1600, "F"),)), title="AFJ", on=TODAY)
    assert not decision.eligible


# Art. 9.1, passerelle UNSS


UNSS = HeldQualification("unss", datetime.date(2026, 3, 1))


def test_a_national_unss_young_official_under_18_becomes_afj_without_uvr_or_asp():
    candidate = file(birth=datetime.date(2010, 9, 1), qualifications=[UNSS])
    assert title_eligibility(candidate, title="AFJ", on=TODAY).eligible


def test_the_unss_bridge_needs_the_national_qualification():
    candidate = file(birth=datetime.date(2010, 9, 1))
    assert "UVR non obtenue" in title_eligibility(candidate, title="AFJ", on=TODAY).reason()


def test_the_unss_bridge_is_closed_at_18():
    candidate = file(birth=datetime.date(2008, 5, 1), qualifications=[UNSS])  # 18 on TODAY
    decision = title_eligibility(candidate, title="AFJ", on=TODAY)
    assert not decision.eligible
    assert "Art. 9.1 : âge d'au moins 12 ans et de moins de 18 ans" in decision.reason()


def test_the_unss_bridge_still_needs_a_rating():
    candidate = file(birth=datetime.date(2010, 9, 1), qualifications=[UNSS], ratings=())
    assert "Art. 7.1" in title_eligibility(candidate, title="AFJ", on=TODAY).reason()


# Art. 11.1, AFO level 2


def afo_candidate(awarded=datetime.date(2023, 9, 1), tournaments=4, visits=1, asp_issuing=True, level=1):
    officiated = [
        Officiated(datetime.date(2024, 1 + month, 15), supervision_visit=month < visits)
        for month in range(tournaments)
    ]
    qualifications = [HeldQualification("asp", datetime.date(2025, 5, 1))] if asp_issuing else []
    return file(
        titles=[HeldTitle("AFO", awarded, level)], officiated=officiated, qualifications=qualifications
    )


def test_an_afo_with_two_years_four_tournaments_a_visit_and_the_asp_qualification_may_reach_level_2():
    assert afo_level_2_eligibility(afo_candidate(), on=TODAY).eligible


def test_level_2_needs_the_afo_title():
    decision = afo_level_2_eligibility(file(titles=[HeldTitle("AFC", datetime.date(2020, 1, 1))]), on=TODAY)
    assert decision.reason() == "Art. 11.1 : titre d'AFO requis."


def test_level_2_needs_two_years_as_afo():
    decision = afo_level_2_eligibility(afo_candidate(awarded=datetime.date(2024, 12, 1)), on=TODAY)
    assert "2 ans d'expérience en tant qu'AFO sont requis" in decision.reason()


def test_level_2_needs_four_tournaments():
    decision = afo_level_2_eligibility(afo_candidate(tournaments=3), on=TODAY)
    assert "3 tournoi(s) arbitré(s) en tant qu'AFO sur les 4 requis" in decision.reason()


def test_tournaments_before_the_afo_title_do_not_count():
    decision = afo_level_2_eligibility(afo_candidate(awarded=datetime.date(2024, 3, 1)), on=TODAY)
    assert "2 tournoi(s)" in decision.reason()


def test_level_2_needs_a_supervision_visit():
    decision = afo_level_2_eligibility(afo_candidate(visits=0), on=TODAY)
    assert "visite de supervision" in decision.reason()


def test_level_2_needs_the_asp_issuing_qualification():
    decision = afo_level_2_eligibility(afo_candidate(asp_issuing=False), on=TODAY)
    assert "Art. 11.1 et 17.1 : l'habilitation à délivrer des ASP" in decision.reason()


def test_an_afo_already_at_level_2_is_not_promoted_again():
    assert not afo_level_2_eligibility(afo_candidate(level=2), on=TODAY).eligible


# Art. 6.2, inactive arbiters


def test_the_sporting_season_ends_on_31_august():
    assert (season_end(datetime.date(2026, 8, 31)), season_end(datetime.date(2026, 9, 1))) == (
        datetime.date(2026, 8, 31),
        datetime.date(2027, 8, 31),
    )


def test_an_arbiter_is_active_until_the_end_of_the_season_of_the_four_years():
    titled = file(titles=[HeldTitle("AFC", datetime.date(2021, 10, 1))])
    assert title_activity(titled, datetime.date(2026, 8, 31)).active


def test_an_arbiter_without_continuing_training_becomes_inactive_the_next_season():
    titled = file(titles=[HeldTitle("AFC", datetime.date(2021, 10, 1))])
    assert title_activity(titled, datetime.date(2026, 9, 1)).state == ActivityState.INACTIVE


def test_an_fc_course_makes_an_inactive_arbiter_active_again():
    titled = file(
        titles=[HeldTitle("AFC", datetime.date(2020, 1, 1))], stages=[("FC", datetime.date(2025, 3, 1))]
    )
    assert title_activity(titled, TODAY).active


def test_after_six_years_an_fc_course_no_longer_reactivates():
    titled = file(
        titles=[HeldTitle("AFC", datetime.date(2018, 1, 1))], stages=[("FC", datetime.date(2025, 3, 1))]
    )
    assert title_activity(titled, TODAY).state == ActivityState.SC_REQUIRED


def test_after_six_years_an_sc_course_reactivates():
    titled = file(
        titles=[HeldTitle("AFC", datetime.date(2018, 1, 1))], stages=[("SC", datetime.date(2025, 3, 1))]
    )
    assert title_activity(titled, TODAY).active


def uvc_for_afj(awarded, stages=()):
    afj = file(birth=datetime.date(2009, 1, 1), titles=[HeldTitle("AFJ", awarded)], stages=stages)
    return registration_eligibility(afj, unit="UVC", exam_day=TODAY)


def test_an_active_afj_may_sit_the_uvc():
    assert uvc_for_afj(datetime.date(2023, 1, 1)).eligible


def test_an_afj_who_missed_continuing_training_may_not_sit_the_uvc_though_under_18():
    decision = uvc_for_afj(datetime.date(2021, 6, 1))  # 4 years end 2025-06-01, inactive from 2025-09-01
    assert not decision.eligible
    assert "Art. 16.2 et art. 6.2 : votre titre d'AFJ n'est plus en cours de validité" in decision.reason()


def test_an_afj_who_followed_fc_may_sit_the_uvc_again():
    assert uvc_for_afj(datetime.date(2021, 6, 1), stages=[("FC", datetime.date(2026, 1, 15))]).eligible

"""Records for staff: ASP, technical reports, and awarding titles (RIDNA Art. 7, 9–11)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from exams import services
from exams.models import AspRecord, AuditEntry, TitleAward
from tests.conftest import client_for


@pytest.fixture
def afc_ready(eligible_trainee):
    services.record_unit_pass(
        user=eligible_trainee, unit="UVR", session=None, passed_on=datetime.date.today()
    )
    services.record_unit_pass(
        user=eligible_trainee, unit="UVC", session=None, passed_on=datetime.date.today()
    )
    AspRecord.objects.create(
        candidate=eligible_trainee,
        tournament="Open de Brest",
        start_date=datetime.date.today(),
        end_date=datetime.date.today(),
        chief_arbiter="A. Principal",
        favourable=True,
    )
    return eligible_trainee


def award(client, person, **data):
    payload = {
        "title": "AFC",
        "awarded_on": datetime.date.today().isoformat(),
        "note": "",
        "override_reason": "",
    }
    payload.update(data)
    return client.post(reverse("exams:staff_award_title", args=[person.pk]), payload)


def test_staff_award_a_title_whose_criteria_are_met(exam_staff, afc_ready):
    response = award(client_for(exam_staff), afc_ready)
    assert response.status_code == 302
    assert TitleAward.objects.get(candidate=afc_ready).title == "AFC"


def test_awarding_a_title_is_logged(exam_staff, afc_ready):
    award(client_for(exam_staff), afc_ready)
    assert AuditEntry.objects.get(action=AuditEntry.Action.TITLE_AWARD).details["criteria_met"] is True


def test_a_title_whose_criteria_are_not_met_is_refused_with_the_reason(exam_staff, eligible_trainee):
    response = award(client_for(exam_staff), eligible_trainee)
    assert response.status_code == 422
    assert "UVR non obtenue" in response.content.decode()


def test_a_title_may_be_awarded_by_derogation_with_a_reason(exam_staff, eligible_trainee):
    award(client_for(exam_staff), eligible_trainee, override_reason="Passerelle UNSS (art. 9.1)", title="AFJ")
    entry = AuditEntry.objects.get(action=AuditEntry.Action.TITLE_AWARD)
    assert (entry.reason, entry.details["criteria_met"]) == ("Passerelle UNSS (art. 9.1)", False)


def test_a_title_cannot_be_awarded_twice(exam_staff, afc_ready):
    award(client_for(exam_staff), afc_ready)
    response = award(client_for(exam_staff), afc_ready, override_reason="again")
    assert response.status_code == 422


def test_the_afe_is_not_offered(exam_staff, afc_ready):
    assert award(client_for(exam_staff), afc_ready, title="AFE").status_code == 422


def test_staff_record_an_asp(exam_staff, trainee):
    client_for(exam_staff).post(
        reverse("exams:staff_add_asp", args=[trainee.pk]),
        {
            "tournament": "Open de Rennes",
            "start_date": "2026-04-01",
            "end_date": "2026-04-03",
            "chief_arbiter": "P. Principal",
            "favourable": "on",
            "opinion": "Très bon travail",
        },
    )
    assert AspRecord.objects.get().favourable is True


def test_an_asp_ending_before_it_starts_is_a_422(exam_staff, trainee):
    response = client_for(exam_staff).post(
        reverse("exams:staff_add_asp", args=[trainee.pk]),
        {"tournament": "Open", "start_date": "2026-04-03", "end_date": "2026-04-01", "chief_arbiter": "P"},
    )
    assert response.status_code == 422


def test_staff_record_a_technical_report(exam_staff, trainee):
    client_for(exam_staff).post(
        reverse("exams:staff_add_report", args=[trainee.pk]),
        {"tournament": "Open de Rennes", "validated_on": "2026-04-10"},
    )
    assert trainee.technical_reports.count() == 1


def test_the_person_page_shows_title_eligibility(exam_staff, afc_ready):
    content = client_for(exam_staff).get(reverse("exams:staff_person", args=[afc_ready.pk])).content.decode()
    assert 'data-title-eligibility="AFC"' in content
    assert "Conditions remplies" in content


def test_the_people_search_finds_by_licence(exam_staff, eligible_trainee):
    content = client_for(exam_staff).get(reverse("exams:staff_people"), {"q": "K12345"}).content.decode()
    assert reverse("exams:staff_person", args=[eligible_trainee.pk]) in content


def test_an_unknown_person_is_a_404(exam_staff):
    assert client_for(exam_staff).get(reverse("exams:staff_person", args=[999999])).status_code == 404


@pytest.fixture
def afo_ready_for_level_2(eligible_trainee):
    from exams.models import OfficiatedTournament, Qualification

    TitleAward.objects.create(candidate=eligible_trainee, title="AFO", awarded_on=datetime.date(2022, 9, 1))
    for month in range(1, 5):
        OfficiatedTournament.objects.create(
            candidate=eligible_trainee,
            tournament=f"Open {month}",
            end_date=datetime.date(2023, month, 20),
            supervision_visit=month == 1,
        )
    Qualification.objects.create(
        candidate=eligible_trainee, kind="asp", obtained_on=datetime.date(2024, 1, 5)
    )
    return eligible_trainee


def test_staff_move_an_afo_who_meets_article_11_1_to_level_2(exam_staff, afo_ready_for_level_2):
    response = award(client_for(exam_staff), afo_ready_for_level_2, title="AFO2")
    assert response.status_code == 302
    assert TitleAward.objects.get(candidate=afo_ready_for_level_2).level == 2


def test_level_2_is_refused_without_the_asp_qualification_with_the_article(exam_staff, afo_ready_for_level_2):
    afo_ready_for_level_2.qualifications.all().delete()
    response = award(client_for(exam_staff), afo_ready_for_level_2, title="AFO2")
    assert response.status_code == 422
    assert "Art. 11.1 et 17.1" in response.content.decode()


def test_the_person_page_shows_the_level_2_criteria(exam_staff, afo_ready_for_level_2):
    url = reverse("exams:staff_person", args=[afo_ready_for_level_2.pk])
    assert 'data-title-eligibility="AFO2"' in client_for(exam_staff).get(url).content.decode()


def test_the_person_page_says_when_an_arbiter_becomes_inactive(exam_staff, afc_ready):
    TitleAward.objects.create(candidate=afc_ready, title="AFC", awarded_on=datetime.date.today())
    content = client_for(exam_staff).get(reverse("exams:staff_person", args=[afc_ready.pk])).content.decode()
    assert 'data-activity="active"' in content


def test_staff_record_a_unss_qualification(exam_staff, trainee):
    client_for(exam_staff).post(
        reverse("exams:staff_add_qualification", args=[trainee.pk]),
        {"kind": "unss", "obtained_on": "2026-03-01"},
    )
    assert trainee.qualifications.get().kind == "unss"


def test_a_qualification_recorded_twice_is_a_422_with_the_reason(exam_staff, trainee):
    client = client_for(exam_staff)
    url = reverse("exams:staff_add_qualification", args=[trainee.pk])
    client.post(url, {"kind": "asp", "obtained_on": "2026-03-01"})
    response = client.post(url, {"kind": "asp", "obtained_on": "2026-04-01"})
    assert response.status_code == 422
    assert "déjà enregistrée" in response.content.decode()


def test_staff_record_an_officiated_tournament_with_a_supervision_visit(exam_staff, trainee):
    client_for(exam_staff).post(
        reverse("exams:staff_add_officiated", args=[trainee.pk]),
        {"tournament": "Open de Vannes", "end_date": "2026-05-10", "supervision_visit": "on"},
    )
    assert trainee.officiated_tournaments.get().supervision_visit is True

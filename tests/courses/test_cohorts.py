import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.utils import timezone

from courses import services
from courses.dashboard import cohort_dashboard
from courses.models import Cohort, Enrolment
from delivery import services as delivery_services
from exams.eligibility import registration_eligibility
from exams.models import AuditEntry, StageRecord
from exams.services import candidate_file
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def cohort(course, trainer):
    today = timezone.localdate()
    cohort = Cohort.objects.create(
        course=course,
        name="Stage SC Lyon, mars",
        place="Lyon",
        starts_on=today - datetime.timedelta(days=9),
        ends_on=today + datetime.timedelta(days=10),
    )
    cohort.trainers.add(trainer)
    return cohort


@pytest.fixture
def member(cohort, trainee):
    return services.enrol(course=cohort.course, trainee=trainee, cohort=cohort)


def test_a_trainer_creates_a_cohort_and_leads_it(course, trainer, other_trainer):
    response = client_for(trainer).post(
        "/courses/groupes/",
        {
            "course": course.pk,
            "name": "Stage SC Lyon, mars",
            "starts_on": "2026-03-07",
            "ends_on": "2026-03-08",
            "place": "Lyon",
            "co_trainers": other_trainer.email,
        },
    )
    cohort = Cohort.objects.get()
    assert response["Location"] == f"/courses/groupes/{cohort.pk}/"
    assert set(cohort.trainers.all()) == {trainer, other_trainer}


def test_a_cohort_ending_before_it_starts_is_refused_with_422(course, trainer):
    response = client_for(trainer).post(
        "/courses/groupes/",
        {
            "course": course.pk,
            "name": "x",
            "starts_on": "2026-03-08",
            "ends_on": "2026-03-07",
            "place": "Lyon",
        },
    )
    assert response.status_code == 422 and "finir avant" in response.content.decode()


@pytest.mark.parametrize("role", ["trainee", "grader"])
def test_people_who_do_not_train_cannot_open_cohorts(course, request, role):
    assert client_for(request.getfixturevalue(role)).get("/courses/groupes/").status_code == 403


def test_another_trainer_does_not_see_the_cohort(cohort, other_trainer):
    assert client_for(other_trainer).get(f"/courses/groupes/{cohort.pk}/").status_code == 404


@pytest.mark.parametrize("role", ["trainer", "exam_staff", "administrator"])
def test_its_trainer_and_exam_staff_open_the_cohort_page(cohort, member, request, role):
    response = client_for(request.getfixturevalue(role)).get(f"/courses/groupes/{cohort.pk}/")
    assert response.status_code == 200 and "alice@example.org" in response.content.decode()


def test_trainers_add_members_by_email_and_hear_about_unknown_ones(cohort, trainer, trainee):
    response = client_for(trainer).post(
        f"/courses/groupes/{cohort.pk}/membres/",
        {"emails": "ALICE@example.org\nnobody@example.org"},
        follow=True,
    )
    assert Enrolment.objects.get(trainee=trainee).cohort == cohort
    assert "nobody@example.org" in response.content.decode()


def test_a_malformed_email_is_refused_with_422(cohort, trainer):
    response = client_for(trainer).post(
        f"/courses/groupes/{cohort.pk}/membres/", {"emails": "pas-une-adresse"}
    )
    assert response.status_code == 422


def test_adding_members_by_get_is_refused(cohort, trainer):
    assert client_for(trainer).get(f"/courses/groupes/{cohort.pk}/membres/").status_code == 405


def test_confirming_a_member_creates_the_stage_record_that_opens_the_uvr(cohort, member, trainer, trainee):
    trainee.birth_date = datetime.date(2000, 1, 1)
    trainee.ffe_licence = "A12345"
    trainee.save()
    exam_day = timezone.localdate() + datetime.timedelta(days=30)
    assert not registration_eligibility(candidate_file(trainee), unit="UVR", exam_day=exam_day).eligible
    client_for(trainer).post(f"/courses/groupes/{cohort.pk}/valider/", {"enrolment": member.pk})
    record = StageRecord.objects.get(candidate=trainee)
    assert (record.stage, record.place, record.hours) == ("SC", "Lyon", Decimal("14.0"))
    assert registration_eligibility(candidate_file(trainee), unit="UVR", exam_day=exam_day).eligible


def test_the_confirmation_is_audit_logged_once(cohort, member, trainer):
    client = client_for(trainer)
    client.post(f"/courses/groupes/{cohort.pk}/valider/", {"enrolment": member.pk})
    client.post(f"/courses/groupes/{cohort.pk}/valider/", {"enrolment": member.pk})
    entry = AuditEntry.objects.get()
    assert (
        entry.actor == trainer and entry.details["source"] == "courses" and StageRecord.objects.count() == 1
    )


def test_another_trainer_cannot_confirm(cohort, member, other_trainer):
    response = client_for(other_trainer).post(
        f"/courses/groupes/{cohort.pk}/valider/", {"enrolment": member.pk}
    )
    assert response.status_code == 404 and not StageRecord.objects.exists()


def test_confirming_by_get_is_refused(cohort, member, trainer):
    assert client_for(trainer).get(f"/courses/groupes/{cohort.pk}/valider/").status_code == 405


def _answer(attempt, item, key):
    delivery_services.save_response(
        attempt=attempt, item_id=item.pk, answer={"choice": key}, sequence=delivery_services.server_sequence()
    )
    delivery_services.check_response(attempt=attempt, item_id=item.pk)


@pytest.fixture
def known_dataset(cohort, member, trainee):
    """Alice: lesson 1 done, practice 2 right of 3. Bruno: nothing. Pace: 1 of 2 lessons by now."""
    bruno = make_user("bruno@example.org", "trainee", first_name="Bruno")
    services.enrol(course=cohort.course, trainee=bruno, cohort=cohort)
    lesson = cohort.course.lessons.get(slug="toucher-jouer")
    services.complete_lesson(lesson=lesson, trainee=trainee)
    attempt = delivery_services.start_attempt(paper=lesson.practice_paper, candidate=trainee)
    items = list(lesson.practice_paper.items.order_by("position"))
    for item, key in zip(items, ["a", "a", "b"], strict=True):
        _answer(attempt, item, key)
    return bruno


def test_the_dashboard_numbers_on_a_known_dataset(cohort, known_dataset, trainee):
    dashboard = cohort_dashboard(cohort)
    rows = {row.enrolment.trainee.email: row for row in dashboard.members}
    assert (dashboard.lessons, dashboard.expected) == (2, 1)
    assert (
        rows["alice@example.org"].done,
        rows["alice@example.org"].behind,
        rows["bruno@example.org"].behind,
    ) == (1, False, True)
    assert (rows["alice@example.org"].answers, rows["alice@example.org"].correct) == (3, 2)


def test_the_dashboard_ranks_questions_and_missed_articles(cohort, known_dataset):
    dashboard = cohort_dashboard(cohort)
    assert [(q.uid, q.success_rate) for q in dashboard.questions] == [
        ("sc-test-touch-3", 0),
        ("sc-test-touch-1", 100),
        ("sc-test-touch-2", 100),
    ]
    assert [(a.citation, a.missed, a.answers) for a in dashboard.articles] == [("2018:4.3.1", 1, 3)]


def test_the_csv_export_lists_members_and_questions(cohort, known_dataset, trainer):
    response = client_for(trainer).get(f"/courses/groupes/{cohort.pk}/export.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff")), delimiter=";"))
    alice = next(row for row in rows if row and row[0] == "alice@example.org")
    assert alice[2:4] == ["1", "1"] and alice[6:8] == ["3", "67"]
    assert ["2018:4.3.1", "3", "1", "33"] in rows


def test_a_name_in_the_csv_is_never_a_spreadsheet_formula(cohort, member, trainer, trainee):
    trainee.first_name = '=HYPERLINK("http://evil.example")'
    trainee.save()
    content = client_for(trainer).get(f"/courses/groupes/{cohort.pk}/export.csv").content.decode()
    assert "'=HYPERLINK" in content and content.startswith("\ufeff")


def test_the_csv_is_refused_to_a_trainee(cohort, trainee):
    assert client_for(trainee).get(f"/courses/groupes/{cohort.pk}/export.csv").status_code == 403


@pytest.mark.parametrize("suffix", ["", "export.csv"])
def test_cohort_pages_refuse_post(cohort, trainer, suffix):
    assert client_for(trainer).post(f"/courses/groupes/{cohort.pk}/{suffix}").status_code == 405


def test_anonymous_visitors_are_sent_to_log_in_from_the_cohorts(cohort):
    assert client_for(None).get(f"/courses/groupes/{cohort.pk}/").status_code == 302

"""The cohort pages in the reader's language: dates and labels in French or in English."""

from __future__ import annotations

import datetime
import re
from zoneinfo import ZoneInfo

import pytest

from courses import services
from courses.models import Cohort
from tests.conftest import client_for

pytestmark = pytest.mark.django_db

PARIS = ZoneInfo("Europe/Paris")


@pytest.fixture
def cohort(course, trainer, trainee):
    cohort = Cohort.objects.create(
        course=course,
        name="Stage SC Lyon, mars",
        place="Lyon",
        starts_on=datetime.date(2026, 3, 7),
        ends_on=datetime.date(2026, 3, 8),
    )
    cohort.trainers.add(trainer)
    services.enrol(course=course, trainee=trainee, cohort=cohort)
    lesson = course.lessons.get(slug="toucher-jouer")
    services.open_lesson(
        lesson=lesson, trainee=trainee, now=datetime.datetime(2026, 11, 27, 17, 50, tzinfo=PARIS)
    )
    return cohort


def page_text(client, url: str, language: str) -> str:
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return re.sub(r"\s+", " ", html)


def test_the_cohort_page_writes_its_dates_in_french(cohort, trainer):
    text = page_text(client_for(trainer), cohort.get_absolute_url(), "fr")
    assert "7 mars 2026 – 8 mars 2026" in text
    assert "27 nov., 17:50" in text  # the member's last activity


def test_the_cohort_page_writes_its_dates_in_english(cohort, trainer):
    text = page_text(client_for(trainer), cohort.get_absolute_url(), "en")
    assert "7 March 2026 – 8 March 2026" in text
    assert "27 Nov., 17:50" in text


def test_the_list_of_cohorts_writes_its_dates_in_french(cohort, trainer):
    assert "7 mars 2026 – 8 mars 2026" in page_text(client_for(trainer), "/courses/groupes/", "fr")


def test_the_new_cohort_form_names_the_course_in_french(course, trainer):
    text = page_text(client_for(trainer), "/courses/groupes/", "fr")
    assert '<label for="id_course">Formation :</label>' in text


def test_confirming_a_member_says_the_date_in_french(cohort, trainer, trainee):
    enrolment = cohort.enrolments.get(trainee=trainee)
    response = client_for(trainer).post(
        f"/courses/groupes/{cohort.pk}/valider/",
        {"enrolment": enrolment.pk},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert "Stage SC du 8 mars 2026 enregistré" in response.content.decode()  # the cohort's last day

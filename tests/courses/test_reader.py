import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from courses import services
from courses.models import Enrolment, LessonProgress
from delivery.models import Attempt
from tests.conftest import client_for

pytestmark = pytest.mark.django_db

LESSON = "/courses/SC/toucher-jouer/"


@pytest.mark.parametrize("url", ["/courses/", "/courses/SC/", LESSON])
def test_anonymous_visitors_are_sent_to_the_login_page(course, url):
    response = client_for(None).get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("url", ["/courses/", "/courses/SC/", LESSON])
def test_a_person_without_the_practise_capability_is_refused(course, stranger, url):
    assert client_for(stranger).get(url).status_code == 403


@pytest.mark.parametrize("role", ["trainee", "trainer", "grader", "exam_staff", "administrator"])
def test_every_role_that_practises_reads_the_catalogue_and_the_outline(course, request, role):
    client = client_for(request.getfixturevalue(role))
    assert client.get("/courses/").status_code == 200
    outline = client.get("/courses/SC/").content.decode()
    assert "La chute du drapeau" in outline and "à venir" in outline


def test_a_planned_lesson_has_no_page(course, trainee):
    assert client_for(trainee).get("/courses/SC/chute-du-drapeau/").status_code == 404


def test_a_trainee_enrols_herself(course, trainee):
    response = client_for(trainee).post("/courses/SC/inscription/")
    assert response.status_code == 302
    assert Enrolment.objects.filter(course=course, trainee=trainee, cohort=None).exists()


def test_enrolling_by_get_is_refused(course, trainee):
    assert client_for(trainee).get("/courses/SC/inscription/").status_code == 405


def test_the_lesson_page_shows_the_diagram_the_replay_and_the_article_links(course, trainee):
    html = client_for(trainee).get(LESSON).content.decode()
    assert "<svg" in html and "data-replay" in html and 'href="/rules/2018/4.3/"' in html
    assert "S&#x27;exercer" in html or "S'exercer" in html


def test_an_english_reader_gets_the_english_text_and_a_note_when_only_french_exists(course, trainee):
    client = client_for(trainee)
    english = client.get(LESSON, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "A player who" in english
    fallback = client.get("/courses/SC/nulle/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "La triple répétition" in fallback and 'lang="fr"' in fallback


def test_marking_a_lesson_done_enrols_records_and_goes_to_the_next_lesson(course, trainee):
    response = client_for(trainee).post(LESSON + "terminee/")
    assert response["Location"] == "/courses/SC/nulle/"
    assert LessonProgress.objects.get(trainee=trainee, lesson__slug="toucher-jouer").completed_at is not None


def test_the_place_in_the_course_counts_done_lessons_and_names_the_next_one(course, trainee):
    first, second = [lesson for lesson in course.ordered_lessons() if not lesson.planned]
    services.complete_lesson(lesson=first, trainee=trainee)
    place = services.place_in_course(course=course, trainee=trainee)
    assert (place.done, place.lessons, place.next_lesson) == (1, 2, second)


def test_reading_time_is_the_time_until_the_next_lesson_event(course, trainee):
    lesson = course.lessons.get(slug="toucher-jouer")
    start = timezone.now()
    services.open_lesson(lesson=lesson, trainee=trainee, now=start)
    services.complete_lesson(lesson=lesson, trainee=trainee, now=start + datetime.timedelta(minutes=12))
    assert LessonProgress.objects.get(lesson=lesson, trainee=trainee).seconds_spent == 12 * 60


def test_a_tab_left_open_overnight_counts_at_most_twice_the_estimated_time(course, trainee):
    lesson = course.lessons.get(slug="toucher-jouer")  # 20 minutes: capped at 40
    other = course.lessons.get(slug="nulle")
    start = timezone.now()
    services.open_lesson(lesson=lesson, trainee=trainee, now=start)
    services.open_lesson(lesson=other, trainee=trainee, now=start + datetime.timedelta(hours=10))
    assert LessonProgress.objects.get(lesson=lesson, trainee=trainee).seconds_spent == 40 * 60


def test_opening_a_lesson_while_enrolled_starts_a_reading(course, trainee):
    services.enrol(course=course, trainee=trainee)
    client_for(trainee).get(LESSON)
    assert LessonProgress.objects.get(trainee=trainee).reading_since is not None


def test_practise_starts_an_attempt_on_the_lessons_paper_with_immediate_feedback(course, trainee):
    response = client_for(trainee).post(LESSON + "exercices/")
    attempt = Attempt.objects.get(candidate=trainee)
    assert response["Location"] == reverse("delivery:attempt", args=[attempt.pk])
    assert attempt.paper.feedback == "immediate" and attempt.paper.items.count() == 3


def test_practising_twice_resumes_the_attempt_under_way(course, trainee):
    client = client_for(trainee)
    client.post(LESSON + "exercices/")
    client.post(LESSON + "exercices/")
    assert Attempt.objects.filter(candidate=trainee).count() == 1


def test_practise_by_get_is_refused(course, trainee):
    assert client_for(trainee).get(LESSON + "exercices/").status_code == 405


def test_the_attempt_page_of_the_practice_set_opens(course, trainee):
    client = client_for(trainee)
    response = client.post(LESSON + "exercices/", follow=True)
    assert response.status_code == 200


def test_the_home_panel_link_leads_to_the_next_lesson(course, trainee):
    services.enrol(course=course, trainee=trainee)
    assert client_for(trainee).get("/courses/suite/")["Location"] == LESSON
    assert "Ma prochaine leçon" in client_for(trainee).get("/").content.decode()


@pytest.mark.parametrize("url", ["/courses/", "/courses/suite/", "/courses/SC/", LESSON])
def test_reading_pages_refuse_post(course, trainee, url):
    assert client_for(trainee).post(url).status_code == 405


@pytest.mark.parametrize("url", [LESSON + "terminee/", LESSON + "exercices/", "/courses/SC/inscription/"])
def test_actions_are_refused_to_a_person_who_does_not_practise(course, stranger, url):
    assert client_for(stranger).post(url).status_code == 403


def test_the_home_card_names_the_next_lesson(course, trainee):
    services.enrol(course=course, trainee=trainee)
    assert "Prochaine leçon : Le toucher-jouer" in client_for(trainee).get("/").content.decode()

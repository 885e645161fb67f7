"""The course pages read the database a fixed number of times, however many lessons the
course has (each lesson's link names its course: joined, not read once per lesson)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from courses.models import Lesson
from tests.conftest import client_for


def _queries(client, url: str) -> int:
    client.get(url)
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def _add_lessons(course, count: int) -> None:
    module = course.modules.order_by("order").first()
    for index in range(count):
        Lesson.objects.create(course=course, module=module, slug=f"ajout-{index}", order=100 + index,
                              title_fr=f"Leçon ajoutée {index}", body_fr="Texte.")


def test_the_course_page_reads_as_much_for_ten_more_lessons(course, trainee):
    client = client_for(trainee)
    before = _queries(client, "/courses/SC/")
    _add_lessons(course, 10)
    assert _queries(client, "/courses/SC/") == before


def test_the_course_outline_reads_as_much_for_ten_more_lessons(course, trainer):
    client = client_for(trainer)
    before = _queries(client, "/courses/rediger/SC/")
    _add_lessons(course, 10)
    assert _queries(client, "/courses/rediger/SC/") == before


def test_a_lesson_edited_after_a_visit_shows_its_new_text(course, trainee):
    client = client_for(trainee)
    lesson = course.lessons.get(slug="nulle")
    client.get(lesson.get_absolute_url())
    lesson.body_fr = "Un texte **corrigé** après la première visite."
    lesson.save()
    assert "<strong>corrigé</strong>" in client.get(lesson.get_absolute_url()).content.decode()

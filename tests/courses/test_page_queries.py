"""The course pages read the database a fixed number of times, however many lessons the
course has (each lesson's link names its course: joined, not read once per lesson)."""

from __future__ import annotations

import re

from django.core.cache import cache
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


def test_the_course_outline_reads_the_database_a_fixed_number_of_times(
    course, trainer, django_assert_max_num_queries
):
    client = client_for(trainer)
    client.get("/courses/rediger/SC/")
    with django_assert_max_num_queries(OUTLINE_QUERIES):
        assert client.get("/courses/rediger/SC/").status_code == 200


OUTLINE_QUERIES = 7


def test_the_stored_outline_is_the_outline_a_fresh_rendering_gives(course, trainer):
    client = client_for(trainer)
    cache.clear()
    fresh = client.get("/courses/rediger/SC/").content.decode()
    stored = client.get("/courses/rediger/SC/").content.decode()
    strip = re.compile(r'value="[A-Za-z0-9]{64}"|"X-CSRFToken": "[^"]+"')
    assert strip.sub("", fresh) == strip.sub("", stored) and 'data-lesson="nulle"' in stored


def test_a_lesson_renamed_after_a_visit_shows_its_new_title_on_the_outline(course, trainer):
    client = client_for(trainer)
    client.get("/courses/rediger/SC/")
    lesson = course.lessons.get(slug="nulle")
    lesson.title_fr = "La partie nulle, revue"
    lesson.needs_review = True
    lesson.save()
    html = client.get("/courses/rediger/SC/").content.decode()
    assert "La partie nulle, revue" in html and "à revoir" in html


def test_the_outline_s_buttons_carry_the_reader_s_own_csrf_token(course, trainer, other_trainer):
    """The stored fragment holds no token: each reader's page carries theirs, and it is
    accepted (a move posted from a button of the stored fragment goes through)."""
    tokens = {}
    for reader in (trainer, other_trainer):
        client = client_for(reader)
        client.handler.enforce_csrf_checks = True
        html = client.get("/courses/rediger/SC/").content.decode()
        found = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html))
        assert len(found) == 1 and "placeholder" not in html.lower()
        tokens[reader.pk] = found.pop()
        action = re.search(r'action="(/courses/rediger/SC/[^"]*/down/)"', html).group(1)
        response = client.post(action, {"csrfmiddlewaretoken": tokens[reader.pk]})
        assert response.status_code == 302
    assert tokens[trainer.pk] != tokens[other_trainer.pk]

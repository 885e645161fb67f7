"""The bank list reads the database a fixed number of times whatever the number of questions,
and its empty filters, rendered once per list of authors offered, never show a reader an
author of questions they may not see (issue 21)."""

from __future__ import annotations

import re

from django.urls import reverse

from questions import services
from tests.conftest import client_for
from tests.questions import core_samples


def _author_options(html: str) -> list[str]:
    select = re.search(r'<select name="author"[^>]*>(.*?)</select>', html, re.S)
    assert select is not None
    return re.findall(r'<option value="([^"]*)"', select.group(1))


def _drafts(author, count: int) -> None:
    for number in range(count):
        services.create_question(author=author, content=core_samples.single(), uid=f"uvr-draft-{number}")


def test_the_bank_list_reads_the_database_a_fixed_number_of_times(trainer, django_assert_max_num_queries):
    _drafts(trainer, 30)
    client = client_for(trainer)
    client.get(reverse("questions:bank"))
    with django_assert_max_num_queries(9):
        response = client.get(reverse("questions:bank"))
    assert response.status_code == 200


def test_a_reader_is_offered_only_the_authors_of_the_questions_they_see(trainer, other_trainer):
    _drafts(trainer, 1)
    assert _author_options(client_for(trainer).get(reverse("questions:bank")).content.decode()) == [
        "", str(trainer.pk),
    ]
    # Bob's draft is his alone: Béa, who comes next, is not offered Bob's name from the filters
    # rendered for him.
    assert _author_options(client_for(other_trainer).get(reverse("questions:bank")).content.decode()) == [""]


def test_the_stored_filters_are_those_a_fresh_rendering_gives(trainer):
    _drafts(trainer, 1)
    client = client_for(trainer)
    first = client.get(reverse("questions:bank")).content.decode()
    second = client.get(reverse("questions:bank")).content.decode()
    strip = re.compile(r'value="[A-Za-z0-9]{64}"|"X-CSRFToken": "[^"]+"')
    assert strip.sub("", first) == strip.sub("", second)
    assert 'name="q"' in second and 'name="needs_review"' in second


def test_a_filtered_list_shows_the_filters_as_typed(trainer):
    _drafts(trainer, 1)
    client = client_for(trainer)
    client.get(reverse("questions:bank"))
    html = client.get(reverse("questions:bank"), {"q": "pendule"}).content.decode()
    assert 'name="q" value="pendule"' in html

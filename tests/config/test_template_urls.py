"""config.template_urls: {% url %} as Django's, remembering the URLs it reversed."""

from __future__ import annotations

import uuid
from unittest import mock

import pytest
from django.template import Context, Engine, engines
from django.urls import NoReverseMatch, set_script_prefix

from config import template_urls

DJANGO = Engine()  # Django's own {% url %}


def both(source: str, **context) -> tuple[str, str]:
    ours = engines["django"].from_string(source).render(context)
    theirs = DJANGO.from_string(source).render(Context(context))
    return ours, theirs


@pytest.mark.parametrize("source", [
    "{% url 'home' %}",
    "{% url 'questions:detail' uid %}",
    "{% url 'questions:detail' uid=uid %}",
    "{% url 'papers:item_move' 3 7 %}",
    "{% url 'papers:item_move' pk=3 item_pk=7 %}",
    "{% url 'exams:staff_session' session_id %}",
    "{% url 'certificates:verify_code' 'a b&c<d>' %}",
    "{% url 'questions:detail' uid as link %}[{{ link }}]",
    "{% url 'nowhere' as link %}[{{ link }}]",
    "{% url 'admin:index' %}",
])
def test_it_renders_what_djangos_tag_renders(source):
    ours, theirs = both(source, uid="uvr-9-2-repetition", session_id=uuid.UUID(int=42))
    assert ours == theirs


def test_it_raises_as_django_does_for_a_view_that_does_not_exist():
    with pytest.raises(NoReverseMatch):
        engines["django"].from_string("{% url 'nowhere' %}").render({})


def test_it_reverses_a_url_once():
    template = engines["django"].from_string("{% url 'questions:detail' uid %}")
    template.render({"uid": "once-only"})
    with mock.patch.object(template_urls, "reverse", wraps=template_urls.reverse) as reverse:
        assert template.render({"uid": "once-only"}) == "/questions/once-only/"
        assert template.render({"uid": "another-one"}) == "/questions/another-one/"
    assert reverse.call_count == 1


def test_it_does_not_take_true_for_one():
    template = engines["django"].from_string("{% url 'questions:detail' value %}")
    assert [template.render({"value": value}) for value in (1, True)] == ["/questions/1/", "/questions/True/"]


def test_it_keeps_the_script_prefix_in_the_url():
    template = engines["django"].from_string("{% url 'home' %}")
    try:
        set_script_prefix("/arbitre/")
        under_a_prefix = template.render({})
    finally:
        set_script_prefix("/")
    assert (under_a_prefix, template.render({})) == ("/arbitre/", "/")

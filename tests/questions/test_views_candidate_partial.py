"""The candidate's view of a question, as exams and practice will include it."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from questions.ui_services import candidate_view, response_from_post
from tests.questions import core_samples
from tests.questions.conftest import flag_fall_ruling


def render(version, **options) -> str:
    template = Template(
        "{% load question_tags %}{% candidate_question version prefix=prefix shuffle_seed=seed %}"
    )
    return template.render(
        Context({"version": version, "prefix": options.get("prefix", ""), "seed": options.get("seed")})
    )


def test_it_renders_a_published_version_without_its_answer_key(published_question):
    html = render(published_question.current_version, prefix="q1-")
    assert 'name="q1-answer"' in html
    assert "correct" not in html
    assert "Article 4.3.1" not in html


def test_it_renders_the_diagram_of_a_scenario(ruling_question):
    html = render(ruling_question.draft)
    assert "<svg" in html
    assert 'name="decision" value="draw"' in html


def test_it_renders_in_english_for_an_english_candidate(published_question):
    with translation.override("en"):
        html = render(published_question.current_version)
    assert "Move the knight" in html


def test_the_same_seed_gives_the_same_order_of_options():
    content = core_samples.multiple()
    content["body"]["shuffle"] = True
    orders = {
        tuple(choice.key for choice in candidate_view(content, uid="q", shuffle_seed=7).options)
        for _ in range(3)
    }
    assert len(orders) == 1


def test_without_a_seed_the_options_keep_their_order():
    content = core_samples.multiple()
    content["body"]["shuffle"] = True
    assert [choice.key for choice in candidate_view(content, uid="q").options] == ["a", "b", "c", "d"]


def test_a_ruling_response_is_read_from_the_form():
    from django.http import QueryDict

    question = candidate_view(flag_fall_ruling(), prefix="q2-")
    data = QueryDict("q2-decision=draw&q2-sanctions=none")
    assert response_from_post(question, data) == {"decision": "draw", "sanctions": ["none"]}


def test_a_multiple_choice_response_is_read_from_the_form():
    from django.http import QueryDict

    question = candidate_view(core_samples.multiple())
    assert response_from_post(question, QueryDict("answer=b&answer=a")) == {"choices": ["a", "b"]}

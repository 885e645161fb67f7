"""The candidate's attempt page: who may open it, what it shows and never shows."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery import services
from delivery.models import AttemptEvent
from tests.conftest import client_for
from tests.delivery.conftest import SECRET_EXPLANATION, SECRET_MODEL_ANSWER, item_of


def page(user, attempt):
    return client_for(user).get(reverse("delivery:attempt", args=[attempt.pk]))


def test_it_shows_the_attempt_to_its_candidate(attempt, trainee):
    response = page(trainee, attempt)
    assert response.status_code == 200
    assert response.context["paper"].title == "UVR — session de test"


def test_it_numbers_every_question_in_the_navigator(attempt, trainee):
    html = page(trainee, attempt).content.decode()
    assert len(re.findall(r'class="dl-nav__link', html)) == 5


@pytest.mark.parametrize("role", ["other_trainee", "trainer", "grader", "exam_staff", "administrator",
                                  "stranger"])
def test_it_hides_the_attempt_from_anyone_else(attempt, role, request):
    assert page(request.getfixturevalue(role), attempt).status_code == 404


def test_it_sends_anonymous_visitors_to_the_login_page(attempt):
    response = page(None, attempt)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_it_answers_405_to_a_post(attempt, trainee):
    response = client_for(trainee).post(reverse("delivery:attempt", args=[attempt.pk]))
    assert response.status_code == 405


def test_the_page_contains_no_answer_key_explanation_or_correct_flag(attempt, trainee):
    html = page(trainee, attempt).content.decode()
    assert SECRET_EXPLANATION not in html and SECRET_MODEL_ANSWER not in html
    assert "correct" not in html.lower().replace("correction", "")
    assert "Cite 4.3" not in html  # the open question's rubric


def test_the_page_lists_options_in_the_candidates_order(attempt, trainee):
    item = item_of(attempt.paper, "t-multiple")
    html = page(trainee, attempt).content.decode()
    section = html[html.index(f'data-item="{item.pk}"'):]
    shown = re.findall(rf'name="q{item.pk}-answer" value="(\w)"', section)
    assert shown == services.option_order(attempt, item)


def test_the_page_carries_the_servers_remaining_seconds(attempt, trainee):
    html = page(trainee, attempt).content.decode()
    remaining = int(re.search(r'data-remaining="(\d+)"', html).group(1))
    assert 3590 <= remaining <= 3600


def test_the_page_s_numbers_for_the_script_are_never_localised(attempt, trainee, settings):
    settings.USE_THOUSAND_SEPARATOR = True  # French groups thousands with a space
    html = page(trainee, attempt).content.decode()
    remaining = re.search(r'data-remaining="([^"]*)"', html).group(1)
    assert remaining.isdigit() and 3590 <= int(remaining) <= 3600


def test_the_page_shows_the_saved_answers(attempt, trainee):
    item = item_of(attempt.paper, "t-numeric")
    services.save_response(attempt=attempt, item_id=item.pk, answer={"value": "12"}, sequence=3)
    html = page(trainee, attempt).content.decode()
    assert f'name="q{item.pk}-answer" value="12"' in html


def test_the_page_has_no_inline_script(attempt, trainee):
    html = page(trainee, attempt).content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)


def test_it_logs_a_resumption_when_opened_again_later(attempt, trainee):
    attempt.started_at = timezone.now() - timedelta(minutes=5)
    attempt.save()
    page(trainee, attempt)
    assert attempt.events.filter(kind=AttemptEvent.Kind.RESUMED).count() == 1


def test_it_shows_the_rulebook_link_only_when_the_paper_is_open_book(attempt, trainee):
    assert reverse("rules:index") + '" target="_blank"' not in page(trainee, attempt).content.decode()
    attempt.paper.open_book = True
    attempt.paper.save()
    assert reverse("rules:index") + '" target="_blank"' in page(trainee, attempt).content.decode()


def test_the_page_shows_no_question_of_another_paper(attempt, trainee, trainer, reviewer):
    from tests.delivery.conftest import make_paper
    from tests.questions import core_samples

    make_paper(trainer, reviewer, [("x-other", core_samples.short(stem_fr="Question d'un autre sujet"))],
               title="Autre sujet")
    assert "autre sujet" not in page(trainee, attempt).content.decode()


def test_every_question_form_carries_the_token_a_plain_post_needs(attempt, trainee):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(trainee)
    html = client.get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    forms = re.findall(r'<form method="post" class="dl-form".*?</form>', html, re.S)
    tokens = {re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1) for form in forms}
    assert len(forms) == attempt.paper.items.count() and len(tokens) == 1
    item = item_of(attempt.paper, "t-numeric")
    posted = client.post(reverse("delivery:save", args=[attempt.pk]),
                         {"csrfmiddlewaretoken": tokens.pop(), "item": item.pk, f"q{item.pk}-answer": "12"})
    assert posted.status_code == 302
    assert attempt.responses.get(item=item).answer["value"] == "12"

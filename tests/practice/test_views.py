"""The practice pages for each role, the wrong methods, and invalid choices."""

from __future__ import annotations

from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery.models import Attempt
from practice import services
from practice.services import Criteria
from tests.conftest import client_for
from tests.practice.helpers import answer

ROLES = ["trainee", "trainer", "grader", "exam_staff", "administrator"]
PAGES = ["practice:home", "practice:dashboard"]


@pytest.mark.parametrize("page", PAGES)
def test_an_anonymous_visitor_is_sent_to_the_login_page(client, db, page):
    response = client.get(reverse(page))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("role", ROLES)
def test_every_role_that_practises_sees_the_pages(request, bank_questions, page, role):
    assert client_for(request.getfixturevalue(role)).get(reverse(page)).status_code == 200


@pytest.mark.parametrize("page", PAGES)
def test_an_account_without_a_role_is_refused(stranger, page):
    assert client_for(stranger).get(reverse(page)).status_code == 403


@pytest.mark.parametrize("page", PAGES)
def test_the_pages_answer_405_to_a_post(trainee, page):
    assert client_for(trainee).post(reverse(page)).status_code == 405


@pytest.mark.parametrize("url", [reverse("practice:start"), reverse("practice:review"),
                                 reverse("practice:mock", args=["UVR"])])
def test_starting_answers_405_to_a_get(trainee, url):
    assert client_for(trainee).get(url).status_code == 405


@pytest.mark.parametrize("url", [reverse("practice:start"), reverse("practice:review"),
                                 reverse("practice:mock", args=["UVR"])])
def test_starting_is_refused_to_an_account_without_a_role(stranger, url):
    assert client_for(stranger).post(url, {"count": 5}).status_code == 403


def test_an_anonymous_visitor_cannot_start(client, db):
    response = client.post(reverse("practice:start"), {"count": 5})
    assert response.status_code == 302 and not Attempt.objects.exists()


@pytest.mark.parametrize("role", ROLES)
def test_starting_a_practice_set_opens_it_on_the_attempt_page(request, bank_questions, role):
    user = request.getfixturevalue(role)
    response = client_for(user).post(reverse("practice:start"), {"family": "laws:9", "count": 5})
    attempt = Attempt.objects.get(candidate=user)
    assert response["Location"] == reverse("delivery:attempt", args=[attempt.pk])
    assert attempt.paper.items.count() == 2


def test_an_invalid_choice_is_shown_again_with_its_error(trainee, bank_questions):
    response = client_for(trainee).post(reverse("practice:start"), {"article": "neuf ?", "count": 0})
    html = unescape(response.content.decode())
    assert response.status_code == 422 and "Écrivez un numéro d'article" in html
    assert not Attempt.objects.exists()


def test_criteria_that_fit_no_question_are_explained(trainee, bank_questions):
    response = client_for(trainee).post(reverse("practice:start"), {"unit": "UVT", "count": 5})
    assert response.status_code == 422 and "Aucune question publiée" in response.content.decode()


def test_a_review_with_nothing_due_goes_back_with_a_message(trainee, bank_questions):
    response = client_for(trainee).post(reverse("practice:review"), follow=True)
    assert "Rien à réviser" in response.content.decode() and not Attempt.objects.exists()


def test_the_review_starts_with_the_cards_due(trainee, bank_questions):
    yesterday = timezone.now() - timedelta(days=1)
    attempt = services.start_practice(trainee=trainee, criteria=Criteria(family="laws:4"), now=yesterday)
    answer(attempt, "art4-single", right=False, at=yesterday)
    response = client_for(trainee).post(reverse("practice:review"))
    review = Attempt.objects.filter(candidate=trainee).exclude(pk=attempt.pk).get()
    assert response["Location"] == reverse("delivery:attempt", args=[review.pk])


def test_an_unknown_unit_has_no_mock_exam(trainee, mock_blueprints):
    assert client_for(trainee).post(reverse("practice:mock", args=["UVX"])).status_code == 404


def test_a_unit_without_a_mock_blueprint_is_explained(trainee, bank_questions):
    response = client_for(trainee).post(reverse("practice:mock", args=["UVR"]), follow=True)
    assert "Aucun examen blanc" in response.content.decode()


def test_the_home_page_shows_the_questions_due_today(trainee, bank_questions):
    yesterday = timezone.now() - timedelta(days=1)
    attempt = services.start_practice(trainee=trainee, criteria=Criteria(family="laws:4"), now=yesterday)
    answer(attempt, "art4-single", right=False, at=yesterday)
    html = unescape(client_for(trainee).get(reverse("home")).content.decode())
    assert "1 question à revoir aujourd'hui" in html


def test_the_navigation_offers_practice_to_trainees_only_with_the_capability(trainee, stranger):
    assert reverse("practice:home") in client_for(trainee).get(reverse("home")).content.decode()
    assert reverse("practice:home") not in client_for(stranger).get(reverse("home")).content.decode()

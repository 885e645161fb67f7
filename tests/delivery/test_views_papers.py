""""Mes épreuves", starting a practice paper, and the staff's preview of a paper."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from delivery import services
from delivery.models import Attempt
from tests.conftest import client_for
from tests.delivery.conftest import SECRET_EXPLANATION


def test_the_list_shows_the_candidates_attempts_and_open_practice(attempt, practice_paper, trainee):
    services.submit_attempt(attempt=attempt)  # during a closed-book exam the list is closed
    html = client_for(trainee).get(reverse("delivery:papers")).content.decode()
    assert "UVR — session de test" in html and "Entraînement pièce touchée" in html


def test_the_list_shows_no_one_elses_attempts(attempt, other_trainee):
    html = client_for(other_trainee).get(reverse("delivery:papers")).content.decode()
    assert "UVR — session de test" not in html


def test_the_list_answers_405_to_a_post(trainee):
    assert client_for(trainee).post(reverse("delivery:papers")).status_code == 405


def test_starting_a_practice_paper_opens_an_attempt(practice_paper, trainee):
    response = client_for(trainee).post(reverse("delivery:start", args=[practice_paper.pk]))
    attempt = Attempt.objects.get(candidate=trainee)
    assert response["Location"] == reverse("delivery:attempt", args=[attempt.pk])


def test_starting_again_resumes_the_attempt_under_way(practice_paper, trainee):
    client = client_for(trainee)
    client.post(reverse("delivery:start", args=[practice_paper.pk]))
    client.post(reverse("delivery:start", args=[practice_paper.pk]))
    assert Attempt.objects.filter(candidate=trainee).count() == 1


def test_an_exam_paper_cannot_be_started_from_the_list(paper, trainee):
    assert client_for(trainee).post(reverse("delivery:start", args=[paper.pk])).status_code == 404


def test_someone_who_does_not_practise_cannot_start_a_paper(practice_paper, stranger):
    assert client_for(stranger).post(reverse("delivery:start", args=[practice_paper.pk])).status_code == 403


def test_starting_answers_405_to_a_get(practice_paper, trainee):
    assert client_for(trainee).get(reverse("delivery:start", args=[practice_paper.pk])).status_code == 405


def preview_url(paper) -> str:
    return reverse("delivery:paper_preview", args=[paper.pk])


@pytest.mark.parametrize("role", ["exam_staff", "administrator"])
def test_exam_staff_preview_an_exam_paper_as_a_candidate_sees_it(paper, role, request):
    response = client_for(request.getfixturevalue(role)).get(preview_url(paper))
    assert response.status_code == 200
    assert "est enregistré ni compté" in response.content.decode()


def test_authors_preview_a_practice_paper(practice_paper, trainer):
    assert client_for(trainer).get(preview_url(practice_paper)).status_code == 200


def test_authors_may_not_preview_an_exam_paper(paper, trainer):
    """Only exam staff open an exam paper, here as in the papers app (issue 19)."""
    assert client_for(trainer).get(preview_url(paper)).status_code == 403


@pytest.mark.parametrize("role", ["trainee", "grader", "stranger"])
def test_others_may_not_preview_a_paper(paper, role, request):
    response = client_for(request.getfixturevalue(role)).get(preview_url(paper))
    assert response.status_code == 403


def test_the_preview_stores_no_attempt_and_shows_no_key(paper, exam_staff):
    html = client_for(exam_staff).get(reverse("delivery:paper_preview", args=[paper.pk])).content.decode()
    assert not Attempt.objects.exists()
    assert SECRET_EXPLANATION not in html and not re.search(r"delivery\.js", html)


def test_the_preview_answers_405_to_a_post(paper, trainer):
    assert client_for(trainer).post(reverse("delivery:paper_preview", args=[paper.pk])).status_code == 405


def test_the_preview_of_a_missing_paper_is_404(trainer):
    assert client_for(trainer).get(reverse("delivery:paper_preview", args=[999])).status_code == 404

"""Handing in, the correction according to the paper's feedback, practice checks."""

from __future__ import annotations

import pytest
from django.urls import reverse

from delivery import services
from delivery.models import Feedback, Paper
from tests.conftest import client_for
from tests.delivery.conftest import SECRET_EXPLANATION, item_of


def url(name, attempt):
    return reverse(f"delivery:{name}", args=[attempt.pk])


def test_the_summary_counts_unanswered_and_flagged_questions(attempt, trainee):
    single = item_of(attempt.paper, "t-single")
    services.save_response(attempt=attempt, item_id=single.pk, answer={"choice": "a"}, sequence=1,
                           flagged=True)
    html = client_for(trainee).get(url("submit", attempt)).content.decode()
    assert "4 questions sans réponse" in html
    assert "1 marquée à revoir" in html


def test_handing_in_closes_the_attempt_and_comes_back_to_it(attempt, trainee):
    response = client_for(trainee).post(url("submit", attempt))
    assert response["Location"] == url("attempt", attempt)
    attempt.refresh_from_db()
    assert not attempt.is_open


@pytest.mark.parametrize("method", ["put", "delete"])
def test_the_summary_answers_405_to_other_methods(attempt, trainee, method):
    assert getattr(client_for(trainee), method)(url("submit", attempt)).status_code == 405


def test_the_summary_is_the_candidates_only(attempt, other_trainee):
    assert client_for(other_trainee).post(url("submit", attempt)).status_code == 404


def test_a_paper_corrected_on_release_shows_only_that_the_copy_was_handed_in(attempt, trainee):
    services.submit_attempt(attempt=attempt)
    html = client_for(trainee).get(url("attempt", attempt)).content.decode()
    assert "Copie remise" in html
    assert SECRET_EXPLANATION not in html


def test_the_correction_appears_once_released(attempt, trainee, exam_staff):
    attempt = services.submit_attempt(attempt=attempt)
    services.release_results(attempts=[attempt], actor=exam_staff)
    html = client_for(trainee).get(url("attempt", attempt)).content.decode()
    assert SECRET_EXPLANATION in html


def test_a_paper_corrected_at_the_end_shows_the_correction_and_the_score(attempt, trainee):
    Paper.objects.filter(pk=attempt.paper_id).update(feedback=Feedback.AT_END)
    single = item_of(attempt.paper, "t-single")
    services.save_response(attempt=attempt, item_id=single.pk, answer={"choice": "a"}, sequence=1)
    services.submit_attempt(attempt=attempt)
    html = client_for(trainee).get(url("attempt", attempt)).content.decode()
    assert SECRET_EXPLANATION in html and "Bonne réponse" in html
    assert "Note : 1 sur 8" in html


def test_an_overdue_attempt_says_time_is_up(attempt, trainee):
    attempt.deadline = attempt.started_at - services.grace_period()
    attempt.save()
    html = client_for(trainee).get(url("attempt", attempt)).content.decode()
    assert "Temps écoulé : votre copie a été remise avec les réponses enregistrées" in html


@pytest.fixture
def practice(practice_paper, trainee):
    return services.start_attempt(paper=practice_paper, candidate=trainee)


def test_checking_a_practice_answer_shows_its_correction(practice, trainee):
    item = item_of(practice.paper, "p-single")
    client = client_for(trainee)
    response = client.post(url("check", practice), {"item": item.pk, f"q{item.pk}-answer": "a"})
    html = client.get(response["Location"]).content.decode()
    assert "Bonne réponse" in html and SECRET_EXPLANATION in html


def test_only_the_checked_question_shows_its_correction(practice, trainee):
    item = item_of(practice.paper, "p-single")
    client = client_for(trainee)
    client.post(url("check", practice), {"item": item.pk, f"q{item.pk}-answer": "b"})
    html = client.get(url("attempt", practice)).content.decode()
    assert html.count("Corrigé") == 1 and "Réponse incorrecte" in html


def test_an_exam_paper_cannot_be_checked_question_by_question(attempt, trainee):
    item = item_of(attempt.paper, "t-single")
    response = client_for(trainee).post(url("check", attempt), {"item": item.pk, f"q{item.pk}-answer": "a"})
    assert response.status_code == 400
    assert not attempt.responses.exists()


def test_checking_answers_405_to_a_get(practice, trainee):
    assert client_for(trainee).get(url("check", practice)).status_code == 405

"""The rulebook is closed during a closed-book exam, open otherwise."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from delivery import services
from delivery.models import Purpose
from tests.conftest import client_for


@pytest.fixture
def sitting(attempt):
    return attempt


def test_the_rulebook_answers_403_during_a_closed_book_exam(sitting, trainee):
    response = client_for(trainee).get("/rules/")
    assert response.status_code == 403
    assert "est pas consultable pendant cette épreuve" in response.content.decode()


def test_the_rulebook_api_answers_403_during_a_closed_book_exam(sitting, trainee):
    assert client_for(trainee).get("/api/rules/editions").status_code == 403


def test_the_rulebook_stays_open_during_an_open_book_exam(sitting, trainee):
    sitting.paper.open_book = True
    sitting.paper.save()
    assert client_for(trainee).get("/rules/").status_code == 200


def test_the_rulebook_stays_open_during_practice(sitting, trainee):
    sitting.paper.purpose = Purpose.PRACTICE
    sitting.paper.save()
    assert client_for(trainee).get("/rules/").status_code == 200


def test_the_rulebook_reopens_once_the_attempt_is_handed_in(sitting, trainee):
    services.submit_attempt(attempt=sitting)
    assert client_for(trainee).get("/rules/").status_code == 200


def test_the_rulebook_reopens_once_the_deadline_and_grace_have_passed(sitting, trainee):
    sitting.deadline = timezone.now() - services.grace_period() - timedelta(seconds=1)
    sitting.save()
    assert client_for(trainee).get("/rules/").status_code == 200


def test_other_people_still_read_the_rulebook(sitting, other_trainee):
    assert client_for(other_trainee).get("/rules/").status_code == 200


def test_anonymous_visitors_still_read_the_rulebook(sitting):
    assert client_for(None).get("/rules/").status_code == 200

"""During a closed-book exam the candidate reaches their copy only; the rest reopens afterwards."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery import permissions, services
from delivery.models import Purpose
from tests.conftest import client_for
from tests.delivery.conftest import make_paper
from tests.questions import core_samples


@pytest.fixture
def sitting(attempt):
    return attempt


def test_the_rulebook_answers_403_during_a_closed_book_exam(sitting, trainee):
    response = client_for(trainee).get("/rules/")
    assert response.status_code == 403
    assert "seule votre copie est accessible" in response.content.decode()


def test_the_403_page_leads_back_to_the_copy(sitting, trainee):
    response = client_for(trainee).get("/rules/")
    assert reverse("delivery:attempt", args=[sitting.pk]) in response.content.decode()


@pytest.mark.parametrize("path", ["/practice/", "/courses/", "/delivery/papers/", "/positions/reference/",
                                  "/questions/", "/tournaments/", "/", "/accounts/profile/"])
def test_practice_courses_and_the_rest_answer_403_during_a_closed_book_exam(sitting, trainee, path):
    assert client_for(trainee).get(path).status_code == 403


def test_starting_a_practice_paper_is_refused_during_a_closed_book_exam(sitting, trainee, trainer, reviewer):
    practice = make_paper(trainer, reviewer, [("p-tf", core_samples.truefalse())], purpose=Purpose.PRACTICE,
                          locked_at=timezone.now(), duration=None)
    response = client_for(trainee).post(reverse("delivery:start", args=[practice.pk]))
    assert response.status_code == 403 and not practice.attempts.exists()


def test_a_practice_attempt_started_before_shows_no_correction_during_the_exam(sitting, trainee, trainer,
                                                                              reviewer):
    practice = make_paper(trainer, reviewer, [("p-tf", core_samples.truefalse())], purpose=Purpose.PRACTICE,
                          locked_at=timezone.now(), duration=None)
    earlier = services.start_attempt(paper=practice, candidate=trainee)
    services.submit_attempt(attempt=earlier)
    assert client_for(trainee).get(reverse("delivery:attempt", args=[earlier.pk])).status_code == 403


@pytest.mark.parametrize("name", ["delivery:attempt", "delivery:submit", "delivery:clock"])
def test_the_copys_own_pages_stay_open(sitting, trainee, name):
    assert client_for(trainee).get(reverse(name, args=[sitting.pk])).status_code == 200


def test_the_copy_still_saves(sitting, trainee):
    item = sitting.paper.items.first()
    response = client_for(trainee).post(reverse("delivery:save", args=[sitting.pk]),
                                        {"item": item.pk, "sequence": "1"}, HTTP_ACCEPT="application/json")
    assert response.status_code == 200


@pytest.mark.parametrize("path", ["/examens/", "/static/css/arbitre.css", "/healthz"])
def test_the_exam_lobby_and_static_files_stay_open(sitting, trainee, path):
    assert client_for(trainee).get(path).status_code != 403


def test_signing_out_stays_open(sitting, trainee):
    assert client_for(trainee).post(reverse("accounts:logout")).status_code == 302


def test_the_exam_page_shows_no_site_menu(sitting, trainee):
    content = client_for(trainee).get(reverse("delivery:attempt", args=[sitting.pk])).content.decode()
    assert 'class="site-nav"' not in content


def test_an_open_book_exam_page_keeps_its_menu(sitting, trainee):
    sitting.paper.open_book = True
    sitting.paper.save()
    content = client_for(trainee).get(reverse("delivery:attempt", args=[sitting.pk])).content.decode()
    assert 'class="site-nav"' in content


def test_the_api_answers_403_in_json_during_a_closed_book_exam(sitting, trainee):
    response = client_for(trainee).get("/api/rules/editions")
    assert response.status_code == 403 and "seule votre copie" in response.json()["detail"]


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


def test_practice_reopens_once_the_attempt_is_handed_in(sitting, trainee):
    services.submit_attempt(attempt=sitting)
    assert client_for(trainee).get("/practice/").status_code == 200


def test_the_rulebook_reopens_once_the_deadline_and_grace_have_passed(sitting, trainee):
    sitting.deadline = timezone.now() - services.grace_period() - timedelta(seconds=1)
    sitting.save()
    assert client_for(trainee).get("/rules/").status_code == 200


def test_other_people_still_read_the_rulebook(sitting, other_trainee):
    assert client_for(other_trainee).get("/rules/").status_code == 200


def test_anonymous_visitors_still_read_the_rulebook(sitting):
    assert client_for(None).get("/rules/").status_code == 200


def test_the_copies_in_progress_are_those_the_orm_reads(attempt, practice_paper, trainee, other_trainee):
    """The statement compiled once reads what the rule's queryset reads: before, within and past
    the deadline's grace, for the candidate and for someone else."""
    services.start_attempt(paper=practice_paper, candidate=trainee)
    open_book = make_paper(attempt.paper.created_by, attempt.paper.created_by, [], open_book=True)
    services.start_attempt(paper=open_book, candidate=trainee)
    for offset in (timedelta(0), timedelta(hours=1, seconds=10), timedelta(hours=2), timedelta(days=-1)):
        now = timezone.now() + offset
        for person in (trainee, other_trainee):
            rows = permissions.exam_copies_in_progress_queryset(person.pk, now - services.grace_period())
            assert permissions.exam_copies_in_progress(person, now) == {pk: not book for pk, book in rows}

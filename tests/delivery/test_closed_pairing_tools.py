"""While an exam copy with a pairing question is sat, even open-book, the tournament tools that
pair a round with the engine are closed: the candidate could feed them their own tournament."""

from __future__ import annotations

import pytest
from django.urls import reverse

from delivery import services
from tests.conftest import client_for
from tests.delivery.conftest import make_paper
from tests.questions import core_samples
from tests.questions.pairing_samples import pairing as pairing_content

TOOLS = ("tournaments:pairing_board", "tournaments:pair_round", "tournaments:check_pairing")


def open_book_exam(trainer, reviewer, trainee, contents):
    paper = make_paper(trainer, reviewer, contents, title="UVT", open_book=True)
    return services.start_attempt(paper=paper, candidate=trainee, seed=4)


@pytest.mark.parametrize("name", TOOLS)
def test_the_pairing_tools_answer_403_during_an_open_book_exam_with_a_pairing_question(
    trainer, reviewer, trainee, name
):
    open_book_exam(trainer, reviewer, trainee, [("p-open", pairing_content())])
    response = client_for(trainee).get(reverse(name))
    assert response.status_code == 403 and "outils de tournoi sont fermés" in response.content.decode()


def test_the_manager_of_tournaments_is_closed_too(trainer, reviewer, trainee):
    open_book_exam(trainer, reviewer, trainee, [("p-open", pairing_content())])
    assert client_for(trainee).get(reverse("managed_tournaments:index")).status_code == 403


def test_the_rulebook_and_the_copy_stay_open_beside_them(trainer, reviewer, trainee):
    attempt = open_book_exam(trainer, reviewer, trainee, [("p-open", pairing_content())])
    client = client_for(trainee)
    assert client.get("/rules/").status_code == 200
    assert client.get(reverse("delivery:attempt", args=[attempt.pk])).status_code == 200


def test_an_open_book_exam_without_a_pairing_question_leaves_the_tools_open(trainer, reviewer, trainee):
    open_book_exam(trainer, reviewer, trainee, [("t-single", core_samples.single())])
    assert client_for(trainee).get(reverse("tournaments:pairing_board")).status_code == 200


def test_the_tools_reopen_once_the_copy_is_handed_in(trainer, reviewer, trainee):
    attempt = open_book_exam(trainer, reviewer, trainee, [("p-open", pairing_content())])
    services.submit_attempt(attempt=attempt)
    assert client_for(trainee).get(reverse("tournaments:pairing_board")).status_code == 200

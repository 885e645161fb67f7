"""While an exam copy with a pairing question is sat, even open-book, the tournament tools that
pair a round with the engine are closed: the candidate could feed them their own tournament."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from delivery import services
from tests.conftest import client_for, make_user
from tests.delivery.conftest import make_paper, publish
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, with_image
from tests.questions.pairing_samples import livre
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


@pytest.fixture
def candidate_trainer(db):
    # A trainer sits the UVT too: the bank's pages pair any tournament they type in.
    return make_user("cyrille@example.org", "trainer", first_name="Cyrille")


def own_pairing_question(author, reviewer):
    # The candidate's own question on the exam's tournament, typed in as TRF16: its page is
    # the engine's pairing of it, explained step by step.
    return publish(livre(3), "p-mine", author, reviewer)


def test_it_refuses_a_candidate_trainer_their_own_pairing_question_s_key_during_an_open_book_exam(
    trainer, reviewer, candidate_trainer
):
    own_pairing_question(candidate_trainer, reviewer)
    open_book_exam(trainer, reviewer, candidate_trainer, [("p-open", pairing_content())])
    response = client_for(candidate_trainer).get(reverse("questions:detail", args=["p-mine"]))
    assert response.status_code == 403
    assert "Correction de l'appariement" not in html.unescape(response.content.decode())


def test_it_refuses_a_candidate_trainer_the_editor_s_preview_during_an_open_book_exam(
    trainer, reviewer, candidate_trainer
):
    open_book_exam(trainer, reviewer, candidate_trainer, [("p-open", pairing_content())])
    assert client_for(candidate_trainer).post(reverse("questions:editor_preview")).status_code == 403


def test_the_bank_reopens_for_the_candidate_trainer_once_the_copy_is_handed_in(
    trainer, reviewer, candidate_trainer
):
    own_pairing_question(candidate_trainer, reviewer)
    attempt = open_book_exam(trainer, reviewer, candidate_trainer, [("p-open", pairing_content())])
    services.submit_attempt(attempt=attempt)
    response = client_for(candidate_trainer).get(reverse("questions:detail", args=["p-mine"]))
    page = html.unescape(response.content.decode())
    assert response.status_code == 200 and "Correction de l'appariement" in page


def test_an_open_book_exam_without_a_pairing_question_leaves_the_bank_open(
    trainer, reviewer, candidate_trainer
):
    own_pairing_question(candidate_trainer, reviewer)
    open_book_exam(trainer, reviewer, candidate_trainer, [("t-single", core_samples.single())])
    assert client_for(candidate_trainer).get(reverse("questions:detail", args=["p-mine"])).status_code == 200


def test_the_images_of_the_copy_being_sat_still_load_beside_a_pairing_question(
    trainer, reviewer, candidate_trainer
):
    image_question = with_image(core_samples.single(), data=png_bytes())
    contents = [("p-open", pairing_content()), ("t-image", image_question)]
    attempt = open_book_exam(trainer, reviewer, candidate_trainer, contents)
    version = attempt.paper.items.get(version__question__uid="t-image").version
    url = reverse("questions:image", args=[version.pk, version.media[0]["sha256"]])
    assert client_for(candidate_trainer).get(url).status_code == 200

"""The trainer's and staff's pages of a pairing question: the bank's page (the key: the
engine's pairing explained), the candidate preview where a trainer tries it, and the staff
preview of a paper."""

from __future__ import annotations

import html
import json

import pytest
from django.urls import reverse

from questions import computed, pairing
from tests.conftest import client_for, make_user
from tests.delivery.conftest import make_paper, publish
from tests.questions.pairing_samples import pairing as pairing_content


@pytest.fixture
def reviewer(db):
    return make_user("rita@example.org", "trainer", first_name="Rita")


def sample_engine(version) -> dict:
    seed = computed.SAMPLE_SEEDS[0]
    situation = pairing.situation_for(version.body, seed)
    engine = pairing.engine_round(version.body, seed, situation.round)
    return {"pairs": [list(p) for p in engine.pairs], "byes": list(engine.byes)}


def test_the_bank_page_shows_the_situation_and_the_explained_key(trainer, reviewer):
    publish(pairing_content(), "p-bank", trainer, reviewer)
    response = client_for(trainer).get(reverse("questions:detail", args=["p-bank"]))
    page = html.unescape(response.content.decode())
    assert "Correction de l'appariement" in page and "Comment on y arrive" in page
    assert "Ce que demande la première ronde" in page


def test_a_trainer_trying_the_question_with_the_engines_pairing_gets_full_marks(trainer, reviewer):
    version = publish(pairing_content(), "p-try", trainer, reviewer)
    answer = sample_engine(version)
    response = client_for(trainer).post(
        reverse("questions:preview", args=["p-try"]),
        {"answer": json.dumps(answer), "version": version.number},
    )
    assert response.status_code == 200
    assert "bonne réponse" in html.unescape(response.content.decode())


def test_the_staff_preview_of_a_paper_shows_the_board_but_not_the_correction(trainer, reviewer, exam_staff):
    paper = make_paper(trainer, reviewer, [("p-preview", pairing_content())], title="UVT — aperçu")
    page = client_for(exam_staff).get(reverse("delivery:paper_preview", args=[paper.pk])).content.decode()
    assert "Barème" in page and "Correction de l'appariement" not in page

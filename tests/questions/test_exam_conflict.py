"""A person registered for an exam session does not read its paper's questions in the bank
until the session has ended: not in the list, the export, a question's page or its editor."""

from __future__ import annotations

import pytest
from django.urls import reverse

from delivery.models import Purpose
from tests.conftest import client_for
from tests.delivery.exposure_fixtures import paper_of, publish_pair, register, release

RESERVED_UID = "exam-stops-clock"


@pytest.fixture
def exam_paper(trainer, other_trainer):
    reserved, _free = publish_pair(trainer, other_trainer)
    return paper_of([reserved], purpose=Purpose.EXAM)


@pytest.fixture
def candidate_trainer(other_trainer, exam_paper, exam_staff):
    """A trainer registered for the session (AFO candidates teach SJ stages)."""
    register(other_trainer, exam_paper, exam_staff)
    return other_trainer


def test_the_bank_list_leaves_the_session_s_questions_out_for_its_candidate(candidate_trainer):
    html = client_for(candidate_trainer).get(reverse("questions:bank")).content.decode()
    assert RESERVED_UID not in html and "free-touch-move" in html


def test_the_bank_list_still_shows_them_to_other_trainers(trainer, candidate_trainer):
    assert RESERVED_UID in client_for(trainer).get(reverse("questions:bank")).content.decode()


def test_the_export_leaves_them_out(candidate_trainer):
    text = client_for(candidate_trainer).get(reverse("questions:export")).content.decode()
    assert RESERVED_UID not in text and "free-touch-move" in text


@pytest.mark.parametrize(
    "name", ["questions:detail", "questions:edit", "questions:preview", "questions:history"]
)
def test_a_question_s_pages_are_refused_to_the_candidate_with_the_reason(candidate_trainer, name):
    response = client_for(candidate_trainer).get(reverse(name, args=[RESERVED_UID]))
    assert response.status_code == 403 and "inscrit" in response.content.decode()


def test_once_the_session_has_ended_the_candidate_reads_it(candidate_trainer, exam_paper, trainee):
    release(exam_paper, trainee)
    assert (
        client_for(candidate_trainer).get(reverse("questions:detail", args=[RESERVED_UID])).status_code == 200
    )


def test_the_rule_read_once_for_every_reader_still_asks_each_reader_s_own_registrations(
    trainer, candidate_trainer
):
    """The conflicts' statement is compiled once and reused with the reader's id: readers that
    follow one another in the same process each get their own answer."""
    bank, page = reverse("questions:bank"), reverse("questions:detail", args=[RESERVED_UID])
    for _turn in range(2):
        assert RESERVED_UID not in client_for(candidate_trainer).get(bank).content.decode()
        assert RESERVED_UID in client_for(trainer).get(bank).content.decode()
        assert client_for(candidate_trainer).get(page).status_code == 403
        assert client_for(trainer).get(page).status_code == 200

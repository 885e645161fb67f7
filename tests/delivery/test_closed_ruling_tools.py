"""While an exam copy showing a board is sat, even open-book, the engine that rules on a position
or a game is closed to its candidate: typed the copy's scenario, it gives the ruling (a draw
claim, a flag fall, an illegal move) explained with its articles, the answer key of the question.
The analysis page and the question editor's checks are a trainer's (a trainer sits the UVR too);
the public API's analysis is closed to the candidate's session (it takes anonymous requests too:
those the exam room's invigilation must stop, as any other site).

An open-book exam allows the rulebook, as a pairing exam's does not allow the pairing engine
(tests/delivery/test_closed_pairing_tools.py); the diagrams of the copy still draw.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from delivery import diagrams, services
from tests.conftest import client_for
from tests.delivery.conftest import make_paper
from tests.questions import core_samples

ENGINE = ("positions:analyse", "positions:analyse_panel", "questions:editor_preview", "questions:check_moves")
# A threefold-repetition claim: the copy replays its moves on a board.
WITH_A_BOARD = ("t-claim", core_samples.threefold_claim())


def open_book_exam(trainer, reviewer, candidate, contents):
    paper = make_paper(trainer, reviewer, contents, title="UVR documents autorisés", open_book=True)
    return services.start_attempt(paper=paper, candidate=candidate, seed=4)


@pytest.mark.parametrize("name", ENGINE)
def test_the_ruling_engine_answers_403_during_an_open_book_exam_showing_a_board(
    trainer, reviewer, other_trainer, name
):
    open_book_exam(trainer, reviewer, other_trainer, [WITH_A_BOARD])
    response = client_for(other_trainer).post(reverse(name), {"fen": "8/8/8/8/8/8/8/K6k w - - 0 1"})
    assert response.status_code == 403


def test_the_chess_api_s_analysis_answers_403_in_json_during_it(trainer, reviewer, trainee):
    open_book_exam(trainer, reviewer, trainee, [WITH_A_BOARD])
    response = client_for(trainee).post(
        "/api/chess/analyse", {"fen": "8/8/8/8/8/8/8/K6k w - - 0 1"}, content_type="application/json"
    )
    assert response.status_code == 403 and response["Content-Type"].startswith("application/json")


def test_the_rulebook_and_the_copy_s_diagrams_stay_open_beside_it(trainer, reviewer, trainee):
    attempt = open_book_exam(trainer, reviewer, trainee, [WITH_A_BOARD])
    client = client_for(trainee)
    fen = sorted(diagrams.copy_positions(attempt))[0]
    assert client.get("/rules/").status_code == 200
    assert client.get(reverse("positions:diagram"), {"fen": fen}).status_code == 200


def test_an_open_book_exam_without_a_board_leaves_the_analysis_open(trainer, reviewer, other_trainer):
    open_book_exam(trainer, reviewer, other_trainer, [("t-plain", core_samples.truefalse())])
    assert client_for(other_trainer).get(reverse("positions:analyse")).status_code == 200


def test_the_analysis_reopens_once_the_copy_is_handed_in(trainer, reviewer, other_trainer):
    attempt = open_book_exam(trainer, reviewer, other_trainer, [WITH_A_BOARD])
    services.submit_attempt(attempt=attempt)
    assert client_for(other_trainer).get(reverse("positions:analyse")).status_code == 200

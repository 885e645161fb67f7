"""« Rendre la ronde » asks for a confirmation first (as "Submit all and finish" does): the
board is saved, the page comes back with the boards made and the players left unpaired, and
only the confirmation's button hands the round in. No script is needed for any of it."""

from __future__ import annotations

import html
import json

import pytest
from django.urls import reverse

from delivery import services
from tests.conftest import client_for
from tests.delivery.test_pairing_items import as_answer, engine_of, practice_paper  # noqa: F401 - fixture

pytestmark = pytest.mark.django_db


def ask(client, attempt, item, answer: dict, round_number: str = "2"):
    return client.post(
        reverse("delivery:save", args=[attempt.pk]),
        {
            "item": item.pk,
            "sequence": 1,
            f"q{item.pk}-answer": json.dumps(answer),
            f"q{item.pk}-hand_in_ask": round_number,
        },
    )


@pytest.fixture
def asked(practice_paper, trainee):  # noqa: F811 - the fixture imported above
    """A trainee who made two boards of round 2 and asked to hand the round in."""
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee, seed=3)
    item = practice_paper.items.get()
    two_boards = {"pairs": [list(pair) for pair in engine_of(attempt, item, 2).pairs[:2]], "byes": []}
    response = ask(client_for(trainee), attempt, item, two_boards)
    return attempt, item, response


def test_asking_to_hand_in_saves_the_board_but_hands_nothing_in(asked):
    attempt, item, _response = asked
    answer = attempt.responses.get(item=item).answer
    assert len(answer["pairs"]) == 2 and "handed" not in answer


def test_asking_to_hand_in_brings_the_page_back_to_the_confirmation(asked):
    _attempt, item, response = asked
    assert response.status_code == 302
    assert response["Location"].endswith(f"?rendre=item-{item.pk}")


def test_the_confirmation_counts_the_boards_made_and_the_players_left_unpaired(asked, trainee):
    attempt, item, response = asked
    page = html.unescape(client_for(trainee).get(response["Location"]).content.decode())
    present = sum(2 for _ in engine_of(attempt, item, 2).pairs) + len(engine_of(attempt, item, 2).byes)
    assert "Rendre la ronde 2 ?" in page
    assert f"2 échiquiers formés, {present - 4} joueurs sans appariement." in page


def test_the_confirmation_button_hands_the_round_in(asked, trainee):
    _attempt, item, response = asked
    page = client_for(trainee).get(response["Location"]).content.decode()
    assert f'name="q{item.pk}-hand_in" value="2"' in page


def test_the_page_without_the_request_shows_no_confirmation(asked, trainee):
    attempt, _item, _response = asked
    page = client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert "data-hand-in-confirm" not in page and "data-hand-in-ask" in page


def test_a_confirmation_asked_from_a_stale_page_is_refused(practice_paper, trainee):  # noqa: F811
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee, seed=3)
    item = practice_paper.items.get()
    response = ask(client_for(trainee), attempt, item, {"pairs": [], "byes": []}, round_number="3")
    assert response.status_code == 400
    assert not attempt.responses.filter(item=item).exists()


def test_confirming_hands_the_round_in(asked, trainee):
    attempt, item, _response = asked
    client_for(trainee).post(
        reverse("delivery:save", args=[attempt.pk]),
        {
            "item": item.pk,
            "sequence": 2,
            f"q{item.pk}-answer": json.dumps(as_answer(engine_of(attempt, item, 2))),
            f"q{item.pk}-hand_in": "2",
        },
    )
    assert len(attempt.responses.get(item=item).answer["handed"]) == 1

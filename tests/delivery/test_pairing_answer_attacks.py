"""A pairing answer posted by a candidate who cheats or slips, or typed in by a careless
grader: refused with a reason (never a 500), never handed in twice, never a stale board
saved over the next round."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery import services
from delivery.models import Feedback, Purpose
from tests.conftest import client_for
from tests.delivery.conftest import make_paper
from tests.delivery.test_pairing_items import as_answer, engine_of
from tests.questions.pairing_samples import livre
from tests.questions.pairing_samples import pairing as pairing_content


@pytest.fixture
def pairing_paper(trainer, reviewer):
    return make_paper(trainer, reviewer, [("p-generated", pairing_content())], title="UVT — appariement")


@pytest.fixture
def practice_paper(trainer, reviewer):
    return make_paper(
        trainer,
        reviewer,
        [("p-livre", livre(2, rounds_to_pair=2))],
        title="UVT — Livre 4.3",
        purpose=Purpose.PRACTICE,
        feedback=Feedback.AT_END,
        duration=None,
        locked_at=timezone.now(),
    )


def save(client, attempt, item, data):
    return client.post(
        reverse("delivery:save", args=[attempt.pk]), {"item": item.pk, **data}, HTTP_ACCEPT="application/json"
    )


def test_an_answer_nested_thousands_deep_is_refused_with_a_reason(pairing_paper, trainee):
    attempt = services.start_attempt(paper=pairing_paper, candidate=trainee, seed=7)
    item = pairing_paper.items.get()
    response = save(client_for(trainee), attempt, item, {"sequence": 1, f"q{item.pk}-answer": "[" * 50_000})
    assert response.status_code == 400 and "lisible" in response.json()["message"]


def test_a_second_hand_in_of_the_same_round_hands_nothing_more_in(practice_paper, trainee):
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee, seed=3)
    item = practice_paper.items.get()
    client = client_for(trainee)
    round_2 = as_answer(engine_of(attempt, item, 2))
    posted = {f"q{item.pk}-answer": json.dumps(round_2), f"q{item.pk}-hand_in": "2", f"q{item.pk}-round": "2"}
    client.post(reverse("delivery:save", args=[attempt.pk]), {"item": item.pk, **posted})
    again = client.post(reverse("delivery:save", args=[attempt.pk]), {"item": item.pk, **posted})
    answer = attempt.responses.get(item=item).answer
    assert answer["handed"] == [round_2] and answer["pairs"] == []
    assert again.status_code == 400 and "rechargez" in again.content.decode()


def test_a_board_of_a_round_already_handed_in_is_not_saved_over_the_next(practice_paper, trainee):
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee, seed=3)
    item = practice_paper.items.get()
    client = client_for(trainee)
    round_2 = as_answer(engine_of(attempt, item, 2))
    round_3 = as_answer(engine_of(attempt, item, 3))
    base = {"item": item.pk, f"q{item.pk}-answer": json.dumps(round_2)}
    client.post(reverse("delivery:save", args=[attempt.pk]), {**base, f"q{item.pk}-hand_in": "2"})
    save(client, attempt, item, {f"q{item.pk}-answer": json.dumps(round_3), f"q{item.pk}-round": "3"})
    stale = save(client, attempt, item, {f"q{item.pk}-answer": json.dumps(round_2), f"q{item.pk}-round": "2"})
    assert stale.status_code == 400
    assert attempt.responses.get(item=item).answer["pairs"] == round_3["pairs"]


def test_a_hand_in_naming_no_round_or_another_round_is_refused(practice_paper, trainee):
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee, seed=3)
    item = practice_paper.items.get()
    client = client_for(trainee)
    round_2 = json.dumps(as_answer(engine_of(attempt, item, 2)))
    for value in ("1", "3", "oui"):
        response = save(client, attempt, item, {f"q{item.pk}-answer": round_2, f"q{item.pk}-hand_in": value})
        assert response.status_code == 400
    assert not attempt.responses.filter(item=item).exists()


def test_players_not_in_the_candidates_tournament_or_seated_twice_are_refused(pairing_paper, trainee):
    attempt = services.start_attempt(paper=pairing_paper, candidate=trainee, seed=7)
    item = pairing_paper.items.get()
    client = client_for(trainee)
    good = as_answer(engine_of(attempt, item))
    save(client, attempt, item, {"sequence": 1, f"q{item.pk}-answer": json.dumps(good)})
    hostile = (
        {"pairs": [[9999, 9998]], "byes": []},
        {"pairs": [[1, 1]], "byes": []},
        {"pairs": [], "byes": [2, 2]},
    )
    for sequence, answer in enumerate(hostile, 2):
        response = save(
            client, attempt, item, {"sequence": sequence, f"q{item.pk}-answer": json.dumps(answer)}
        )
        assert response.status_code == 400, answer
    assert attempt.responses.get(item=item).answer == good


def test_online_the_text_form_still_refuses_a_player_seated_twice_or_absent(practice_paper, trainee):
    # What a paper copy records as written stays refused for an answer saved online (round 2 of
    # the Livre's 4.3 example: 12 is absent).
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee, seed=3)
    item = practice_paper.items.get()
    client = client_for(trainee)
    twice = save(
        client, attempt, item, {f"q{item.pk}-answer__text": "5-1\n2-7\n10-7", f"q{item.pk}-round": "2"}
    )
    absent = save(client, attempt, item, {f"q{item.pk}-answer__text": "5-1\n14-12", f"q{item.pk}-round": "2"})
    assert twice.status_code == 400 and "déjà placé" in twice.json()["message"]
    assert absent.status_code == 400 and "ne joue pas cette ronde" in absent.json()["message"]
    assert not attempt.responses.filter(item=item).exists()

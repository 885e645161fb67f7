"""Pairing questions in an attempt: each candidate's tournament, the board's answer saved
through the normal path, the engine's pairing kept out of the page until the correction,
rounds handed in one at a time, and the grading on the server."""

from __future__ import annotations

import html
import json

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery import services
from delivery.models import Feedback, Purpose
from questions import pairing
from tests.conftest import client_for
from tests.delivery.conftest import make_paper
from tests.questions.pairing_samples import livre
from tests.questions.pairing_samples import pairing as pairing_content


def as_answer(round_pairing) -> dict:
    return {"pairs": [list(p) for p in round_pairing.pairs], "byes": list(round_pairing.byes)}


def engine_text(round_pairing) -> list[str]:
    return [f"{w}-{b}" for w, b in round_pairing.pairs]


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


def engine_of(attempt, item, number=None):
    body = item.version.body
    seed = services.variant_seed(attempt, item)
    return pairing.engine_round(body, seed, number or pairing.situation_for(body, seed).round)


def test_two_candidates_get_different_tournaments(pairing_paper, trainee, other_trainee):
    item = pairing_paper.items.get()
    first = services.start_attempt(paper=pairing_paper, candidate=trainee, seed=11)
    second = services.start_attempt(paper=pairing_paper, candidate=other_trainee, seed=12)
    names = [
        pairing.situation_for(item.version.body, services.variant_seed(a, item)).tournament.players[0].name
        for a in (first, second)
    ]
    assert names[0] != names[1]


def test_the_engines_pairing_earns_full_marks_on_the_server(pairing_paper, trainee):
    attempt = services.start_attempt(paper=pairing_paper, candidate=trainee, seed=7)
    item = pairing_paper.items.get()
    services.save_response(
        attempt=attempt, item_id=item.pk, answer=as_answer(engine_of(attempt, item)), sequence=1
    )
    graded = services.submit_attempt(attempt=attempt)
    assert graded.score == graded.max_score == item.points


def test_a_board_posted_as_json_is_saved_as_the_answer(pairing_paper, trainee):
    attempt = services.start_attempt(paper=pairing_paper, candidate=trainee, seed=8)
    item = pairing_paper.items.get()
    answer = as_answer(engine_of(attempt, item))
    response = client_for(trainee).post(
        reverse("delivery:save", args=[attempt.pk]),
        {"item": item.pk, "sequence": 1, f"q{item.pk}-answer": json.dumps(answer)},
    )
    assert response.status_code in (200, 302)
    assert attempt.responses.get(item=item).answer == answer


def test_a_board_typed_as_text_is_saved_as_the_answer(pairing_paper, trainee):
    attempt = services.start_attempt(paper=pairing_paper, candidate=trainee, seed=8)
    item = pairing_paper.items.get()
    (a, b), (c, d) = engine_of(attempt, item).pairs[:2]
    client_for(trainee).post(
        reverse("delivery:save", args=[attempt.pk]),
        {"item": item.pk, "sequence": 1, f"q{item.pk}-answer__text": f"{b}-{a}\n{c} - {d}\n"},
    )
    assert attempt.responses.get(item=item).answer == {"pairs": [[b, a], [c, d]], "byes": []}


def test_an_unreadable_text_is_refused_with_the_line(pairing_paper, trainee):
    attempt = services.start_attempt(paper=pairing_paper, candidate=trainee, seed=8)
    item = pairing_paper.items.get()
    response = client_for(trainee).post(
        reverse("delivery:save", args=[attempt.pk]),
        {"item": item.pk, "sequence": 1, f"q{item.pk}-answer__text": "3-1\ntrois contre quatre"},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 400 and "Ligne 2" in response.content.decode()


def test_the_page_shows_the_players_but_never_the_engines_pairing(pairing_paper, trainee):
    attempt = services.start_attempt(paper=pairing_paper, candidate=trainee, seed=5)
    item = pairing_paper.items.get()
    seed = services.variant_seed(attempt, item)
    situation = pairing.situation_for(item.version.body, seed)
    page = html.unescape(
        client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    )
    assert situation.tournament.players[0].name in page
    assert "Comment on y arrive" not in page and "Le moteur apparie" not in page
    assert not any(f"<code>{line}</code>" in page for line in engine_text(engine_of(attempt, item)))


def test_a_round_handed_in_reveals_its_results_and_asks_the_next(practice_paper, trainee):
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee, seed=3)
    item = practice_paper.items.get()
    client = client_for(trainee)
    page = client.get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert "Rendre la ronde 2" in page
    client.post(
        reverse("delivery:save", args=[attempt.pk]),
        {
            "item": item.pk,
            "sequence": 1,
            f"q{item.pk}-answer": json.dumps(as_answer(engine_of(attempt, item, 2))),
            f"q{item.pk}-hand_in": "2",
        },
    )
    answer = attempt.responses.get(item=item).answer
    page = html.unescape(client.get(reverse("delivery:attempt", args=[attempt.pk])).content.decode())
    assert len(answer["handed"]) == 1 and answer["pairs"] == []
    assert "Ronde 2 rendue" in page and "Appariez les rondes 2 à 3" in page


def test_a_round_handed_in_cannot_be_changed_by_a_later_post(practice_paper, trainee):
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee, seed=3)
    item = practice_paper.items.get()
    client = client_for(trainee)
    handed = as_answer(engine_of(attempt, item, 2))
    client.post(
        reverse("delivery:save", args=[attempt.pk]),
        {
            "item": item.pk,
            "sequence": 1,
            f"q{item.pk}-answer": json.dumps(handed),
            f"q{item.pk}-hand_in": "2",
        },
    )
    client.post(
        reverse("delivery:save", args=[attempt.pk]),
        {
            "item": item.pk,
            "sequence": 2,
            f"q{item.pk}-answer": json.dumps(
                {"pairs": [[1, 2]], "byes": [], "handed": [{"pairs": [], "byes": []}]}
            ),
        },
    )
    assert attempt.responses.get(item=item).answer["handed"] == [handed]


def test_both_livre_rounds_handed_in_earn_full_marks_and_the_correction_explains_them(
    practice_paper, trainee
):
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee, seed=3)
    item = practice_paper.items.get()
    answer = {**as_answer(engine_of(attempt, item, 3)), "handed": [as_answer(engine_of(attempt, item, 2))]}
    services.save_response(attempt=attempt, item_id=item.pk, answer=answer, sequence=1)
    graded = services.submit_attempt(attempt=attempt)
    page = html.unescape(
        client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    )
    assert graded.score == graded.max_score
    assert "Correction de l'appariement" in page and "Groupes de points" in page

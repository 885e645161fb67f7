"""Computed questions in an attempt: each candidate's variant, its grading on the server, the
answer kept out of the page, and the worked solution in the correction."""

from __future__ import annotations

import html
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery import services
from delivery.models import Feedback, Purpose
from questions import computed
from tests.conftest import client_for
from tests.delivery.conftest import make_paper
from tests.questions.computed_samples import computed as computed_content


@pytest.fixture
def computed_paper(trainer, reviewer):
    return make_paper(trainer, reviewer, [
        ("c-buchholz", computed_content("swiss-buchholz")),
        ("c-berger", computed_content("berger-meeting", {"min_players": 6, "max_players": 12})),
    ], title="UVT — calculs")


def expected_value(attempt, item) -> str:
    variant = computed.generate(item.version.body, services.variant_seed(attempt, item))
    return format(variant.answer.value.normalize(), "f")


def correct_key(attempt, item) -> str:
    variant = computed.generate(item.version.body, services.variant_seed(attempt, item))
    return next(option.key for option in variant.answer.options if option.correct)


def test_two_candidates_get_different_variants(computed_paper, trainee, other_trainee):
    first = services.start_attempt(paper=computed_paper, candidate=trainee, seed=11)
    second = services.start_attempt(paper=computed_paper, candidate=other_trainee, seed=12)
    item = computed_paper.items.get(position=1)
    stems = {computed.generate(item.version.body, services.variant_seed(attempt, item)).stem_fr
             for attempt in (first, second)}
    assert len(stems) == 2


def test_the_variant_is_reproducible_from_the_attempts_seed(computed_paper, trainee):
    attempt = services.start_attempt(paper=computed_paper, candidate=trainee, seed=42)
    item = computed_paper.items.get(position=1)
    assert services.item_content(attempt, item) == services.item_content(attempt, item)
    assert services.variant_seed(attempt, item) == computed.item_seed(42, item.pk)


def test_a_right_answer_to_each_candidates_variant_earns_the_points(computed_paper, trainee):
    attempt = services.start_attempt(paper=computed_paper, candidate=trainee, seed=7)
    buchholz, berger = computed_paper.items.get(position=1), computed_paper.items.get(position=2)
    services.save_response(attempt=attempt, item_id=buchholz.pk,
                           answer={"value": expected_value(attempt, buchholz).replace(".", ",")}, sequence=1)
    services.save_response(attempt=attempt, item_id=berger.pk,
                           answer={"choice": correct_key(attempt, berger)}, sequence=1)
    graded = services.submit_attempt(attempt=attempt)
    assert (graded.score, graded.max_score) == (Decimal(4), Decimal(4))


def test_another_candidates_answer_is_wrong_for_this_variant(computed_paper, trainee, other_trainee):
    mine = services.start_attempt(paper=computed_paper, candidate=trainee, seed=101)
    theirs = services.start_attempt(paper=computed_paper, candidate=other_trainee, seed=202)
    item = computed_paper.items.get(position=1)
    value = expected_value(theirs, item)
    if value == expected_value(mine, item):
        pytest.skip("both variants happen to share their answer")
    services.save_response(attempt=mine, item_id=item.pk, answer={"value": value}, sequence=1)
    graded = services.submit_attempt(attempt=mine)
    assert graded.responses.get(item=item).correct is False


def test_the_attempt_page_shows_the_variant_but_never_its_answer_or_solution(computed_paper, trainee):
    attempt = services.start_attempt(paper=computed_paper, candidate=trainee, seed=5)
    item = computed_paper.items.get(position=1)
    variant = computed.generate(item.version.body, services.variant_seed(attempt, item))
    response = client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk]))
    page = html.unescape(response.content.decode())
    assert variant.table_fr.caption in page and variant.stem_fr in page
    assert variant.solution_fr[:60] not in page and "adversaire virtuel" not in page
    assert "correct" not in page.lower().replace("correction", "")


def test_a_posted_answer_is_read_with_the_candidates_variant(computed_paper, trainee):
    attempt = services.start_attempt(paper=computed_paper, candidate=trainee, seed=9)
    item = computed_paper.items.get(position=2)
    response = client_for(trainee).post(reverse("delivery:save", args=[attempt.pk]), {
        "item": item.pk, "sequence": 1, f"q{item.pk}-answer": correct_key(attempt, item)})
    assert response.status_code in (200, 204, 302)
    assert attempt.responses.get(item=item).answer == {"choice": correct_key(attempt, item)}


def test_the_correction_shows_the_worked_solution_of_the_candidates_variant(trainer, reviewer, trainee):
    paper = make_paper(trainer, reviewer, [("c-elo", computed_content("elo-change", units=["UVO"]))],
                       title="Entraînement Elo", purpose=Purpose.PRACTICE, feedback=Feedback.AT_END,
                       duration=None, locked_at=timezone.now())
    attempt = services.start_attempt(paper=paper, candidate=trainee, seed=3)
    services.submit_attempt(attempt=attempt)
    item = paper.items.get()
    variant = computed.generate(item.version.body, services.variant_seed(attempt, item))
    page = client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert variant.solution_fr in html.unescape(page)

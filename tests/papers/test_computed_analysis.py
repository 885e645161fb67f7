"""Item analysis of a computed question: one item (its pinned generator version) whatever the
variant each candidate met, graded like any numeric or choice question."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse

from delivery import services as delivery
from delivery.models import Paper, PaperItem
from papers.statistics import analyse_paper
from questions import computed
from questions import services as bank
from tests.conftest import client_for, make_user
from tests.questions.computed_samples import computed as computed_content


@pytest.fixture
def computed_paper(trainer, other_trainer):
    """Four candidates sat a Berger-table question, each with his own variant: three right."""
    question = bank.create_question(author=trainer, uid="uvo-berger-calc",
                                    content=computed_content("berger-meeting", units=["UVO"]))
    bank.submit_for_review(question=question, user=trainer)
    version = bank.approve(question=question, reviewer=other_trainer)
    paper = Paper.objects.create(title="UVO juin", duration=timedelta(hours=1))
    item = PaperItem.objects.create(paper=paper, position=1, version=version, points=Decimal(2))
    for index, right in enumerate((True, True, True, False)):
        attempt = delivery.start_attempt(paper=paper, candidate=make_user(f"c{index}@example.org"),
                                         seed=1000 + index)
        variant = computed.generate(version.body, delivery.variant_seed(attempt, item))
        key = next(option.key for option in variant.answer.options if option.correct is right)
        delivery.save_response(attempt=attempt, item_id=item.pk, answer={"choice": key}, sequence=1)
        delivery.submit_attempt(attempt=attempt)
    return paper


def test_the_variants_of_a_computed_question_make_one_item(computed_paper):
    analysis = analyse_paper(paper=computed_paper)
    assert [round(row.facility) for row in analysis.items.all()] == [75]


def test_option_keys_of_different_variants_are_not_counted_together(computed_paper):
    analysis = analyse_paper(paper=computed_paper)
    assert analysis.items.get().option_counts == {}


def test_the_analysis_page_names_the_generator_and_its_version(exam_staff, computed_paper):
    analyse_paper(paper=computed_paper)
    html = client_for(exam_staff).get(reverse("papers:analysis", args=[computed_paper.pk])).content.decode()
    assert "générateur berger-meeting, version 1" in html

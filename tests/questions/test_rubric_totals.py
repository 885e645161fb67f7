"""An open question's rubric adds up to the points a grader sees: the version's own points and
the points a paper gives it (a 4-point question is never marked on three criteria "sur 1")."""

from __future__ import annotations

from decimal import Decimal
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from delivery.models import PaperItem
from papers import services as papers
from questions.models import QuestionVersion
from tests.conftest import make_user
from tests.delivery.conftest import make_paper
from tests.questions import core_samples

pytestmark = pytest.mark.django_db

THREE_CRITERIA = [
    {"criterion_fr": f"Critère {n}", "criterion_en": f"Criterion {n}", "points": 1} for n in (1, 2, 3)
]


@pytest.fixture
def reviewer(db):
    return make_user("rita@example.org", "trainer", first_name="Rita")


@pytest.fixture
def open_paper(trainer, reviewer):
    """A paper with one open question worth 3 points, marked on three criteria of 1 point."""
    content = core_samples.open_answer()
    content["body"]["rubric"] = THREE_CRITERIA
    return make_paper(trainer, reviewer, [("o-three", content)])


def test_a_version_whose_rubric_misses_its_points_does_not_validate(open_paper):
    version = QuestionVersion(type="open", points=Decimal(4), body={"rubric": THREE_CRITERIA})
    with pytest.raises(ValidationError, match="Les points du barème"):
        version.clean()


def test_a_paper_cannot_weigh_an_open_question_off_its_rubric(open_paper):
    with pytest.raises(papers.CompositionError, match="barème de 3 points"):
        papers.set_points(item=open_paper.items.get(), points=Decimal(4))


def test_check_bank_finds_a_paper_that_gives_an_open_question_other_points(open_paper):
    PaperItem.objects.filter(paper=open_paper).update(points=Decimal(4))
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("check_bank", "--database", stdout=out)
    assert "question 1 (o-three v1)" in out.getvalue()


def test_check_bank_passes_open_questions_marked_on_their_points(open_paper):
    out = StringIO()
    call_command("check_bank", "--database", stdout=out)
    assert "0 rubric problem(s)" in out.getvalue()


def test_a_blueprint_rule_s_points_leave_a_drawn_open_question_its_rubric_s_points(open_paper):
    version = open_paper.items.get().version
    assert papers.points_on_paper(version, Decimal(4)) == Decimal(3)

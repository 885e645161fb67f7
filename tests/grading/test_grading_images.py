"""Graders and exam staff get the image of the question they grade or preview, nobody else
(questions.media_access)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import Role
from grading.models import Assignment
from tests.conftest import client_for, make_user
from tests.delivery.conftest import make_paper
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, with_image

pytestmark = pytest.mark.django_db


@pytest.fixture
def exam_paper(trainer, reviewer):
    """The grading fixtures' paper, its open question showing an image."""
    return make_paper(
        trainer,
        reviewer,
        [("g-single", core_samples.single()),
         ("g-open", with_image(core_samples.open_answer(), data=png_bytes()))],
        title="UVR — jury",
    )


def image_url(exam_paper) -> str:
    version = exam_paper.items.get(version__question__uid="g-open").version
    return reverse("questions:image", args=[version.pk, version.media[0]["sha256"]])


def test_a_grader_gets_the_image_of_the_answer_they_grade(distributed, exam_paper):
    grader = Assignment.objects.order_by("pk").first().grader
    assert client_for(grader).get(image_url(exam_paper)).status_code == 200


def test_a_grader_of_another_session_does_not(distributed, exam_paper):
    stranger = make_user("gaston@example.org", Role.GRADER, first_name="Gaston")
    assert client_for(stranger).get(image_url(exam_paper)).status_code == 404


def test_exam_staff_get_it_through_the_paper_s_preview(exam_staff, exam_paper):
    assert client_for(exam_staff).get(image_url(exam_paper)).status_code == 200


def test_the_grading_page_shows_it(distributed, exam_paper):
    assignment = Assignment.objects.order_by("pk").first()
    page = client_for(assignment.grader).get(reverse("grading:assignment", args=[assignment.pk]))
    assert image_url(exam_paper) in page.content.decode()

"""Who is printed a paper centre's codes: its invigilators and the mapping keepers, never a
grader who may grade its copies (``exams.anonymity.may_print_codes``).

An exam staff member who grades the session reads the centre's candidates by name (its
invigilation page, with their accommodations) and, on the answer sheets, its codes, one sheet in
large print: with the centre of tests/grading/test_paper_mode.py (two candidates, Papier1 in
large print) the two joined names to codes, and the grader then marked copies they could name.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from grading import paper, services
from tests.conftest import client_for
from tests.grading.test_paper_mode import paper_candidates, paper_centre  # noqa: F401 - fixtures

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_grading(sat_session, administrator, grader, exam_staff):
    """The administrator (exam staff) is named among the session's graders."""
    services.configure(
        session=sat_session,
        graders=[administrator, grader],
        discrepancy_threshold=Decimal(20),
        borderline_margin=Decimal(5),
        actor=exam_staff,
    )
    return administrator


def test_staff_who_grade_the_session_are_not_printed_a_centres_answer_sheets(
    paper_candidates,  # noqa: F811
    paper_centre,  # noqa: F811
    staff_grading,
):
    url = reverse("grading:answer_sheets", args=[paper_centre.pk])
    assert client_for(staff_grading).get(url).status_code == 403


def test_the_mapping_keepers_are_printed_the_answer_sheets(paper_candidates, paper_centre, exam_staff):  # noqa: F811
    url = reverse("grading:answer_sheets", args=[paper_centre.pk])
    assert client_for(exam_staff).get(url).status_code == 200


def test_a_grader_named_at_the_centre_is_printed_its_answer_sheets(
    paper_candidates,  # noqa: F811
    paper_centre,  # noqa: F811
    staff_grading,
):
    paper_centre.invigilators.add(staff_grading)
    url = reverse("grading:answer_sheets", args=[paper_centre.pk])
    assert client_for(staff_grading).get(url).status_code == 200


def test_the_per_copy_subject_prints_no_code_to_staff_who_grade_the_session(
    sat_session,
    paper_candidates,  # noqa: F811
    staff_grading,
):
    assert paper.printable_copies(sat_session, staff_grading) == []


def test_the_per_copy_subject_prints_every_paper_copy_to_the_mapping_keepers(
    sat_session,
    paper_candidates,  # noqa: F811
    exam_staff,
):
    codes = [copy.anonymity_code for copy in paper.printable_copies(sat_session, exam_staff)]
    assert codes == ["UVR-PPPP-4444", "UVR-QQQQ-5555"]

"""A grader the exam office takes off a session stops grading it (exams.anonymity).

The office removes a grader when it learns they know a candidate, or may not grade: their copies
waiting for a mark must go to the others, and the copies they held must close to them.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from grading import services
from grading.models import Assignment
from tests.conftest import client_for
from tests.grading.conftest import configure

pytestmark = pytest.mark.django_db


def test_a_grader_taken_off_the_session_no_longer_opens_a_copy_they_marked(
    sat_session, distributed, grader, second_grader, third_grader, exam_staff
):
    marked = services.grade(
        assignment=Assignment.objects.filter(grader=grader).first(), marks=[1, 2], actor=grader
    )
    configure(sat_session, [second_grader, third_grader], exam_staff)
    assert client_for(grader).get(reverse("grading:assignment", args=[marked.pk])).status_code == 403


def test_a_grader_taken_off_the_session_can_no_longer_change_a_mark_they_gave(
    sat_session, distributed, grader, second_grader, third_grader, exam_staff
):
    marked = services.grade(
        assignment=Assignment.objects.filter(grader=grader).first(), marks=[1, 2], actor=grader
    )
    configure(sat_session, [second_grader, third_grader], exam_staff)
    with pytest.raises(services.GradingError, match="pas correcteur"):
        services.grade(assignment=marked, marks=[0, 0], actor=grader)


def test_the_copies_a_removed_grader_had_not_marked_go_to_the_others(
    sat_session, distributed, grader, second_grader, third_grader, exam_staff
):
    configure(sat_session, [second_grader, third_grader], exam_staff)
    services.distribute(session=sat_session, actor=exam_staff)
    # The page of a copy they had not marked is gone with it.
    assert not Assignment.objects.filter(grader=grader, points__isnull=True).exists()
    assert Assignment.objects.filter(session=sat_session, points__isnull=True).count() == 4

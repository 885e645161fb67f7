"""A grader who is a candidate of the session grades none of its copies (exams.anonymity).

A grader may sit an exam (every role practises and registers): Gina (``grader``) sits the
session of tests/grading/conftest.py beside Alice and Zébulon. She knows her own code, and a
candidate marking the copies of the candidates they are ranked against, or their own, is the
conflict an exam office never allows.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from grading import services
from grading.models import Assignment
from tests.conftest import client_for
from tests.grading.conftest import configure, open_response, sit

pytestmark = pytest.mark.django_db

GINA_CODE = "UVR-CCCC-4444"


@pytest.fixture
def grader_who_sat(sat_session, centre, copies, grader):
    """Gina sat the session too: her copy waits to be graded with the others."""
    return sit(sat_session, centre, grader, choice="a", text="La pièce touchée se joue.", code=GINA_CODE)


def test_it_refuses_to_name_a_candidate_of_the_session_among_its_graders(
    sat_session, grader_who_sat, grader, second_grader, third_grader, exam_staff
):
    with pytest.raises(services.GradingError, match="candidat"):
        configure(sat_session, [grader, second_grader, third_grader], exam_staff)


def test_a_grader_who_registered_after_being_named_is_given_no_copy_of_the_session(
    sat_session, centre, copies, grader, second_grader, third_grader, exam_staff
):
    configure(sat_session, [grader, second_grader, third_grader], exam_staff)
    sit(sat_session, centre, grader, choice="a", text="La pièce touchée se joue.", code=GINA_CODE)
    services.distribute(session=sat_session, actor=exam_staff)
    assert not Assignment.objects.filter(grader=grader).exists()


def test_a_grader_who_sat_the_session_is_refused_their_own_copy(
    sat_session, grader_who_sat, grader, second_grader, exam_staff
):
    configure(sat_session, [second_grader, exam_staff], exam_staff)
    own = Assignment.objects.create(
        response=open_response(grader_who_sat),
        session=sat_session,
        grader=grader,
        round=Assignment.Round.FIRST,
    )
    assert client_for(grader).get(reverse("grading:assignment", args=[own.pk])).status_code == 403
    with pytest.raises(services.GradingError, match="candidat"):
        services.grade(assignment=own, marks=[1, 2], actor=grader)


def test_a_grader_who_sat_the_session_is_refused_another_candidates_copy(
    sat_session, copies, grader_who_sat, grader
):
    other = Assignment.objects.create(
        response=open_response(copies[1]), session=sat_session, grader=grader, round=Assignment.Round.FIRST
    )
    assert client_for(grader).get(reverse("grading:assignment", args=[other.pk])).status_code == 403


def test_the_next_copy_offered_is_never_one_of_a_session_the_grader_sat(
    sat_session, copies, grader_who_sat, grader
):
    Assignment.objects.create(
        response=open_response(copies[1]), session=sat_session, grader=grader, round=Assignment.Round.FIRST
    )
    assert services.next_assignment(grader=grader) is None

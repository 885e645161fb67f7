from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest

from exams.models import AuditEntry
from grading import services
from grading.models import Assignment
from tests.grading.conftest import open_response

pytestmark = pytest.mark.django_db


def grade_both(registration, first_marks, second_marks, actor):
    response = open_response(registration)
    first = response.assignments.get(round=1)
    second = response.assignments.get(round=2)
    services.grade(assignment=first, marks=first_marks, actor=first.grader)
    services.grade(assignment=second, marks=second_marks, actor=second.grader)
    response.refresh_from_db()
    return response


def test_it_assigns_each_open_response_to_two_different_graders(distributed):
    response = open_response(distributed[0])
    graders = list(response.assignments.values_list("grader_id", flat=True))
    assert len(graders) == 2
    assert len(set(graders)) == 2


def test_it_balances_the_load_between_graders(distributed, sat_session):
    loads = Counter(Assignment.objects.filter(session=sat_session).values_list("grader_id", flat=True))
    assert max(loads.values()) - min(loads.values()) <= 1


def test_distributing_again_creates_nothing_new(distributed, sat_session, exam_staff):
    assert services.distribute(session=sat_session, actor=exam_staff) == 0


def test_it_refuses_to_distribute_with_fewer_than_two_graders(sat_session, copies, grader, exam_staff):
    services.configure(
        session=sat_session,
        graders=[grader],
        discrepancy_threshold=Decimal(20),
        borderline_margin=Decimal(5),
        actor=exam_staff,
    )
    with pytest.raises(services.GradingError):
        services.distribute(session=sat_session, actor=exam_staff)


def test_agreeing_marks_give_their_mean_to_the_engine(distributed, exam_staff):
    response = grade_both(distributed[0], [1, 2], [1, "1.5"], exam_staff)
    assert response.points == Decimal("2.75")
    assert not response.assignments.filter(round=3).exists()


def test_the_attempt_is_totalled_once_the_open_answer_is_settled(distributed, exam_staff):
    grade_both(distributed[0], [1, 2], [1, 2], exam_staff)
    attempt = distributed[0].attempt
    attempt.refresh_from_db()
    assert attempt.score == Decimal(4)
    assert attempt.passed is True


def test_a_discrepancy_calls_in_a_third_grader_who_is_neither_of_the_first_two(distributed, exam_staff):
    response = grade_both(distributed[0], [1, 2], [0, 0], exam_staff)
    third = response.assignments.get(round=3)
    assert third.grader_id not in set(
        response.assignments.filter(round__lt=3).values_list("grader_id", flat=True)
    )
    assert response.points is None


def test_the_third_graders_mark_is_final(distributed, exam_staff):
    response = grade_both(distributed[0], [1, 2], [0, 0], exam_staff)
    third = response.assignments.get(round=3)
    services.grade(assignment=third, marks=[1, 1], actor=third.grader)
    response.refresh_from_db()
    assert response.points == Decimal(2)


def test_a_mark_outside_the_rubric_is_refused(distributed):
    assignment = open_response(distributed[0]).assignments.get(round=1)
    with pytest.raises(services.GradingError):
        services.grade(assignment=assignment, marks=[5, 0], actor=assignment.grader)


def test_every_grade_is_audit_logged(distributed):
    assignment = open_response(distributed[0]).assignments.get(round=1)
    services.grade(assignment=assignment, marks=[1, 0], comment="Cite l'article", actor=assignment.grader)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.GRADE)
    assert entry.actor == assignment.grader
    assert entry.details["points"] == "1.00"


def test_a_changed_mark_that_creates_a_discrepancy_withdraws_the_final_mark(distributed, exam_staff):
    response = grade_both(distributed[0], [1, 2], [1, 2], exam_staff)
    second = response.assignments.get(round=2)
    services.grade(assignment=second, marks=[0, 0], actor=second.grader)
    response.refresh_from_db()
    assert response.points is None
    assert response.assignments.filter(round=3).exists()


def test_next_assignment_stays_on_the_same_question(distributed, grader):
    first = Assignment.objects.filter(grader=grader).first()
    following = services.next_assignment(grader=grader, after=first)
    assert following is None or following.response.item_id == first.response.item_id

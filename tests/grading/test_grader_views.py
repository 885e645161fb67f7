from __future__ import annotations

import pytest
from django.urls import reverse

from exams.models import AuditEntry
from grading.models import Assignment
from tests.conftest import client_for
from tests.grading.conftest import SECRET_NAME

pytestmark = pytest.mark.django_db


@pytest.fixture
def own_assignment(distributed, grader):
    return Assignment.objects.filter(grader=grader).first()


@pytest.fixture
def others_assignment(distributed, grader):
    return Assignment.objects.exclude(grader=grader).first()


def mark(client, assignment, first="1", second="2", comment=""):
    return client.post(
        reverse("grading:assignment", args=[assignment.pk]),
        {"mark_0": first, "mark_1": second, "comment": comment},
    )


def test_anonymous_visitors_are_sent_to_login(distributed):
    response = client_for(None).get(reverse("grading:queue"))
    assert response.status_code == 302


@pytest.mark.parametrize("role", ["trainee", "trainer", "stranger"])
def test_people_who_do_not_grade_are_refused_the_queue(role, request, distributed):
    user = request.getfixturevalue(role)
    assert client_for(user).get(reverse("grading:queue")).status_code == 403


@pytest.mark.parametrize("role", ["grader", "exam_staff", "administrator"])
def test_graders_see_their_queue(role, request, distributed):
    user = request.getfixturevalue(role)
    assert client_for(user).get(reverse("grading:queue")).status_code == 200


def test_the_queue_lists_only_the_graders_own_assignments(own_assignment, others_assignment, grader):
    html = client_for(grader).get(reverse("grading:queue")).content.decode()
    assert f'data-assignment="{own_assignment.pk}"' in html
    assert f'data-assignment="{others_assignment.pk}"' not in html


def test_the_queue_shows_each_copys_code_and_question_without_a_query_per_copy(
    own_assignment, grader, django_assert_max_num_queries
):
    client = client_for(grader)
    client.get(reverse("grading:queue"))
    with django_assert_max_num_queries(12):
        html = client.get(reverse("grading:queue")).content.decode()
    code = own_assignment.response.attempt.exam_registration.anonymity_code
    assert code in html
    assert f"Question {own_assignment.response.item.position}" in html


def test_the_queue_refuses_post(distributed, grader):
    assert client_for(grader).post(reverse("grading:queue")).status_code == 405


def test_a_grader_sees_the_code_and_the_answer_but_never_the_name(own_assignment, grader):
    html = client_for(grader).get(reverse("grading:assignment", args=[own_assignment.pk])).content.decode()
    code = own_assignment.response.attempt.exam_registration.anonymity_code
    assert code in html
    assert SECRET_NAME not in html and "Alice" not in html


def test_a_grader_reads_the_candidates_answer_not_your_answer(own_assignment, grader):
    html = client_for(grader).get(reverse("grading:assignment", args=[own_assignment.pk])).content.decode()
    assert "Réponse du candidat" in html
    assert "Votre réponse" not in html


def test_a_grader_cannot_open_another_graders_assignment(others_assignment, grader):
    response = client_for(grader).get(reverse("grading:assignment", args=[others_assignment.pk]))
    assert response.status_code == 404


def test_a_grader_cannot_mark_another_graders_assignment(others_assignment, grader):
    response = mark(client_for(grader), others_assignment)
    assert response.status_code == 404


def test_a_trainee_cannot_open_an_assignment(own_assignment, trainee):
    response = client_for(trainee).get(reverse("grading:assignment", args=[own_assignment.pk]))
    assert response.status_code == 403


def test_the_assignment_page_refuses_put(own_assignment, grader):
    response = client_for(grader).put(reverse("grading:assignment", args=[own_assignment.pk]))
    assert response.status_code == 405


def test_saving_a_mark_moves_on_to_the_next_copy(own_assignment, grader):
    response = mark(client_for(grader), own_assignment)
    own_assignment.refresh_from_db()
    assert own_assignment.points is not None
    assert response.status_code == 302


def test_the_saved_mark_is_announced_with_a_french_decimal_comma(own_assignment, grader):
    client = client_for(grader)
    response = mark(client, own_assignment, first="0.5", second="1")
    assert "Note enregistrée : 1,5." in client.get(response.url).content.decode()


def test_after_the_last_copy_the_queue_says_once_that_all_are_graded(distributed, grader):
    client = client_for(grader)
    for assignment in Assignment.objects.filter(grader=grader):
        response = mark(client, assignment)
    html = client.get(response.url).content.decode()
    notices = sum(html.count(text) for text in ("Toutes vos copies sont corrigées", "toutes vos copies."))
    assert notices == 1


def test_an_out_of_range_mark_re_renders_the_form_with_422(own_assignment, grader):
    response = mark(client_for(grader), own_assignment, first="7")
    assert response.status_code == 422
    assert AuditEntry.objects.filter(action=AuditEntry.Action.GRADE).count() == 0


def test_a_missing_mark_gets_a_clear_message(own_assignment, grader):
    response = mark(client_for(grader), own_assignment, first="")
    assert "Donnez une note à ce critère" in response.content.decode()


@pytest.mark.parametrize("role", ["trainee", "grader", "trainer"])
def test_only_exam_staff_set_up_the_grading(role, request, sat_session):
    user = request.getfixturevalue(role)
    assert client_for(user).get(reverse("grading:setup", args=[sat_session.pk])).status_code == 403


@pytest.mark.parametrize("role", ["exam_staff", "administrator"])
def test_exam_staff_see_the_grading_setup(role, request, sat_session):
    user = request.getfixturevalue(role)
    assert client_for(user).get(reverse("grading:setup", args=[sat_session.pk])).status_code == 200


def test_the_setup_needs_two_graders(sat_session, exam_staff, grader):
    response = client_for(exam_staff).post(
        reverse("grading:setup", args=[sat_session.pk]),
        {"graders": [grader.pk], "discrepancy_threshold": "20", "borderline_margin": "5"},
    )
    assert response.status_code == 422


def test_exam_staff_choose_graders_and_distribute(sat_session, copies, exam_staff, grader, second_grader):
    client = client_for(exam_staff)
    client.post(
        reverse("grading:setup", args=[sat_session.pk]),
        {"graders": [grader.pk, second_grader.pk], "discrepancy_threshold": "25", "borderline_margin": "5"},
    )
    client.post(reverse("grading:distribute", args=[sat_session.pk]))
    assert Assignment.objects.filter(session=sat_session).count() == 4


def test_distribute_refuses_get(sat_session, exam_staff):
    assert client_for(exam_staff).get(reverse("grading:distribute", args=[sat_session.pk])).status_code == 405


def test_a_grader_cannot_distribute(sat_session, grader):
    assert client_for(grader).post(reverse("grading:distribute", args=[sat_session.pk])).status_code == 403

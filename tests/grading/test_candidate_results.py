from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.urls import reverse

from delivery.models import AttemptStatus
from delivery.presentation import Slot
from grading import jury
from tests.conftest import client_for
from tests.grading.test_jury import settle_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(distributed):
    return distributed[0]


def publish(session, actor, release):
    jury.deliberate(session=session, actor=actor)
    jury.publish(session=session, actor=actor, release_corrections=release)


def lobby(user, registration):
    return client_for(user).get(reverse("exams:lobby", args=[registration.pk])).content.decode()


def test_before_publication_the_lobby_says_results_are_not_published(alice, trainee):
    assert "Résultats non publiés" in lobby(trainee, alice)


def test_while_the_copy_is_being_sat_the_lobby_announces_no_result(alice, trainee):
    alice.attempt.status = AttemptStatus.IN_PROGRESS
    alice.attempt.save(update_fields=["status"])
    html = lobby(trainee, alice)
    assert "Résultats non publiés" not in html
    assert "data-attempt" in html


def test_a_handed_in_copy_is_offered_as_such_before_publication(alice, trainee):
    html = lobby(trainee, alice)
    assert "Voir ma copie remise" in html
    assert "Accéder à l'épreuve" not in html


def test_after_publication_the_lobby_no_longer_offers_to_enter_the_exam(
    distributed, alice, trainee, sat_session, exam_staff
):
    settle_all(distributed)
    publish(sat_session, exam_staff, release=True)
    assert "data-attempt" not in lobby(trainee, alice)


def test_after_publication_the_lobby_shows_the_score_and_result(
    distributed, alice, trainee, sat_session, exam_staff
):
    settle_all(distributed)
    publish(sat_session, exam_staff, release=False)
    html = lobby(trainee, alice)
    assert "Note : 4 sur 4" in html
    assert 'data-result="passed"' in html


def test_the_corrected_copy_is_hidden_unless_released(distributed, alice, trainee, sat_session, exam_staff):
    settle_all(distributed)
    publish(sat_session, exam_staff, release=False)
    response = client_for(trainee).get(reverse("grading:corrected_copy", args=[alice.pk]))
    assert response.status_code == 404


def test_a_released_copy_shows_answers_and_the_correction(
    distributed, alice, trainee, sat_session, exam_staff
):
    settle_all(distributed)
    publish(sat_session, exam_staff, release=True)
    response = client_for(trainee).get(reverse("grading:corrected_copy", args=[alice.pk]))
    assert response.status_code == 200
    assert "Article 4.3.1" in response.content.decode()


def test_a_candidate_cannot_read_anothers_results(
    distributed, other_candidate, alice, sat_session, exam_staff
):
    settle_all(distributed)
    publish(sat_session, exam_staff, release=True)
    client = client_for(other_candidate)
    assert client.get(reverse("grading:corrected_copy", args=[alice.pk])).status_code == 404
    assert client.get(reverse("exams:lobby", args=[alice.pk])).status_code == 404


def test_the_corrected_copy_is_not_published_before_the_jury(alice, trainee):
    response = client_for(trainee).get(reverse("grading:corrected_copy", args=[alice.pk]))
    assert response.status_code == 404


def test_anonymous_visitors_are_sent_to_login_from_the_copy(alice):
    assert client_for(None).get(reverse("grading:corrected_copy", args=[alice.pk])).status_code == 302


@pytest.mark.parametrize("role", ["grader", "exam_staff"])
def test_staff_and_graders_cannot_open_a_candidates_copy_page(role, request, alice):
    user = request.getfixturevalue(role)
    assert client_for(user).get(reverse("grading:corrected_copy", args=[alice.pk])).status_code == 404


def test_the_corrected_copy_refuses_post(alice, trainee):
    assert client_for(trainee).post(reverse("grading:corrected_copy", args=[alice.pk])).status_code == 405


def corrected_copy(user, registration) -> str:
    return client_for(user).get(reverse("grading:corrected_copy", args=[registration.pk])).content.decode()


def test_it_labels_an_answer_with_part_of_its_marks_as_partially_right(
    distributed, alice, trainee, sat_session, exam_staff
):
    settle_all(distributed, marks=(1, 1))  # the open answer: 2 of its 3 points
    publish(sat_session, exam_staff, release=True)
    html = corrected_copy(trainee, alice)
    assert 'data-verdict="partial"' in html
    assert "Réponse partiellement juste" in html


def test_it_labels_an_answer_with_full_marks_as_right(distributed, alice, trainee, sat_session, exam_staff):
    settle_all(distributed)
    publish(sat_session, exam_staff, release=True)
    html = corrected_copy(trainee, alice)
    assert html.count('data-verdict="correct"') == 2
    assert "Réponse partiellement juste" not in html


def test_it_labels_an_answer_with_no_marks_as_incorrect(
    distributed, other_candidate, sat_session, exam_staff
):
    settle_all(distributed)
    publish(sat_session, exam_staff, release=True)
    html = corrected_copy(other_candidate, distributed[1])  # the wrong choice: 0 of 1
    assert 'data-verdict="wrong"' in html
    assert "Réponse incorrecte" in html


def test_it_labels_an_answer_whose_penalty_cancels_its_marks_as_incorrect():
    response = SimpleNamespace(
        needs_hand_grading=False, correct=False, points=Decimal("0.5"), penalty=Decimal(1)
    )
    slot = SimpleNamespace(response=response, answered=True)
    assert Slot.verdict.fget(slot) == "wrong"


def test_the_copy_page_announces_the_mark_the_jury_set_not_the_graded_total(
    distributed, alice, trainee, sat_session, exam_staff
):
    settle_all(distributed)
    jury.decide(
        session=sat_session, registration=alice, actor=exam_staff, adjust=True, score=Decimal("1.5"),
        reason="Barème appliqué à tort à la question 2.",
    )  # fmt: skip
    publish(sat_session, exam_staff, release=True)
    alice.attempt.refresh_from_db()
    assert alice.attempt.score == Decimal("4")  # the graded total, which the jury replaced
    html = client_for(trainee).get(reverse("delivery:attempt", args=[alice.attempt.pk])).content.decode()
    assert "Note : 1,50 sur 4" in html and "Note arrêtée par le jury" in html
    assert "Note : 4 sur 4" not in html and 'data-result="failed"' in html

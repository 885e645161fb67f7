"""Mock exams: the real duration and mix, drawn per attempt, timed, corrected only at the end."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from delivery import services as delivery
from delivery.models import AttemptStatus, Feedback, Purpose
from practice import services
from practice.mocks import ensure_mock_blueprints, proportional_mix
from practice.models import Card
from tests.conftest import client_for
from tests.practice.helpers import answer, uids

NOW = timezone.now()


def test_the_mix_follows_the_bank_in_proportion():
    cells = Counter({("single", 2): 60, ("truefalse", 1): 30, ("numeric", 3): 10})
    assert proportional_mix(cells, 10) == {("numeric", 3): 1, ("single", 2): 6, ("truefalse", 1): 3}


def test_the_mix_never_asks_more_than_the_bank_holds():
    assert sum(proportional_mix(Counter({("single", 1): 2, ("ruling", 2): 1}), 30).values()) == 3


def test_the_blueprints_are_made_once_with_the_real_durations_and_no_open_question(mock_blueprints):
    assert ensure_mock_blueprints() == []
    uvr = mock_blueprints["UVR"]
    assert uvr.purpose == Purpose.MOCK and uvr.duration_minutes == 120
    assert "open" not in {rule.question_type for rule in uvr.rules.all()}


def test_a_mock_is_timed_like_the_exam_and_corrected_at_the_end(trainee, mock_blueprints):
    attempt = services.start_mock(trainee=trainee, unit="UVR", now=NOW)
    assert attempt.deadline - attempt.started_at == timedelta(hours=2)
    assert attempt.paper.feedback == Feedback.AT_END and attempt.paper.purpose == Purpose.MOCK
    assert uids(attempt) == {"art4-single", "art4-truefalse", "art9-single", "art9-truefalse"}


def test_each_mock_attempt_draws_its_own_paper(trainee, other_trainee, mock_blueprints):
    first = services.start_mock(trainee=trainee, unit="UVR", now=NOW)
    second = services.start_mock(trainee=other_trainee, unit="UVR", now=NOW)
    assert first.paper_id != second.paper_id and first.paper.is_locked


def test_starting_again_resumes_the_mock_under_way(trainee, mock_blueprints):
    first = services.start_mock(trainee=trainee, unit="UVR", now=NOW)
    assert services.start_mock(trainee=trainee, unit="UVR", now=NOW + timedelta(minutes=30)) == first


def test_a_mock_past_its_deadline_is_handed_in_and_a_new_one_drawn(trainee, mock_blueprints):
    first = services.start_mock(trainee=trainee, unit="UVR", now=NOW)
    second = services.start_mock(trainee=trainee, unit="UVR", now=NOW + timedelta(hours=3))
    first.refresh_from_db()
    assert second != first and first.status == AttemptStatus.GRADED and first.submitted_automatically


def test_no_answer_is_corrected_during_a_mock(trainee, mock_blueprints):
    attempt = services.start_mock(trainee=trainee, unit="UVR")
    item = attempt.paper.items.first()
    response = client_for(trainee).post(reverse("delivery:check", args=[attempt.pk]),
                                        {"item": item.pk, "sequence": 1})
    assert response.status_code == 400 and not attempt.responses.filter(checked_at__isnull=False).exists()


def test_the_attempt_page_shows_no_correction_until_the_mock_is_handed_in(trainee, mock_blueprints):
    attempt = services.start_mock(trainee=trainee, unit="UVR")
    answer(attempt, "art4-single", right=False, check=False)
    client, page = client_for(trainee), reverse("delivery:attempt", args=[attempt.pk])
    assert "Corrigé de la question" not in client.get(page).content.decode()
    client.post(reverse("delivery:submit", args=[attempt.pk]))
    assert "Corrigé de la question" in client.get(page).content.decode()


def test_mock_answers_move_the_cards_when_the_mock_is_handed_in(trainee, mock_blueprints):
    attempt = services.start_mock(trainee=trainee, unit="UVR", now=NOW)
    answer(attempt, "art4-single", right=False, at=NOW, check=False)
    assert not Card.objects.exists()
    delivery.submit_attempt(attempt=attempt, now=NOW + timedelta(minutes=50))
    card = Card.objects.get(trainee=trainee)
    assert card.question.uid == "art4-single" and not card.last_correct and card.in_review


def test_a_trainee_may_not_open_anothers_mock(trainee, other_trainee, mock_blueprints):
    attempt = services.start_mock(trainee=trainee, unit="UVR")
    assert client_for(other_trainee).get(reverse("delivery:attempt", args=[attempt.pk])).status_code == 404


def test_the_mock_button_starts_and_then_resumes(trainee, mock_blueprints):
    client = client_for(trainee)
    first = client.post(reverse("practice:mock", args=["UVR"]))["Location"]
    assert client.post(reverse("practice:mock", args=["UVR"]))["Location"] == first


def test_the_mock_papers_drawn_for_trainees_stay_out_of_the_staffs_list(trainee, exam_staff, mock_blueprints):
    attempt = services.start_mock(trainee=trainee, unit="UVR")
    html = client_for(exam_staff).get(reverse("papers:index")).content.decode()
    assert attempt.paper.title not in html and "Examen blanc UVR" in html  # the blueprint is listed


def test_the_practice_page_offers_to_resume_the_mock_under_way(trainee, other_trainee, mock_blueprints):
    attempt = services.start_mock(trainee=trainee, unit="UVR")
    assert services.open_mocks(trainee) == {"UVR": attempt.pk}
    assert services.open_mocks(other_trainee) == {}
    html = client_for(trainee).get(reverse("practice:home")).content.decode()
    assert html.count("Reprendre") == 1

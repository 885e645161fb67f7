"""A hand-in whose automatic grading raises: the copy is handed in all the same, the failure is
logged and counted, and the clock's sweep (``grade_pending_attempts``) grades it once."""

from __future__ import annotations

import logging
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from delivery import services
from delivery.models import Attempt, AttemptStatus
from tests.conftest import client_for
from tests.delivery.conftest import item_of


def _grading_raises(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the pairing engine could not replay the round")

    monkeypatch.setattr(services, "_score", broken)
    return monkeypatch


def _answer_everything(attempt, paper):
    services.save_response(
        attempt=attempt, item_id=item_of(paper, "t-single").pk, answer={"choice": "a"}, sequence=1
    )


@pytest.fixture
def failed_hand_in(attempt, paper, trainee, monkeypatch):
    """The candidate hands in through the page while the grading raises."""
    _answer_everything(attempt, paper)
    _grading_raises(monkeypatch)
    response = client_for(trainee).post(reverse("delivery:submit", args=[attempt.pk]))
    monkeypatch.undo()
    attempt.refresh_from_db()
    return response, attempt


def test_a_hand_in_whose_grading_raises_still_goes_through(failed_hand_in):
    response, _attempt = failed_hand_in
    assert response.status_code == 302


def test_the_candidate_sees_the_handed_in_page_after_a_failed_grading(failed_hand_in, trainee):
    _response, attempt = failed_hand_in
    page = client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk]))
    assert page.status_code == 200
    assert "Copie remise." in page.content.decode()


def test_a_copy_whose_grading_raised_is_left_handed_in_and_counted(failed_hand_in):
    _response, attempt = failed_hand_in
    assert (attempt.status, attempt.score, attempt.auto_graded_at, attempt.grading_failures) == (
        AttemptStatus.SUBMITTED,
        None,
        None,
        1,
    )


def test_the_failed_grading_is_logged(attempt, paper, monkeypatch, caplog):
    _grading_raises(monkeypatch)
    with caplog.at_level(logging.ERROR, logger="delivery.services"):
        services.submit_attempt(attempt=attempt, actor=attempt.candidate)
    assert f"Automatic grading failed for attempt {attempt.pk}" in caplog.text


def test_the_sweep_grades_the_copy_whose_grading_failed(failed_hand_in):
    _response, attempt = failed_hand_in
    assert services.grade_pending_attempts() == 1
    attempt.refresh_from_db()
    assert attempt.auto_graded_at is not None
    assert attempt.responses.get(item__version__question__uid="t-single").points is not None


def test_the_sweep_grades_a_copy_once_only(failed_hand_in):
    _response, _attempt = failed_hand_in
    services.grade_pending_attempts()
    assert services.grade_pending_attempts() == 0


def test_the_sweep_tries_again_while_the_grading_still_fails(failed_hand_in, monkeypatch):
    _response, attempt = failed_hand_in
    _grading_raises(monkeypatch)
    assert services.grade_pending_attempts() == 0
    attempt.refresh_from_db()
    assert (attempt.auto_graded_at, attempt.grading_failures) == (None, 2)


def test_the_clock_command_grades_the_copies_whose_grading_failed(failed_hand_in):
    out = StringIO()
    call_command("close_overdue_attempts", stdout=out)
    assert "graded again: 1" in out.getvalue()


def test_the_sweep_leaves_marks_given_by_hand_alone(attempt, paper, grader):
    _answer_everything(attempt, paper)
    services.submit_attempt(attempt=attempt, actor=attempt.candidate)
    open_answer = attempt.responses.get(item__version__question__uid="t-open")
    services.grade_response_by_hand(response=open_answer, points=Decimal("1.5"), actor=grader)
    services.grade_pending_attempts()
    open_answer.refresh_from_db()
    assert open_answer.points == Decimal("1.5")


def test_a_second_first_grading_writes_nothing(attempt, paper, monkeypatch):
    services.submit_attempt(attempt=attempt, actor=attempt.candidate)
    announced = []
    monkeypatch.setattr(services, "_after_grading", lambda *args: announced.append(args))
    services.grade_attempt(attempt=Attempt.objects.get(pk=attempt.pk), first_time=True)
    assert announced == []


def test_of_two_racing_gradings_the_one_finding_the_copy_claimed_writes_nothing(attempt, paper, monkeypatch):
    """The hand-in and the sweep both score the copy; the sweep's write finds it already
    claimed by the hand-in's (committed meanwhile) and leaves it as that one wrote it."""
    _answer_everything(attempt, paper)
    services.submit_attempt(attempt=attempt, actor=attempt.candidate)
    claimed_at = Attempt.objects.get(pk=attempt.pk).auto_graded_at
    Attempt.objects.filter(pk=attempt.pk).update(auto_graded_at=None)
    score = services._score

    def other_run_commits_first(*args, **kwargs):
        Attempt.objects.filter(pk=attempt.pk).update(auto_graded_at=claimed_at)
        return score(*args, **kwargs)

    monkeypatch.setattr(services, "_score", other_run_commits_first)
    announced = []
    monkeypatch.setattr(services, "_after_grading", lambda *args: announced.append(args))
    graded = services.grade_attempt(attempt=Attempt.objects.get(pk=attempt.pk), first_time=True)
    assert (graded.auto_graded_at, announced) == (claimed_at, [])


def test_a_regrade_keeps_the_copy_marked_graded(attempt, paper):
    services.submit_attempt(attempt=attempt, actor=attempt.candidate)
    first = Attempt.objects.get(pk=attempt.pk).auto_graded_at
    services.grade_attempt(attempt=Attempt.objects.get(pk=attempt.pk))
    assert Attempt.objects.get(pk=attempt.pk).auto_graded_at == first


def test_a_correction_shown_at_the_end_waits_for_the_grading(practice_paper, trainee, monkeypatch):
    from delivery.models import Feedback

    practice_paper.feedback = Feedback.AT_END
    practice_paper.save()
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee)
    _grading_raises(monkeypatch)
    services.submit_attempt(attempt=attempt, actor=trainee, now=timezone.now())
    page = client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert "data-grading-pending" in page

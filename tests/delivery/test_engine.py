"""The engine's rules beyond the first tests: order, saves out of order, time, marking, release."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from delivery import services
from delivery.models import AttemptEvent, AttemptStatus, Paper
from delivery.tasks import close_overdue_attempts_task
from tests.delivery.conftest import item_of, make_paper
from tests.questions import core_samples


def test_the_same_seed_gives_the_same_order(paper, trainee, other_trainee):
    first = services.start_attempt(paper=paper, candidate=trainee, seed=42)
    second = services.start_attempt(paper=paper, candidate=other_trainee, seed=42)
    assert services.ordered_items(first) == services.ordered_items(second)


def test_candidates_get_different_orders_of_the_same_questions(paper, trainee):
    orders = {tuple(item.pk for item in services.ordered_items(
        services.start_attempt(paper=paper, candidate=trainee, seed=seed))) for seed in range(6)}
    assert len(orders) > 1
    assert {frozenset(order) for order in orders} == {frozenset(paper.items.values_list("pk", flat=True))}


def test_an_unshuffled_paper_keeps_its_order(paper, trainee):
    Paper.objects.filter(pk=paper.pk).update(shuffle_questions=False, shuffle_options=False)
    attempt = services.start_attempt(paper=Paper.objects.get(pk=paper.pk), candidate=trainee)
    assert [item.position for item in services.ordered_items(attempt)] == [1, 2, 3, 4, 5]
    assert services.option_order(attempt, item_of(paper, "t-multiple")) == ["a", "b", "c", "d"]


def test_saves_arriving_out_of_order_keep_the_newest(attempt):
    item = item_of(attempt.paper, "t-numeric")
    for sequence, value in [(3, "3"), (1, "1"), (5, "5"), (4, "4"), (5, "duplicate")]:
        services.save_response(attempt=attempt, item_id=item.pk, answer={"value": value}, sequence=sequence)
    assert attempt.responses.get(item=item).answer == {"value": "5"}


def test_a_save_within_the_grace_period_is_stored(attempt):
    late = attempt.deadline + services.grace_period() - timedelta(seconds=1)
    result = services.save_response(attempt=attempt, item_id=item_of(attempt.paper, "t-single").pk,
                                    answer={"choice": "a"}, sequence=1, now=late)
    assert result.stored


def test_an_extension_moves_the_deadline_and_is_logged(attempt, exam_staff):
    before = attempt.deadline
    attempt = services.extend_attempt(attempt=attempt, minutes=10, reason="Alarme incendie", actor=exam_staff)
    assert attempt.deadline == before + timedelta(minutes=10)
    event = attempt.events.get(kind=AttemptEvent.Kind.EXTENDED)
    assert (event.minutes, event.reason, event.actor) == (10, "Alarme incendie", exam_staff)


def test_an_extension_keeps_answers_coming_after_the_first_deadline(attempt, exam_staff):
    first_deadline = attempt.deadline
    services.extend_attempt(attempt=attempt, minutes=10, reason="Coupure", actor=exam_staff)
    attempt.refresh_from_db()
    result = services.save_response(attempt=attempt, item_id=item_of(attempt.paper, "t-single").pk,
                                    answer={"choice": "a"}, sequence=1,
                                    now=first_deadline + timedelta(minutes=5))
    assert result.stored


def test_an_extension_of_no_minutes_is_refused(attempt, exam_staff):
    with pytest.raises(ValueError):
        services.extend_attempt(attempt=attempt, minutes=0, reason="", actor=exam_staff)


def test_touching_an_overdue_attempt_submits_it_at_its_deadline(attempt):
    late = attempt.deadline + timedelta(hours=1)
    closed = services.close_if_overdue(attempt=attempt, now=late)
    assert (closed.is_open, closed.submitted_at) == (False, attempt.deadline)


def test_touching_an_attempt_within_the_grace_period_leaves_it_open(attempt):
    assert services.close_if_overdue(attempt=attempt, now=attempt.deadline + timedelta(seconds=1)).is_open


def test_the_command_closes_overdue_attempts(attempt):
    attempt.deadline = timezone.now() - timedelta(hours=1)
    attempt.save()
    out = StringIO()
    call_command("close_overdue_attempts", stdout=out)
    assert "1" in out.getvalue()
    attempt.refresh_from_db()
    assert not attempt.is_open


def test_the_clock_closes_overdue_attempts_again_and_again_and_survives_a_failure(attempt, monkeypatch):
    from delivery.management.commands import close_overdue_attempts as command

    rounds = []

    def close(now=None):
        rounds.append(now)
        if len(rounds) == 1:
            raise ConnectionError("database away")
        return 0

    def sleep(seconds):
        assert seconds == 30
        if len(rounds) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(command.services, "close_overdue_attempts", close)
    monkeypatch.setattr(command.time, "sleep", sleep)
    call_command("close_overdue_attempts", "--every", "30", stdout=StringIO())
    assert len(rounds) == 3


def test_the_task_closes_overdue_attempts(attempt):
    attempt.deadline = timezone.now() - timedelta(hours=1)
    attempt.save()
    assert close_overdue_attempts_task.call() == 1


@pytest.fixture
def penalised(trainer, reviewer):
    return make_paper(trainer, reviewer, [
        ("n-single", core_samples.single(negative_marking=True, points=2)),
        ("n-truefalse", core_samples.truefalse(points=2)),
    ], duration=None)


def answer_wrong_then_right(paper, candidate) -> Decimal:
    attempt = services.start_attempt(paper=paper, candidate=candidate)
    services.save_response(attempt=attempt, item_id=item_of(paper, "n-single").pk, answer={"choice": "b"},
                           sequence=1)
    services.save_response(attempt=attempt, item_id=item_of(paper, "n-truefalse").pk,
                           answer={"answer": False}, sequence=1)
    return services.submit_attempt(attempt=attempt).score


def test_negative_marking_is_applied_when_the_paper_says_so(penalised, trainee):
    assert answer_wrong_then_right(penalised, trainee) == Decimal(0)  # 2 - 2, never below 0


def test_negative_marking_is_not_applied_when_the_paper_says_not(penalised, trainee):
    Paper.objects.filter(pk=penalised.pk).update(negative_marking=False)
    assert answer_wrong_then_right(Paper.objects.get(pk=penalised.pk), trainee) == Decimal(2)


def test_an_open_answer_waits_for_hand_grading(attempt):
    services.save_response(attempt=attempt, item_id=item_of(attempt.paper, "t-open").pk,
                           answer={"text": "La pièce touchée se joue (4.3)."}, sequence=1)
    attempt = services.submit_attempt(attempt=attempt)
    assert (attempt.status, attempt.score) == (AttemptStatus.SUBMITTED, None)


def test_hand_grading_completes_the_score(attempt, grader):
    open_item = item_of(attempt.paper, "t-open")
    services.save_response(attempt=attempt, item_id=open_item.pk, answer={"text": "4.3"}, sequence=1)
    attempt = services.submit_attempt(attempt=attempt)
    services.grade_response_by_hand(response=attempt.responses.get(item=open_item), points=Decimal(2),
                                    actor=grader, comment="Conclusion juste")
    attempt.refresh_from_db()
    assert (attempt.status, attempt.score) == (AttemptStatus.GRADED, Decimal(2))


def test_hand_grading_refuses_more_points_than_the_question_has(attempt, grader):
    open_item = item_of(attempt.paper, "t-open")
    services.save_response(attempt=attempt, item_id=open_item.pk, answer={"text": "4.3"}, sequence=1)
    services.submit_attempt(attempt=attempt)
    with pytest.raises(ValueError):
        services.grade_response_by_hand(response=attempt.responses.get(item=open_item), points=Decimal(4),
                                        actor=grader)


def test_checking_an_answer_freezes_it(practice_paper, trainee):
    attempt = services.start_attempt(paper=practice_paper, candidate=trainee)
    item = item_of(practice_paper, "p-single")
    services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "a"}, sequence=1)
    response = services.check_response(attempt=attempt, item_id=item.pk)
    later = services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "b"}, sequence=2)
    assert (response.correct, later.stored) == (True, False)


def test_releasing_results_dates_them_once(attempt, exam_staff):
    attempt = services.submit_attempt(attempt=attempt)
    assert services.release_results(attempts=[attempt], actor=exam_staff) == 1
    assert services.release_results(attempts=[attempt], actor=exam_staff) == 0
    assert attempt.correction_visible()


def test_an_attempt_in_progress_cannot_be_released(attempt, exam_staff):
    assert services.release_results(attempts=[attempt], actor=exam_staff) == 0


def test_a_centre_wide_extension_skips_attempts_already_handed_in(paper, trainee, other_trainee,
                                                                   exam_staff):
    sitting = services.start_attempt(paper=paper, candidate=trainee)
    done = services.submit_attempt(attempt=services.start_attempt(paper=paper, candidate=other_trainee))
    extended = services.extend_attempts(attempts=[sitting, done], minutes=5, reason="Bruit", actor=exam_staff)
    assert extended == 1


def test_a_question_whose_author_kept_the_order_is_never_shuffled(paper, trainee):
    multiple = item_of(paper, "t-multiple")  # its body says "shuffle": false
    orders = {tuple(services.option_order(services.start_attempt(paper=paper, candidate=trainee, seed=seed),
                                          multiple)) for seed in range(5)}
    assert orders == {("a", "b", "c", "d")}


def test_options_are_shuffled_per_candidate_when_the_paper_and_question_allow_it(paper, trainee):
    single = item_of(paper, "t-single")
    orders = {tuple(services.option_order(services.start_attempt(paper=paper, candidate=trainee, seed=seed),
                                          single)) for seed in range(8)}
    assert len(orders) > 1 and all(sorted(order) == ["a", "b", "c"] for order in orders)

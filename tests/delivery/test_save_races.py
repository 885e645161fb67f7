"""Saves racing each other and a hand-in, on real connections (PostgreSQL: SQLite serialises
every write anyway, and its single-statement save cannot interleave)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections, transaction

from delivery import services
from delivery.models import Attempt, AttemptStatus, Response

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite serialises every write"),
    pytest.mark.django_db(transaction=True),
]


def run_in_threads(functions) -> list:
    """Run each function in its own thread and connection, all released together."""
    barrier = threading.Barrier(len(functions))
    outcomes: list = [None] * len(functions)

    def run(index, function):
        try:
            barrier.wait()
            outcomes[index] = function()
        except Exception as error:  # the test reads what each thread met
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(functions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


def test_first_saves_racing_on_one_question_keep_the_newest_and_fail_none(attempt):
    item = attempt.paper.items.get(version__question__uid="t-truefalse")

    def saver(sequence):
        return lambda: services.save_response(attempt=attempt, item_id=item.pk,
                                              answer={"answer": sequence % 2 == 0}, sequence=sequence)

    outcomes = run_in_threads([saver(sequence) for sequence in range(1, 9)])
    assert all(isinstance(outcome, services.SaveResult) for outcome in outcomes), outcomes
    stored = Response.objects.get(attempt=attempt, item=item)
    assert (stored.sequence, stored.answer) == (8, {"answer": True})
    assert outcomes[-1].stored is True  # the save numbered 8
    assert {outcome.response.sequence for outcome in outcomes if not outcome.stored} <= set(range(2, 9))


def waiting_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                       " AND datname = current_database()")
        return cursor.fetchone()[0] > 0


def test_a_save_arriving_while_the_hand_in_is_written_waits_for_it_and_is_refused(attempt):
    item = attempt.paper.items.get(version__question__uid="t-truefalse")
    outcome: list = []

    def save():
        try:
            services.save_response(attempt=attempt, item_id=item.pk, answer={"answer": True}, sequence=1)
            outcome.append("stored")
        except services.AttemptClosed:
            outcome.append("refused")
        finally:
            connections.close_all()

    with transaction.atomic():
        locked = Attempt.objects.select_for_update().get(pk=attempt.pk)
        locked.status = AttemptStatus.SUBMITTED
        locked.save(update_fields=["status"])
        thread = threading.Thread(target=save)
        thread.start()
        for _tick in range(100):  # until the save waits for the hand-in's lock
            if waiting_on_a_lock() or outcome:
                break
            time.sleep(0.05)
        assert not outcome, "the save did not wait for the hand-in"
    thread.join(timeout=30)
    assert outcome == ["refused"]
    assert not Response.objects.filter(attempt=attempt, item=item).exists()

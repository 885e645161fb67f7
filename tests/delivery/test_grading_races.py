"""A hand-in's grading and the clock's sweep grading the same copy at once, on real connections
(PostgreSQL: SQLite serialises every write anyway): the copy is graded once."""

from __future__ import annotations

import pytest
from django.db import connection

from delivery import services
from delivery.models import Attempt, AttemptStatus, Response
from tests.delivery.test_save_races import run_in_threads

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite serialises every write"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def handed_in_ungraded(attempt):
    """A copy handed in whose grading has not run yet."""
    Attempt.objects.filter(pk=attempt.pk).update(status=AttemptStatus.SUBMITTED)
    return attempt


def test_two_first_gradings_racing_grade_the_copy_once(handed_in_ungraded, monkeypatch):
    announced = []
    monkeypatch.setattr(services, "_after_grading", lambda attempt, *args: announced.append(attempt.pk))

    def grading():
        return services.grade_attempt(attempt=Attempt.objects.get(pk=handed_in_ungraded.pk), first_time=True)

    outcomes = run_in_threads([grading, grading])
    assert not [outcome for outcome in outcomes if isinstance(outcome, Exception)]
    assert announced == [handed_in_ungraded.pk]


def test_two_first_gradings_racing_write_each_answer_once(handed_in_ungraded):
    def grading():
        return services.grade_attempt(attempt=Attempt.objects.get(pk=handed_in_ungraded.pk), first_time=True)

    run_in_threads([grading, grading])
    items = handed_in_ungraded.paper.items.count()
    assert Response.objects.filter(attempt=handed_in_ungraded).count() == items

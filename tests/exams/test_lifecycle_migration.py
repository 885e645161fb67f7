"""The data migration puts each existing session where its facts say it is."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

# accounts goes back too: its later migrations add NOT NULL columns the old User model cannot fill.
BEFORE = [("accounts", "0002_role_groups"), ("exams", "0001_initial"), ("grading", "0001_initial")]
AFTER = [("exams", "0002_session_lifecycle_states")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def back_to_the_latest_state():
    """Whatever the test does, the worker's database ends fully migrated for the next tests."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_migration_places_sessions_by_their_facts(back_to_the_latest_state):
    old = _migrate(BEFORE)
    session_model = old.get_model("exams", "ExamSession")
    centre_model = old.get_model("exams", "Centre")
    user = old.get_model("accounts", "User").objects.create(email="dra@example.org")
    today = timezone.localdate()

    def make(status, *, opened=False):
        session = session_model.objects.create(
            unit="UVR", date=today, start_time=datetime.time(9, 30), duration=datetime.timedelta(hours=2),
            registration_closes_on=today, status=status,
        )
        centre_model.objects.create(session=session, name="Lyon", address="1 place", capacity=5,
                                    regional_director=user, opened_at=timezone.now() if opened else None)
        return session.pk

    opened, still_open, published_by_hand = make("open", opened=True), make("open"), make("published")
    new = _migrate(AFTER)
    states = dict(new.get_model("exams", "ExamSession").objects.values_list("pk", "status"))
    assert (states[opened], states[still_open], states[published_by_hand]) == ("sat", "open", "sat")

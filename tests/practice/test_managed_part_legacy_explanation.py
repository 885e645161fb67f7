"""A managed part graded before its explanations were stored with the grade: the correction
computes them again from the frozen tournament, reads only, and shows them only if the engine
still gives the round the grade was based on."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from practice import managed_part, services
from practice.managed_part_text import correction_rows
from practice.mocks import ensure_mock_blueprints
from practice.models import ManagedPart
from tests.conftest import client_for
from tests.papers.conftest import publish
from tests.practice.test_mock_managed_part import correction_page, hand_in, work


@pytest.fixture(autouse=True)
def _no_cached_explanations():
    cache.clear()
    yield
    cache.clear()


def as_graded_before_explanations(graded: ManagedPart) -> ManagedPart:
    """The part's report as the grading wrote it before explanations were stored."""
    report = [{key: value for key, value in task.items() if key != "explanation"} for task in graded.report]
    ManagedPart.objects.filter(pk=graded.pk).update(report=report)
    graded.refresh_from_db()
    return graded


@pytest.fixture
def legacy_part(trainee) -> tuple[ManagedPart, list]:
    """A UVT mock's part worked with round 2's colours swapped, handed in, its explanations taken
    away; with the explanations the grading stores now, to compare with."""
    publish("uvt-vf", unit="UVT", article="C.04.1")
    ensure_mock_blueprints()
    started = services.start_mock(trainee=trainee, unit="UVT").managed_part
    work(started, swap_colours_in_round_2=True)
    graded = hand_in(started)
    stored = [task.get("explanation") for task in graded.report]
    return as_graded_before_explanations(graded), stored


def test_an_old_part_s_correction_explains_each_round_again(legacy_part, trainee):
    old, _stored = legacy_part
    page = correction_page(old, trainee)
    assert page.count("Comment on y arrive, pas à pas (Livre 4.1)") == 2


def test_the_explanation_computed_again_is_the_one_the_grading_stores(legacy_part):
    old, stored = legacy_part
    again = [managed_part.explanation_after_grading(old, task) for task in old.report]
    assert json.loads(json.dumps(again)) == stored  # as the database gives the stored ones back


def test_the_old_part_s_correction_writes_nothing(legacy_part, trainee):
    old, _stored = legacy_part
    client = client_for(trainee)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("delivery:attempt", args=[old.attempt.pk]))
    assert page.status_code == 200
    writes = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("UPDATE", "INSERT"))
    ]
    assert [sql for sql in writes if "django_session" not in sql] == []


def test_an_engine_that_now_pairs_otherwise_is_not_shown_as_the_one_graded(legacy_part):
    old, _stored = legacy_part
    round_2 = next(task for task in old.report if task["key"] == "pair" and task["round"] == 2)
    shown = next(fault for fault in round_2["faults"] if fault["code"] == "engine_pairing")
    shown["pairs"] = [pair[::-1] for pair in shown["pairs"]]  # as if the engine had said otherwise
    assert managed_part.explanation_after_grading(old, round_2) is None


def test_without_the_explanation_the_engine_s_round_stays_among_the_faults(legacy_part):
    old, _stored = legacy_part
    round_2 = next(task for task in old.report if task["key"] == "pair" and task["round"] == 2)
    shown = next(fault for fault in round_2["faults"] if fault["code"] == "engine_pairing")
    shown["pairs"] = [pair[::-1] for pair in shown["pairs"]]
    ManagedPart.objects.filter(pk=old.pk).update(report=old.report)
    old.refresh_from_db()
    with translation.override("fr"):
        row = next(row for row in correction_rows(old) if row["what"].startswith("Appariez la ronde 2"))
    assert row["explained"] is None
    assert any(fault.startswith("Appariement du moteur sur vos données") for fault in row["faults"])

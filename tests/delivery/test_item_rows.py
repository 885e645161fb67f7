"""A started, locked paper's items are read once per process (its candidates' pages and autosaves
all need them), and never kept while the paper may still change."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from delivery import presentation, services
from delivery.models import Attempt
from tests.conftest import client_for, make_user
from tests.delivery.conftest import item_of, make_paper
from tests.questions import core_samples


@pytest.fixture
def locked(paper):
    paper.locked_at = timezone.now()
    paper.save(update_fields=["locked_at"])
    return paper


def item_reads(queries) -> list:
    return [query for query in queries if 'FROM "delivery_paperitem"' in query["sql"]]


def save(client, attempt, item, answer):
    return client.post(reverse("delivery:save", args=[attempt.pk]),
                       {"item": item.pk, "sequence": 1, f"q{item.pk}-answer": answer},
                       HTTP_ACCEPT="application/json")


def test_an_autosave_after_the_first_reads_no_item_of_a_locked_paper(locked, trainee, other_trainee):
    first = services.start_attempt(paper=locked, candidate=trainee)
    second = services.start_attempt(paper=locked, candidate=other_trainee)
    item = item_of(locked, "t-truefalse")
    assert save(client_for(trainee), first, item, "true").json()["status"] == "saved"
    client = client_for(other_trainee)
    with CaptureQueriesContext(connection) as queries:
        assert save(client, second, item, "false").json()["status"] == "saved"
    assert item_reads(queries) == []
    assert second.responses.get(item=item).answer == {"answer": False}


def test_an_item_of_another_paper_is_still_refused_when_the_rows_are_kept(locked, trainee, trainer, reviewer):
    other = make_paper(trainer, reviewer, [("other-truefalse", core_samples.truefalse())], title="UVC")
    attempt = services.start_attempt(paper=locked, candidate=trainee)
    client = client_for(trainee)
    save(client, attempt, item_of(locked, "t-truefalse"), "true")
    assert locked.pk in presentation._LOCKED_ITEM_ROWS
    refused = save(client, attempt, other.items.get(), "true")
    assert refused.status_code == 400
    assert not attempt.responses.filter(item__paper=other).exists()


def test_an_unlocked_paper_s_items_are_read_at_every_save(paper, trainee):
    attempt = services.start_attempt(paper=paper, candidate=trainee)
    item = item_of(paper, "t-truefalse")
    client = client_for(trainee)
    save(client, attempt, item, "true")
    with CaptureQueriesContext(connection) as queries:
        save(client, attempt, item, "false")
    assert len(item_reads(queries)) == 1
    assert presentation._LOCKED_ITEM_ROWS == {}


def test_a_preview_keeps_no_item_of_a_paper_that_may_still_be_unlocked(locked):
    preview = Attempt(paper=locked, candidate=make_user("ed@example.org"), seed=1)
    assert [item.pk for item in presentation.page_items(preview)] != []
    assert presentation._LOCKED_ITEM_ROWS == {}


def described(items) -> list[tuple]:
    return [(item.pk, item.position, item.points, item.version_id) for item in items]


def test_the_kept_rows_give_the_same_page_as_a_fresh_read(locked, trainee):
    attempt = services.start_attempt(paper=locked, candidate=trainee)
    fresh = described(presentation.page_items(attempt))
    assert locked.pk in presentation._LOCKED_ITEM_ROWS
    kept = described(presentation.page_items(attempt))
    assert kept == fresh == described(services.ordered_items(attempt))

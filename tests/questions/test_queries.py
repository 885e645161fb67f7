"""The bank's pages make the same number of queries however long a question's review was."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from questions import services
from tests.conftest import client_for


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured.captured_queries)


def _review_round(question, *, author, reviewer) -> None:
    services.add_comment(question=question, user=reviewer, text="Précisez la cadence.")
    services.request_changes(question=question, reviewer=reviewer, note="À reprendre.")
    services.submit_for_review(question=question, user=author)


def test_the_question_page_makes_no_query_per_comment(trainer, other_trainer, in_review_question):
    url = reverse("questions:detail", args=[in_review_question.uid])
    _review_round(in_review_question, author=trainer, reviewer=other_trainer)
    before = _queries(client_for(other_trainer), url)
    for _round in range(3):
        _review_round(in_review_question, author=trainer, reviewer=other_trainer)
    assert _queries(client_for(other_trainer), url) == before


def test_the_question_page_reads_the_database_a_fixed_number_of_times(
    trainer, other_trainer, in_review_question, django_assert_max_num_queries
):
    """Issue 21: the question, its comments (their versions' question is the one already
    read, as is the shown version's), its history and the reader's rights."""
    url = reverse("questions:detail", args=[in_review_question.uid])
    _review_round(in_review_question, author=trainer, reviewer=other_trainer)
    client = client_for(other_trainer)
    client.get(url)
    with django_assert_max_num_queries(QUESTION_PAGE_QUERIES):
        assert client.get(url).status_code == 200


QUESTION_PAGE_QUERIES = 9

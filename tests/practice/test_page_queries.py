"""The practice pages read the database a fixed number of times: the bank's article families
and tags are read once until the bank changes, and the exam-reserved questions' subquery is
compiled once (delivery.exposure.reserved_questions)."""

from __future__ import annotations

from django.urls import reverse

from questions.models import Question
from tests.conftest import client_for


def _reads_tags(queries) -> bool:
    return any('"tag_list"' in query["sql"] for query in queries)


def test_the_practice_home_reads_the_bank_s_tags_once(trainee, bank_questions, django_assert_max_num_queries):
    client = client_for(trainee)
    client.get(reverse("practice:home"))
    with django_assert_max_num_queries(10) as context:
        client.get(reverse("practice:home"))
    assert not _reads_tags(context.captured_queries)


def test_a_question_saved_shows_in_the_practice_home_s_choices(trainee, bank_questions):
    client = client_for(trainee)
    client.get(reverse("practice:home"))
    question = Question.objects.get(uid="art4-single")
    question.tag_list = "|pendule|"
    question.save()
    assert 'value="pendule"' in client.get(reverse("practice:home")).content.decode()


def test_the_progress_page_reads_the_database_a_fixed_number_of_times(
    trainee, bank_questions, django_assert_max_num_queries
):
    client = client_for(trainee)
    client.get(reverse("practice:dashboard"))
    with django_assert_max_num_queries(11):
        client.get(reverse("practice:dashboard"))

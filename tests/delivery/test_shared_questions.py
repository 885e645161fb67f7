"""The attempt page renders each unanswered question once per process and shares it between
candidates (thousands open the same paper in the same minute): the shared HTML is exactly what
the page would have rendered, and nothing of one candidate's reaches another."""

from __future__ import annotations

import re

from django.urls import reverse

from delivery import services
from delivery.templatetags import delivery_tags
from tests.conftest import client_for
from tests.delivery.conftest import item_of


def questions_of(html: str) -> dict[str, str]:
    """Each question's article, by item."""
    found = re.findall(r'(<article class="cq" data-question="item-(\d+)".*?</article>)', html, re.S)
    return {item: article for article, item in found}


def page(user, attempt) -> str:
    return client_for(user).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()


def test_the_shared_questions_are_what_the_page_renders_itself(attempt, trainee, settings):
    shared = questions_of(page(trainee, attempt))
    assert delivery_tags._RENDERED_QUESTIONS, "the unanswered questions were kept"
    delivery_tags._RENDERED_QUESTIONS.clear()
    original = delivery_tags._question_key
    try:
        delivery_tags._question_key = lambda slot: None  # every question rendered by the page
        own = questions_of(page(trainee, attempt))
    finally:
        delivery_tags._question_key = original
    assert shared == own and len(shared) == 5


def test_two_candidates_share_a_question_but_each_keeps_their_option_order(paper, trainee, other_trainee):
    first = services.start_attempt(paper=paper, candidate=trainee, seed=1)
    second = services.start_attempt(paper=paper, candidate=other_trainee, seed=2)
    mine, theirs = questions_of(page(trainee, first)), questions_of(page(other_trainee, second))
    single = str(item_of(paper, "t-single").pk)

    def order(article: str) -> list[str]:
        return re.findall(r'value="([a-z0-9]+)"', article)

    assert sorted(order(mine[single])) == sorted(order(theirs[single]))
    expected = [services.option_order(attempt, item_of(paper, "t-single")) for attempt in (first, second)]
    assert [order(mine[single]), order(theirs[single])] == expected
    truefalse = str(item_of(paper, "t-truefalse").pk)
    assert mine[truefalse] == theirs[truefalse]  # no options to shuffle: one rendering for both


def test_an_answered_question_shows_the_candidates_own_answer_never_anothers(paper, trainee, other_trainee):
    first = services.start_attempt(paper=paper, candidate=trainee)
    second = services.start_attempt(paper=paper, candidate=other_trainee)
    item = item_of(paper, "t-open")
    services.save_response(attempt=first, item_id=item.pk, answer={"text": "Réponse de Tom"}, sequence=1)
    assert "Réponse de Tom" in questions_of(page(trainee, first))[str(item.pk)]
    assert "Réponse de Tom" not in page(other_trainee, second)
    assert "Réponse de Tom" not in "".join(delivery_tags._RENDERED_QUESTIONS.values())


def test_the_shared_questions_follow_the_interface_language(attempt, trainee):
    client = client_for(trainee)
    url = reverse("delivery:attempt", args=[attempt.pk])
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": url})
    english = client.get(url).content.decode()
    assert "Vrai" in french and "True" in english


def test_the_page_lists_the_items_as_the_engine_orders_them(paper, trainee, other_trainee):
    from delivery import presentation

    for seed, candidate in ((1, trainee), (2, other_trainee)):
        attempt = services.start_attempt(paper=paper, candidate=candidate, seed=seed)
        expected = services.ordered_items(attempt)
        listed = presentation.page_items(attempt)
        assert [item.pk for item in listed] == [item.pk for item in expected]
        assert [item.version.content() for item in listed] == [item.version.content() for item in expected]
        assert [item.points for item in listed] == [item.points for item in expected]


def test_a_second_candidate_s_page_reads_no_question_version(paper, trainee, other_trainee):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    first = services.start_attempt(paper=paper, candidate=trainee)
    second = services.start_attempt(paper=paper, candidate=other_trainee)
    page(trainee, first)
    client = client_for(other_trainee)
    with CaptureQueriesContext(connection) as queries:
        client.get(reverse("delivery:attempt", args=[second.pk]))
    # Neither read on its own nor joined: no query selects a version's text.
    assert not [query for query in queries if '"questions_questionversion"."stem_fr"' in query["sql"]]

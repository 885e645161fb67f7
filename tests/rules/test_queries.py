"""The reading pages make the same number of queries however many articles an edition has."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rules.models import Article, ArticleKind, Edition
from rules.rulebook_cache import forget_rulebook


def _queries(url: str) -> int:
    """Queries of a page built from scratch (the rulebook's rendered pages are cached)."""
    forget_rulebook()
    with CaptureQueriesContext(connection) as captured:
        assert Client().get(url).status_code == 200
    return len(captured.captured_queries)


def _add_articles(count: int) -> None:
    edition = Edition.objects.get(slug="2018")
    Article.objects.bulk_create(
        Article(
            edition=edition,
            number=f"99.{index}",
            kind=ArticleKind.ARTICLE,
            heading_fr=f"Article ajouté {index}",
            text_fr="Voir l'article 9.2.",
            order=10_000 + index,
        )
        for index in range(1, count + 1)
    )


@pytest.mark.parametrize("url", ["/rules/2018/", "/rules/2018/laws/"])
def test_the_edition_pages_make_no_query_per_article(rulebook, url):
    before = _queries(url)
    _add_articles(5)
    assert _queries(url) == before


def test_the_article_page_loads_no_deferred_field_of_its_neighbours(rulebook):
    with CaptureQueriesContext(connection) as captured:
        assert Client().get("/rules/2018/9.2.2/").status_code == 200
    # A field left out of only() and then read is fetched alone, by primary key, row by row.
    deferred_loads = [
        query["sql"]
        for query in captured.captured_queries
        if query["sql"].startswith('SELECT "rules_article"."id", ') and query["sql"].count(", ") == 1
    ]
    assert deferred_loads == []

"""A number the book prints no text for (2018's 9.2) has a history too: its paragraphs'."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from rules.services import load_rulebook


@pytest.fixture
def rulebook_with_group(db, data_copy):
    """The fixture rulebook where 2018's 9.2 has no text of its own, as in the real book."""
    path = data_copy / "laws-2018.json"
    articles = [item for item in json.loads(path.read_text(encoding="utf-8")) if item["number"] != "9.2"]
    for item in articles:
        if item["parent"] == "9.2":
            item["parent"] = "9"
    path.write_text(json.dumps(articles, ensure_ascii=False), encoding="utf-8")
    load_rulebook(data_dir=data_copy)


def test_a_group_of_paragraphs_has_a_history_page(rulebook):
    assert Client().get("/rules/2018/9.6/history/").status_code == 200


def test_the_group_history_shows_each_paragraph_with_its_older_versions(rulebook):
    content = Client().get("/rules/2018/9.6/history/").content.decode()
    assert 'data-number="9.6.2"' in content
    assert "Aucune autre édition ne contient cet article." in content


def test_the_group_history_lists_the_older_editions_of_its_paragraphs(rulebook_with_group):
    content = Client().get("/rules/2018/9.2/history/").content.decode()
    assert 'data-edition="2017"' in content


def test_the_group_history_is_an_htmx_fragment_for_htmx(rulebook):
    content = Client().get("/rules/2018/9.6/history/", HTTP_HX_REQUEST="true").content.decode()
    assert content.lstrip().startswith('<div class="rules-history">')


def test_the_group_page_links_to_its_history(rulebook):
    content = Client().get("/rules/2018/9.6/").content.decode()
    assert 'href="/rules/2018/9.6/history/"' in content


def test_a_number_with_nothing_under_it_has_no_history(rulebook):
    assert Client().get("/rules/2018/9.7/history/").status_code == 404


def test_an_unknown_edition_has_no_group_history(rulebook):
    assert Client().get("/rules/1999/9.6/history/").status_code == 404


def test_the_group_history_refuses_post(rulebook):
    assert Client().post("/rules/2018/9.6/history/").status_code == 405

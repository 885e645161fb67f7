"""The search page and GET /api/rules/search go through one search (rules.answers.search_page):
same common names, ranking, editions and language, so they list the same rules in the same
order. Checked on the shipped rulebook (rules/data), loaded once for the module."""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from django.test import Client

from rules.services import load_rulebook


@pytest.fixture(scope="module")
def shipped_rulebook(django_db_setup, django_db_blocker):
    """rules/data loaded once (3–4 s), rolled back after the module."""
    with django_db_blocker.unblock(), transaction.atomic():
        load_rulebook()
        yield
        transaction.set_rollback(True)


@pytest.fixture
def rulebook(shipped_rulebook, db):
    return None


_LISTS = re.compile(r'<(?:ul class="rules-answer__rules"|ol class="rules-hits")>(.*?)</(?:ul|ol)>', re.DOTALL)
_HREF = re.compile(r'<a href="([^"]+)"')


def page_urls(query: str, **parameters: str) -> list[str]:
    """The rules the search page lists, in the order it shows them (best answers, then the
    text), each once. The htmx fragment, so that a number is listed and not redirected."""
    response = Client().get("/rules/search/", {"q": query, **parameters}, headers={"hx-request": "true"})
    assert response.status_code == 200
    urls: list[str] = []
    for block in _LISTS.findall(response.content.decode()):
        urls.extend(url for url in _HREF.findall(block) if url not in urls)
    return urls


def api_urls(query: str, **parameters: str) -> list[str]:
    response = Client().get("/api/rules/search", {"q": query, **parameters})
    assert response.status_code == 200
    return [result["url"] for result in response.json()["results"]]


def first_numbers(urls: list[str], count: int = 1) -> list[str]:
    return [url.rstrip("/").rsplit("/", 1)[-1] for url in urls[:count]]


PARITY_QUERIES = [
    ("triple répétition", {"lang": "fr"}),
    ("threefold repetition", {"lang": "en"}),
    ("threefold", {"lang": "fr"}),
    ("fifty-move rule", {"lang": "en"}),
    ("50 coups", {"lang": "fr"}),
    ("pièce touchée", {"lang": "fr"}),
    ("touch-move", {"lang": "en"}),
    ("flag fall", {"lang": "en"}),
    ("drapeau tombé", {"lang": "fr"}),
    ("adoube", {"lang": "fr"}),
    ("adoube", {"lang": "fr", "edition": "2014"}),
    ("roque", {"lang": "fr", "edition": "2009"}),
    ("position morte", {"lang": "fr"}),
    ("pendule", {"lang": "fr"}),
    ("feuille de partie", {"lang": "fr"}),
    ("arbitre", {"lang": "fr"}),
    ("knight", {"lang": "fr"}),  # no French hit: both fall back to the English text
    ("9.2", {"lang": "fr"}),
    ("A.4", {"lang": "en"}),
    ("téléphone portable", {"lang": "en"}),
]


@pytest.mark.parametrize(("query", "parameters"), PARITY_QUERIES, ids=[f"{q}-{p}" for q, p in PARITY_QUERIES])
def test_the_page_and_the_api_list_the_same_first_rules_in_the_same_order(rulebook, query, parameters):
    page = page_urls(query, **parameters)
    api = api_urls(query, **parameters, limit="10")
    assert page[:10] == api and api


def test_triple_repetition_finds_9_2_first_in_the_api_as_on_the_page(rulebook):
    query = "triple répétition"
    assert first_numbers(api_urls(query)) == first_numbers(page_urls(query)) == ["9.2"]


def test_the_first_hits_do_not_depend_on_how_many_are_asked_for(rulebook):
    assert api_urls("fifty-move rule", lang="en", limit="5") == api_urls("fifty-move rule", lang="en")[:5]


def test_the_api_says_when_its_results_are_in_the_other_language(rulebook):
    response = Client().get("/api/rules/search", {"q": "knight", "lang": "fr"}).json()
    assert response["results_lang"] == "en"


def test_the_api_marks_the_rules_a_common_name_stands_for(rulebook):
    results = Client().get("/api/rules/search", {"q": "flag fall", "lang": "en"}).json()["results"]
    assert [result["best"] for result in results[:3]] == [True, True, False]


# The common English names and the article of the 2018 Laws each stands for (checked against
# rules/data/laws-2018.json: 9.2 repetition, 9.3 fifty moves, 4.3 touched piece, 6.8 flag,
# 7.5 illegal moves, 5.2.2 dead position, 5.2.1 stalemate, 3.8.2 castling, 3.7.4 en passant,
# 3.7.5 promotion, 9.1 draw offer, 11.3.2 electronic devices, the Preface's freedom of
# judgement, Guidelines III quickplay finishes and III.5, 6.3.1 increment, 8.4 short of time).
ENGLISH_NAMES = [
    ("threefold repetition", "9.2"),
    ("fifty-move rule", "9.3"),
    ("50-move rule", "9.3"),
    ("touch-move", "4.3"),
    ("touch move", "4.3"),
    ("flag fall", "6.8"),
    ("flag", "6.8"),
    ("illegal move", "7.5"),
    ("dead position", "5.2.2"),
    ("insufficient material", "5.2.2"),
    ("stalemate", "5.2.1"),
    ("castling", "3.8.2"),
    ("en passant", "3.7.4"),
    ("promotion", "3.7.5"),
    ("draw offer", "9.1"),
    ("mobile phone", "11.3.2"),
    ("arbiter's discretion", "0"),
    ("quickplay finish", "III"),
    ("playing to a finish", "III"),
    ("insufficient losing chances", "III.5"),
    ("increment", "6.3.1"),
    ("zeitnot", "8.4"),
    ("time trouble", "8.4"),
    ("time pressure", "8.4"),
    ("fivefold repetition", "9.6.1"),
    ("75-move rule", "9.6.2"),
    ("scoresheet", "8.1.1"),
    ("default time", "6.7"),
    ("sealed move", "I"),
]

FRENCH_NAMES = [
    ("triple répétition", "9.2"),
    ("règle des 50 coups", "9.3"),
    ("pièce touchée", "4.3"),
    ("drapeau tombé", "6.8"),
    ("coup illégal", "7.5"),
    ("position morte", "5.2.2"),
    ("pat", "5.2.1"),
    ("roque", "3.8.2"),
    ("prise en passant", "3.7.4"),
    ("proposition de nulle", "9.1"),
    ("téléphone portable", "11.3.2"),
    ("liberté de jugement", "0"),
    ("fin de partie au KO", "III"),
    ("zeitnot", "8.4"),
]


@pytest.mark.parametrize(("name", "number"), ENGLISH_NAMES)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_common_english_name_finds_its_article_first_in_the_api(rulebook, name, number, language):
    assert first_numbers(api_urls(name, lang=language)) == [number]


@pytest.mark.parametrize(("name", "number"), ENGLISH_NAMES)
def test_a_common_english_name_finds_its_article_first_on_the_page(rulebook, name, number):
    assert first_numbers(page_urls(name, lang="en")) == [number]


@pytest.mark.parametrize(("name", "number"), FRENCH_NAMES)
def test_a_common_french_name_still_finds_its_article_first(rulebook, name, number):
    assert first_numbers(page_urls(name, lang="fr")) == first_numbers(api_urls(name, lang="fr")) == [number]

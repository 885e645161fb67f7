"""Odd input never gives a 500."""

from __future__ import annotations

import pytest
from django.test import Client

NASTY = ["\x00", "'\"", "*", "NEAR(a b)", "a" * 500, "é" * 50, "9.2.2\x00", "%", "(", "-", "^", ":"]


@pytest.mark.parametrize("value", NASTY)
def test_the_search_page_survives_odd_queries(rulebook, value):
    assert Client().get("/rules/search/", {"q": value}).status_code in (200, 302)


@pytest.mark.parametrize("value", NASTY)
def test_the_search_page_survives_odd_editions(rulebook, value):
    assert Client().get("/rules/search/", {"q": "adoube", "edition": value}).status_code == 200


@pytest.mark.parametrize("value", NASTY)
def test_the_search_api_answers_odd_queries_with_200_or_400(rulebook, value):
    assert Client().get("/api/rules/search", {"q": value}).status_code in (200, 400)


@pytest.mark.parametrize("value", NASTY)
def test_the_search_api_answers_odd_editions_with_400(rulebook, value):
    assert Client().get("/api/rules/search", {"q": "adoube", "edition": value}).status_code == 400


def test_the_laws_page_survives_an_odd_show_parameter(rulebook):
    assert Client().get("/rules/2018/laws/", {"show": "\x00"}).status_code == 200

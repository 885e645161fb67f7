"""rules/data/synonyms.json: the common names of rules, checked against the shipped data."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from rules.answers import best_answers
from rules.services import DEFAULT_DATA_DIR, load_rulebook
from rules.synonyms import phrase


def _read(name: str) -> list[dict]:
    return json.loads((DEFAULT_DATA_DIR / name).read_text(encoding="utf-8"))


SYNONYMS = _read("synonyms.json")
LAWS_2018 = {item["number"] for item in _read("laws-2018.json")}
GLOSSARY = {item["key"] for item in _read("glossary.json")}


def _names_of(item: dict) -> set[tuple[str, ...]]:
    return {phrase(name) for name in [*item["names_fr"], *item["names_en"]]}


def _exists(number: str) -> bool:
    return number in LAWS_2018 or any(article.startswith(f"{number}.") for article in LAWS_2018)


@pytest.mark.parametrize("item", SYNONYMS, ids=[item["key"] for item in SYNONYMS])
def test_every_common_name_points_to_existing_articles(item):
    assert item["articles"] and all(_exists(number) for number in item["articles"])


@pytest.mark.parametrize("item", SYNONYMS, ids=[item["key"] for item in SYNONYMS])
def test_every_common_name_is_tied_to_a_known_glossary_term_or_none(item):
    assert item["glossary"] in GLOSSARY | {""}


@pytest.mark.parametrize("item", SYNONYMS, ids=[item["key"] for item in SYNONYMS])
def test_every_rule_has_names_in_both_languages(item):
    assert item["names_fr"] and item["names_en"]


@pytest.mark.parametrize(("name", "number"), [
    ("threefold", "9.2"), ("triple répétition", "9.2"), ("fifty-move rule", "9.3"), ("50 coups", "9.3"),
    ("touch move", "4.3"), ("pièce touchée", "4.3"), ("j'adoube", "4.2.1"), ("zeitnot", "8.4"),
    ("flag", "6.8"), ("drapeau", "6.8"), ("dead position", "5.2.2"), ("position morte", "5.2.2"),
    ("en passant", "3.7.4"), ("prise en passant", "3.7.4"), ("stalemate", "5.2.1"), ("pat", "5.2.1"),
    ("illegal move", "7.5"), ("coup illégal", "7.5"), ("castling", "3.8.2"), ("roque", "3.8.2"),
    ("promotion", "3.7.5"), ("draw offer", "9.1"), ("proposition de nulle", "9.1"),
    ("insufficient material", "5.2.2"), ("matériel insuffisant", "5.2.2"), ("increment", "6.3.1"),
    ("incrément", "6.3.1"), ("Fischer", "6.3.1"), ("Bronstein delay", "6.3.2"), ("scoresheet", "8.1.1"),
    ("feuille de notation", "8.1.1"), ("mobile phone", "11.3.2"), ("téléphone", "11.3.2"),
])
def test_the_names_people_type_lead_to_their_rule(name, number):
    assert any(phrase(name) in _names_of(item) and number in item["articles"] for item in SYNONYMS)


def test_threefold_finds_9_2_in_the_shipped_rulebook_in_the_french_interface(db):
    load_rulebook()
    html = Client(headers={"accept-language": "fr"}).get("/rules/search/?q=threefold").content.decode()
    assert 'href="/rules/2018/9.2/"' in html and 'data-hits-language="en"' in html


def test_triple_repetition_finds_9_2_in_the_shipped_rulebook(db):
    load_rulebook()
    assert best_answers("triple répétition", language="fr")[0].rules[0].url == "/rules/2018/9.2/"

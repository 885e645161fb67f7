"""The tables of contents fold by article and name each paragraph; the glossary has an
A–Z index and a filter that works without JavaScript."""

from __future__ import annotations

from django.test import Client

from rules.models import Edition
from rules.views import table_of_contents


def test_paragraphs_are_folded_under_their_article(rulebook):
    entries = table_of_contents(Edition.objects.get(slug="2018"), language="fr")
    assert [entry.article.number for entry in entries] == ["4", "5", "6", "9", "A"]
    numbers = [paragraph.number for paragraph, _summary, _depth in entries[3].paragraphs]
    assert numbers == ["9.2", "9.2.2", "9.6.2"]


def test_a_paragraph_without_heading_is_named_by_its_first_words(rulebook):
    entries = table_of_contents(Edition.objects.get(slug="2018"), language="fr")
    assert entries[0].paragraphs[1][1].startswith("Seul le joueur au trait peut")


def test_the_edition_page_folds_each_article_in_a_details_element(rulebook):
    html = Client().get("/rules/2018/").content.decode()
    assert html.count('<details class="rules-toc__fold">') == 5


def test_the_folds_are_closed_when_the_page_opens(rulebook):
    assert "<details class=\"rules-toc__fold\" open" not in Client().get("/rules/2018/").content.decode()


def test_the_edition_page_shows_the_first_words_of_each_paragraph(rulebook):
    assert "Seul le joueur au trait peut" in Client().get("/rules/2018/").content.decode()


def test_the_glossary_has_an_index_linking_to_each_letter_with_terms(rulebook):
    html = Client().get("/rules/glossary/").content.decode()
    assert 'href="#lettre-J"' in html and 'id="lettre-J"' in html


def test_letters_without_terms_are_not_links(rulebook):
    html = Client().get("/rules/glossary/").content.decode()
    assert 'href="#lettre-Z"' not in html and '<span aria-disabled="true">Z</span>' in html


def test_the_glossary_filter_keeps_the_matching_terms(rulebook):
    html = Client().get("/rules/glossary/?q=MORTE").content.decode()
    assert 'id="dead-position"' in html and 'id="adjust"' not in html


def test_the_glossary_filter_matches_the_english_term(rulebook):
    assert 'id="adjust"' in Client().get("/rules/glossary/?q=adjust").content.decode()


def test_the_glossary_filter_says_when_nothing_matches(rulebook):
    assert "Aucun terme ne contient « zzz »." in Client().get("/rules/glossary/?q=zzz").content.decode()


def test_the_glossary_filter_answers_htmx_with_the_list_only(rulebook):
    html = Client().get("/rules/glossary/?q=morte", HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<div id="glossary-terms"') and "<html" not in html


def test_the_glossary_refuses_post(rulebook):
    assert Client().post("/rules/glossary/?q=morte").status_code == 405

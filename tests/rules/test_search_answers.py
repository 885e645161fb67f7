"""Search finds what people type: common names of rules (best answers), the other
language's text, and the Livre's numbers next to the Laws'."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from rules.answers import best_answers, describe_rules, places_for_number, search_page
from rules.models import Article
from rules.search import search
from rules.services import RulebookDataError, load_rulebook
from rules.synonyms import matching_synonyms, phrase


def keys(matches) -> list[str]:
    return [match.synonym.key for match in matches]


def test_a_common_name_finds_its_rule(rulebook):
    assert [rule.number for rule in best_answers("threefold", language="fr")[0].rules] == ["9.2"]


def test_a_common_name_is_found_in_a_longer_question(rulebook):
    assert keys(matching_synonyms(phrase("nulle par triple répétition ?"))) == ["threefold-repetition"]


def test_a_common_name_is_found_while_it_is_being_typed(rulebook):
    assert keys(matching_synonyms(phrase("threef"))) == ["threefold-repetition"]


def test_a_short_beginning_matches_no_common_name(rulebook):
    assert matching_synonyms(phrase("tri")) == []


def test_the_best_answer_carries_the_glossary_term_in_the_reader_s_language(rulebook):
    answer = best_answers("insufficient material", language="en")[0]
    assert (answer.term, answer.glossary_url) == ("dead position", "/rules/glossary/#dead-position")


def test_a_group_number_is_described_by_its_first_paragraph(rulebook):
    rule = describe_rules("2018", ["9.6"], language="fr")[0]
    first = Article.objects.resolve("2018", "9.6.2")
    assert (rule.url, rule.title) == ("/rules/2018/9.6/", first.summary("fr", words=16))


def test_the_search_page_shows_the_best_answer_before_the_text_hits(rulebook):
    html = Client().get("/rules/search/?q=position+morte").content.decode()
    assert 'class="rules-answer"' in html
    assert html.index('class="rules-answer"') < html.index('class="rules-hits"')


def test_the_rules_a_common_name_stands_for_rank_first_among_the_text_hits(db, data_copy):
    path = data_copy / "laws-2018.json"
    articles = json.loads(path.read_text(encoding="utf-8"))
    for article in articles:
        if article["number"] == "6.9":
            article["text_fr"] += " Matériel insuffisant, matériel insuffisant, matériel insuffisant."
        if article["number"] == "5.2.2":
            article["text_fr"] += " Le matériel insuffisant pour mater rend la position morte."
    path.write_text(json.dumps(articles, ensure_ascii=False), encoding="utf-8")
    load_rulebook(data_dir=data_copy)
    assert [hit.number for hit in search("matériel insuffisant")][:1] == ["5.2.2"]


def test_a_query_the_french_text_lacks_shows_the_english_hits(rulebook):
    page = search_page("adjust", language="fr", edition=None)
    assert (page.hits_language, [hit.number for hit in page.hits]) == ("en", ["4.2.1"])


def test_the_other_language_s_hits_come_with_a_note_and_a_link(rulebook):
    html = Client().get("/rules/search/?q=adjust&lang=fr").content.decode()
    assert 'data-hits-language="en"' in html
    assert 'href="/rules/search/?q=adjust&amp;lang=en"' in html


def test_no_hit_in_either_language_says_so_in_the_singular(rulebook):
    html = Client().get("/rules/search/?q=zzzinconnu").content.decode()
    assert "Aucun résultat pour « zzzinconnu »." in html and "0 résultats" not in html


def test_a_livre_chapter_number_opens_the_chapter(rulebook):
    response = Client().get("/rules/search/?q=4.1")
    assert response["Location"] == "/rules/livre/4.1/"


def test_a_fide_handbook_number_opens_its_livre_section(rulebook):
    response = Client().get("/rules/search/?q=C.04.1")
    assert response["Location"] == "/rules/livre/4.1/#c-04-1"


def test_a_fide_paragraph_number_opens_its_paragraph_of_the_swiss_rules(rulebook):
    assert places_for_number("c.04.1.b", edition=None, language="fr")[0].url == "/rules/livre/4.1/#C.04.1.b"


@pytest.fixture
def rulebook_with_chapter_6_9(db, data_copy):
    path = data_copy / "livre.json"
    chapters = json.loads(path.read_text(encoding="utf-8"))
    chapters.append({"number": "6.9", "title_fr": "Règles générales pour les compétitions FIDE",
                     "title_en": "", "units": [], "language": "fr", "sections": []})
    path.write_text(json.dumps(chapters, ensure_ascii=False), encoding="utf-8")
    load_rulebook(data_dir=data_copy)


def test_a_number_of_both_the_laws_and_the_livre_offers_both(rulebook_with_chapter_6_9):
    response = Client().get("/rules/search/?q=6.9")
    assert response.status_code == 200
    assert 'href="/rules/2018/6.9/"' in response.content.decode()
    assert 'href="/rules/livre/6.9/"' in response.content.decode()


def test_a_number_of_both_is_the_law_when_an_edition_is_chosen(rulebook_with_chapter_6_9):
    assert Client().get("/rules/search/?q=6.9&edition=2018")["Location"] == "/rules/2018/6.9/"


def test_both_choices_are_offered_while_typing(rulebook_with_chapter_6_9):
    html = Client().get("/rules/search/?q=6.9", HTTP_HX_REQUEST="true").content.decode()
    assert html.count('<li data-kind="') == 2


def test_a_common_name_must_point_to_a_known_glossary_term(db, data_copy):
    path = data_copy / "synonyms.json"
    synonyms = json.loads(path.read_text(encoding="utf-8"))
    synonyms[0]["glossary"] = "no-such-term"
    path.write_text(json.dumps(synonyms, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(RulebookDataError, match="no-such-term"):
        load_rulebook(data_dir=data_copy)

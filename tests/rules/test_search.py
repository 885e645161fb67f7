from __future__ import annotations

import json

import pytest
from django.test import Client

from rules.models import Article, SearchDocument
from rules.search import highlight, number_in_query, query_terms, search
from rules.services import load_rulebook


def numbers(hits) -> list[str]:
    return [hit.number for hit in hits]


def test_it_finds_j_adoube_without_the_apostrophe_or_accent(rulebook):
    assert numbers(search("adoube")) == ["4.2.1"]


def test_it_ignores_accents_and_case_in_the_query(rulebook):
    assert numbers(search("ADOUBÉ")) == ["4.2.1"]


def test_it_ignores_accents_in_the_text(rulebook):
    # "considérées" in 9.2.2, typed without its accent.
    assert "9.2.2" in numbers(search("considerees"))


def test_it_matches_words_as_prefixes(rulebook):
    assert "9.2.2" in numbers(search("roq"))


def test_it_searches_the_english_text(rulebook):
    assert numbers(search("adjust", language="en")) == ["4.2.1"]


def test_french_words_are_not_found_in_the_english_text(rulebook):
    assert search("adoube", language="en") == []


def test_it_highlights_the_matched_words_in_the_snippet(rulebook):
    assert "<mark>adoube</mark>" in search("adoube")[0].snippet


def test_snippets_are_escaped(rulebook):
    assert "j&#x27;<mark>adoube</mark>" in search("adoube")[0].snippet


def test_it_ranks_the_article_with_both_words_first(rulebook):
    assert numbers(search("position morte"))[0] == "5.2.2"


def test_it_falls_back_to_any_word_when_none_has_all(rulebook):
    assert set(numbers(search("adoube zzzinconnu"))) == {"4.2.1"}


def test_it_searches_the_livre_sections(rulebook):
    hit = search("examen")[0]
    assert (hit.kind, hit.url) == ("section", "/rules/livre/1.2/#art-16")


def test_it_searches_the_english_side_of_bilingual_blocks(rulebook):
    assert numbers(search("against each other", language="en")) == ["4.1.1"]


def test_it_restricts_to_one_edition(rulebook):
    hits = search("adoube", edition="2014")
    assert [(hit.edition, hit.number) for hit in hits] == [("2014", "4.2")]


def test_an_article_number_comes_first(rulebook):
    hit = search("9.2.2")[0]
    assert (hit.number, hit.score) == ("9.2.2", 1000.0)


def test_an_empty_query_finds_nothing(rulebook):
    assert search("  ' ") == []


def test_fts_syntax_in_the_query_is_harmless(rulebook):
    assert numbers(search('adoube" OR NEAR(* -')) == ["4.2.1"]
    assert numbers(search('"adoube*')) == ["4.2.1"]


def test_the_index_follows_updates_of_documents(rulebook):
    document = SearchDocument.objects.get(number="9.6.2", language="fr")
    document.body = "Texte xylophone."
    document.save()
    assert numbers(search("xylophone")) == ["9.6.2"]


def test_deleted_articles_leave_the_index(rulebook):
    Article.objects.filter(edition__slug="2018", number="9.6.2").delete()
    assert search("consecutifs") == []


def test_query_terms_are_folded_words():
    assert query_terms("J'Adoube, l’ÉCHEC") == ["j", "adoube", "l", "echec"]


def test_number_queries_are_recognised():
    assert [number_in_query(q) for q in ("9.2.2", "art. A.4", "Article 6.9", "roque 9")] == [
        "9.2.2", "A.4", "6.9", None]


def test_highlight_picks_the_window_with_the_matches():
    text = " ".join(["mot"] * 100 + ["cible"] + ["mot"] * 100)
    snippet = highlight(text, ["cible"], width=60)
    assert snippet.startswith("… ") and snippet.endswith(" …") and "<mark>cible</mark>" in snippet


def test_highlight_marks_accented_words_from_a_folded_term():
    assert highlight("Le joueur dit « J’ADOUBE » puis touche.", ["adoube"]) == (
        "Le joueur dit « J’<mark>ADOUBE</mark> » puis touche.")


def test_highlight_only_marks_words_starting_with_a_term():
    assert "<mark>" not in highlight("Un coup gagnant.", ["gnan"])


def test_a_group_number_lists_the_paragraphs_under_it(rulebook):
    assert numbers(search("9.2")) == ["9.2", "9.2.2"]
    assert numbers(search("9.6")) == ["9.6.2"]


def test_paragraph_hits_name_their_top_level_article(rulebook):
    assert search("adoube")[0].context == "L'action de déplacer les pièces"
    assert search("adjust", language="en")[0].context == "The act of moving the pieces"


def _load_with(data_copy, *, articles: list[dict], glossary: list[dict] = ()) -> None:
    path = data_copy / "laws-2018.json"
    existing = json.loads(path.read_text(encoding="utf-8"))
    blank = dict.fromkeys(existing[0], "") | {"kind": "paragraph", "diagrams": []}
    path.write_text(json.dumps([*existing, *({**blank, **item} for item in articles)], ensure_ascii=False),
                    encoding="utf-8")
    if glossary:
        terms_path = data_copy / "glossary.json"
        terms = json.loads(terms_path.read_text(encoding="utf-8"))
        terms_path.write_text(json.dumps([*terms, *glossary], ensure_ascii=False), encoding="utf-8")
    load_rulebook(data_dir=data_copy)


def test_the_word_as_typed_ranks_before_words_it_only_begins(db, data_copy):
    # bm25 alone put 6.2.5 ("adouber", a short paragraph) before 4.2.1 ("j'adoube").
    paragraph = {"number": "6.2.5", "parent": "6",
                 "text_fr": "Adouber, adouber : seul le joueur dont la pendule est en marche peut adouber."}
    _load_with(data_copy, articles=[paragraph])
    assert numbers(search("adoube"))[:2] == ["4.2.1", "6.2.5"]


def test_the_articles_the_glossary_gives_for_the_query_come_first(db, data_copy):
    # A long paragraph repeating "roque" (Chess960) used to rank before the definition.
    _load_with(
        data_copy,
        articles=[
            {"number": "A.9", "parent": "A",
             "text_fr": "Roque, roque et roque : au Chess960 le roque se joue autrement, roque après roque."},
            {"number": "A.8", "parent": "A",
             "text_fr": "Le roque est un coup du roi et d'une tour, qui compte pour un seul coup."},
        ],
        glossary=[{"key": "castling", "term_fr": "roque", "term_en": "castling", "definition_fr": "",
                   "definition_en": "", "articles": ["A.8"], "edition": "2018"}],
    )
    assert numbers(search("roque"))[:2] == ["A.8", "A.9"]


def test_a_number_the_edition_lacks_is_said_so_with_the_closest_numbers(rulebook):
    html = Client().get("/rules/search/?q=9.2.9").content.decode()
    assert "Aucun article ne porte le numéro 9.2.9" in html
    assert 'href="/rules/2018/9.2.2/"' in html


@pytest.mark.parametrize("query", ["4.3a", "4.3 a", "4.3 a)", "art. 4.3 a)"])
def test_a_2009_lettered_number_is_recognised_with_or_without_its_bracket(query):
    assert number_in_query(query) == "4.3.a"

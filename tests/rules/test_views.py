from __future__ import annotations

import json

import pytest
from django.test import Client

from rules.services import load_rulebook
from tests.conftest import client_for

PAGES = [
    "/rules/",
    "/rules/2018/",
    "/rules/2018/laws/",
    "/rules/2018/9.2.2/",
    "/rules/2018/9.2.2/history/",
    "/rules/2018/changes/",
    "/rules/livre/1.2/",
    "/rules/glossary/",
    "/rules/correspondence/",
    "/rules/search/?q=adoube",
]


@pytest.mark.parametrize("url", PAGES)
def test_reading_pages_are_public(rulebook, url):
    assert Client().get(url).status_code == 200


@pytest.mark.parametrize("url", PAGES)
def test_reading_pages_work_for_a_logged_in_trainee(rulebook, trainee, url):
    assert client_for(trainee).get(url).status_code == 200


@pytest.mark.parametrize("url", PAGES)
def test_reading_pages_refuse_post(rulebook, url):
    assert Client().post(url).status_code == 405


@pytest.mark.parametrize(
    "url", ["/rules/1999/", "/rules/2018/99.9/", "/rules/livre/9.9/", "/rules/2018/99.9/history/",
            "/rules/1999/laws/"]
)
def test_unknown_things_are_404(rulebook, url):
    assert Client().get(url).status_code == 404


def test_the_index_lists_editions_and_livre_chapters(rulebook):
    content = Client().get("/rules/").content.decode()
    assert 'data-edition="2014"' in content and "/rules/livre/4.1/" in content


def test_the_edition_page_is_a_table_of_contents(rulebook):
    content = Client().get("/rules/2018/").content.decode()
    assert 'href="/rules/2018/9.2.2/"' in content and "La partie nulle" in content


def test_the_article_shows_both_languages_side_by_side(rulebook):
    content = Client().get("/rules/2018/9.2/").content.decode()
    assert 'lang="fr"' in content and "The game is drawn" in content


def test_one_language_only_with_the_show_parameter(rulebook):
    content = Client().get("/rules/2018/9.2/?show=fr").content.decode()
    assert "La partie est nulle" in content and "The game is drawn" not in content


def test_an_invalid_show_parameter_falls_back_to_both(rulebook):
    content = Client().get("/rules/2018/9.2/?show=de").content.decode()
    assert "The game is drawn" in content


def test_the_commentary_is_foldable_and_labelled_unofficial_in_english(rulebook):
    content = Client().get("/rules/2018/9.2.2/").content.decode()
    assert '<details class="rules-commentary"' in content and "traduction non officielle" in content


def test_the_translators_note_is_separate(rulebook):
    content = Client().get("/rules/2018/5.2.2/").content.decode()
    assert 'class="rules-note"' in content


def test_cross_references_become_links(rulebook):
    content = Client().get("/rules/2018/9.2.2/").content.decode()
    assert 'voir <a class="rule-ref" href="/rules/2018/6.9/">6.9</a>' in content
    assert 'Article <a class="rule-ref" href="/rules/2018/9.6.2/">9.6.2</a>' in content


def test_the_article_page_shows_its_sub_paragraphs(rulebook):
    content = Client().get("/rules/2018/9.2/").content.decode()
    assert 'id="a-9.2.2"' in content


def test_the_article_page_has_previous_and_next(rulebook):
    content = Client().get("/rules/2018/9.2.2/").content.decode()
    assert 'rel="prev" href="/rules/2018/9.2/"' in content
    assert 'rel="next" href="/rules/2018/9.6.2/"' in content


def test_the_article_page_draws_its_diagrams(rulebook):
    content = Client().get("/rules/2018/5.2.2/").content.decode()
    assert 'id="diagram-dead-position-bishops"><figure class="chessboard"' in content and "<svg" in content


def test_a_printed_number_redirects_to_the_permalink(rulebook):
    response = Client().get("/rules/2018/a.4/")
    assert response.status_code == 301 and response["Location"] == "/rules/2018/A.4/"


def test_the_laws_page_shows_every_article(rulebook):
    content = Client().get("/rules/2018/laws/?show=en").content.decode()
    assert 'id="a-A.4"' in content and "Seul le joueur" not in content


def test_the_history_shows_older_editions_and_a_word_diff(rulebook):
    content = Client().get("/rules/2018/4.2.1/history/").content.decode()
    assert 'data-edition="2014"' in content and "<ins>" in content and "<del>" in content


def test_the_history_shows_the_baf_144_note(rulebook):
    content = Client().get("/rules/2018/4.2.1/history/").content.decode()
    assert "scindé en 4.2.1 et 4.2.2" in content


def test_the_history_is_an_htmx_fragment_for_htmx(rulebook):
    content = Client().get("/rules/2018/4.2.1/history/", HTTP_HX_REQUEST="true").content.decode()
    assert content.lstrip().startswith('<div class="rules-history">') and "<html" not in content


def test_the_changes_page_lists_changed_articles(rulebook):
    content = Client().get("/rules/2018/changes/").content.decode()
    assert 'data-status="changed"' in content and 'data-status="added"' in content


def test_the_chapter_renders_tables_as_tables(rulebook):
    content = Client().get("/rules/livre/1.2/").content.decode()
    assert "<caption>Durées</caption>" in content and '<span class="badge">UVC</span>' in content


def test_chapter_4_1_is_aligned_french_and_english(rulebook):
    content = Client().get("/rules/livre/4.1/").content.decode()
    assert 'class="rules-column" lang="en"' in content and "against each other" in content


def test_the_glossary_links_each_term_to_its_article(rulebook):
    content = Client().get("/rules/glossary/").content.decode()
    assert 'href="/rules/2018/5.2.2/"' in content and "dead position" in content


def test_search_shows_highlighted_results(rulebook):
    content = Client().get("/rules/search/?q=adoube").content.decode()
    assert "<mark>adoube</mark>" in content


def test_search_for_an_article_number_redirects_to_it(rulebook):
    response = Client().get("/rules/search/?q=9.2.2")
    assert response.status_code == 302 and response["Location"] == "/rules/2018/9.2.2/"


def test_search_for_an_article_number_of_another_edition(rulebook):
    response = Client().get("/rules/search/?q=4.2&edition=2014")
    assert response["Location"] == "/rules/2014/4.2/"


def test_htmx_search_returns_only_the_results_fragment(rulebook):
    content = Client().get("/rules/search/?q=adoube", HTTP_HX_REQUEST="true").content.decode()
    assert content.lstrip().startswith('<div id="results"') and "<html" not in content


def test_htmx_search_for_a_number_lists_it_instead_of_redirecting(rulebook):
    response = Client().get("/rules/search/?q=9.2.2", HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "/rules/2018/9.2.2/" in response.content.decode()


def test_search_with_an_unknown_edition_says_so(rulebook):
    content = Client().get("/rules/search/?q=adoube&edition=1999").content.decode()
    assert "Édition inconnue" in content


def test_the_pages_are_in_english_at_the_same_url(rulebook):
    client = Client()
    client.cookies["arbitre_language"] = "en"
    content = client.get("/rules/2018/9.2.2/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="en">' in content


def test_the_navigation_links_to_the_rules(rulebook):
    content = Client().get("/").content.decode()
    assert 'data-nav="rules"' in content


def test_the_article_page_names_the_article_it_belongs_to(rulebook):
    content = Client().get("/rules/2018/9.2.2/").content.decode()
    assert 'class="rules-context">Article 9 · La partie nulle' in content


def test_the_glossary_is_in_alphabetical_order_of_the_interface_language(rulebook):
    client = Client()
    french = client.get("/rules/glossary/").content.decode()
    english = client.get("/rules/glossary/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # "j'adoube" < "position morte" in French; "dead position" < "I adjust" in English.
    assert french.index('id="adjust"') < french.index('id="dead-position"')
    assert english.index('id="dead-position"') < english.index('id="adjust"')


def test_search_for_a_group_number_redirects_to_the_group(rulebook):
    assert Client().get("/rules/search/?q=9.6")["Location"] == "/rules/2018/9.6/"


def test_asking_for_a_language_the_edition_lacks_shows_the_one_it_has(rulebook):
    content = Client().get("/rules/2017/4.2.1/?show=en").content.decode()
    assert 'class="rules-column" lang="fr"' in content and 'class="rules-column" lang="en"' not in content


def test_the_changes_page_shows_the_baf_144_records(rulebook):
    content = Client().get("/rules/2017/changes/").content.decode()
    assert 'data-kind="split"' in content and 'data-kind="deleted"' in content


def test_the_correspondence_page_links_both_numbers(rulebook):
    content = Client().get("/rules/correspondence/").content.decode()
    assert 'href="/rules/2014/4.2/"' in content and 'href="/rules/2018/4.2.1/"' in content


def test_the_home_page_has_a_rules_panel_for_everyone(rulebook):
    assert 'data-panel="rules"' in Client().get("/").content.decode()


def test_rulebook_managers_see_the_upload_link_on_the_index(rulebook, exam_staff, trainee):
    assert "/rules/editions/upload/" in client_for(exam_staff).get("/rules/").content.decode()
    assert "/rules/editions/upload/" not in client_for(trainee).get("/rules/").content.decode()


def test_an_edition_can_be_downloaded_in_the_upload_format(rulebook):
    response = Client().get("/rules/2018/export.json")
    data = response.json()
    assert data["edition"]["slug"] == "2018" and data["articles"][0]["number"] == "4"
    assert "attachment" in response["Content-Disposition"]


def test_the_changes_after_a_partial_edition_list_no_added_articles(rulebook):
    # 2014 is reproduced in part (the BAF's "Avant" texts): an article it lacks was not added in 2017.
    html = Client().get("/rules/2017/changes/").content.decode()
    assert 'data-status="added"' not in html
    assert "reproduite qu&#x27;en partie" in html or "reproduite qu'en partie" in html


def test_the_full_laws_page_shows_the_diagrams(rulebook):
    html = Client().get("/rules/2018/laws/").content.decode()
    assert 'id="diagram-dead-position-bishops"' in html


def test_pages_with_commentary_load_the_script_that_unfolds_it_for_printing(rulebook):
    html = Client().get("/rules/2018/9.2.2/").content.decode()
    assert "rules/rules.js" in html


def test_a_part_of_the_laws_is_listed_by_its_heading_not_its_key(db, data_copy):
    path = data_copy / "laws-2018.json"
    articles = json.loads(path.read_text(encoding="utf-8"))
    part = {**articles[0], "number": "basic-rules", "printed": "", "parent": "", "kind": "part",
            "heading_fr": "Les règles fondamentales du jeu", "text_fr": "", "text_en": "",
            "commentary_fr": "", "commentary_en": "", "notes_fr": "", "notes_en": "", "diagrams": []}
    path.write_text(json.dumps([part, *articles], ensure_ascii=False), encoding="utf-8")
    load_rulebook(data_dir=data_copy)
    html = Client().get("/rules/2018/").content.decode()
    assert ">basic-rules<" not in html and "Les règles fondamentales du jeu" in html


def test_the_english_glossary_gives_the_english_definition_first(rulebook):
    english = Client().get("/rules/glossary/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    entry = english[english.index('id="dead-position"'):]
    assert entry.index('<p lang="en">') < entry.index('<p lang="fr">')


def test_a_bilingual_livre_chapter_declares_no_invalid_language(db, data_copy):
    path = data_copy / "livre.json"
    chapters = json.loads(path.read_text(encoding="utf-8"))
    chapters[-1]["language"] = "fr+en"
    path.write_text(json.dumps(chapters, ensure_ascii=False), encoding="utf-8")
    load_rulebook(data_dir=data_copy)
    html = Client().get(f"/rules/livre/{chapters[-1]['number']}/").content.decode()
    assert 'lang="fr+en"' not in html


@pytest.mark.parametrize("url", ["/rules/", "/rules/2018/9.2.2/", "/rules/search/?q=roque"])
def test_reading_pages_answer_head_requests(rulebook, url):
    # Link checkers and monitors use HEAD; a 405 made the pages look broken.
    assert Client().head(url).status_code == 200


def test_a_french_only_chapter_tells_the_english_reader_it_is_shown_in_french(rulebook):
    english = Client().get("/rules/livre/1.2/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "data-only-in-french" in english


def test_a_chapter_with_english_text_or_a_french_reader_gets_no_such_notice(rulebook):
    english_bilingual = Client().get("/rules/livre/4.1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = Client().get("/rules/livre/1.2/").content.decode()
    assert "data-only-in-french" not in english_bilingual + french

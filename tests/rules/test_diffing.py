"""Word differences as the history and changes pages show them."""

from __future__ import annotations

from rules.diffing import same_wording, word_diff_html
from rules.editions import compare_articles


def test_quote_style_and_spacing_are_not_changes():
    html = word_diff_html("en disant «j'adoube» ou «I adjust»).",
                          "en disant « j'adoube » ou « I adjust »).")
    assert "<del>" not in html and "<ins>" not in html


def test_typographic_apostrophes_are_not_changes():
    assert same_wording("qu’il exprime d’abord", "qu'il exprime d'abord")


def test_a_changed_word_is_marked_in_a_text_that_kept_its_quotes():
    html = word_diff_html("il exprime « j'adoube »", "il annonce « j'adoube »")
    assert "<del>exprime</del><ins>annonce</ins>" in html


def test_texts_with_little_in_common_are_shown_whole_not_interleaved():
    html = word_diff_html("Un échec doit toujours être paré au coup suivant.",
                          "Si un joueur réclame la partie nulle, il arrête les deux chronomètres.")
    whole_old = '<del class="rules-diff__whole">Un échec doit toujours être paré au coup suivant.</del>'
    assert html.startswith(whole_old)


def test_a_removed_last_word_is_separated_from_the_text_before_it():
    assert word_diff_html("a b", "a") == "a <del>b</del>"


def test_an_edition_without_english_is_compared_on_the_french_text_only():
    old = [{"number": "1.1", "text_fr": "Le jeu d'échecs se joue à deux."}]
    new = [{"number": "1.1", "text_fr": "Le jeu d'échecs se joue à deux.",
            "text_en": "Chess is played by two."}]
    assert compare_articles(old=old, new=new) == []


def test_a_retypeset_article_is_not_reported_as_changed():
    old = [{"number": "4.2.1", "text_fr": "en disant «j’adoube»", "text_en": ""}]
    new = [{"number": "4.2.1", "text_fr": "en disant « j'adoube »", "text_en": ""}]
    assert compare_articles(old=old, new=new) == []


def test_articles_missing_from_a_partial_old_edition_are_not_reported_as_added():
    old = [{"number": "4.2", "text_fr": "Ancien texte."}]
    new = [{"number": "4.2", "text_fr": "Ancien texte."}, {"number": "1.1", "text_fr": "Le jeu."}]
    assert compare_articles(old=old, new=new, old_complete=False) == []


def test_articles_missing_from_a_partial_new_edition_are_not_reported_as_removed():
    old = [{"number": "4.2", "text_fr": "Texte."}, {"number": "1.1", "text_fr": "Le jeu."}]
    new = [{"number": "4.2", "text_fr": "Texte."}]
    assert compare_articles(old=old, new=new, new_complete=False) == []


def test_a_complete_new_edition_still_reports_what_it_removed():
    old = [{"number": "4.2", "text_fr": "Texte."}, {"number": "9.7", "text_fr": "Supprimé."}]
    new = [{"number": "4.2", "text_fr": "Texte."}]
    assert [(d.number, d.status) for d in compare_articles(old=old, new=new)] == [("9.7", "removed")]

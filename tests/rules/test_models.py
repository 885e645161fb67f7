from __future__ import annotations

from datetime import date
from unittest import mock

import pytest
from django.db import IntegrityError
from django.utils import translation

from rules.models import Article, ArticleKind, Edition, fold, normalise_number


@pytest.mark.parametrize(
    ("printed", "normalised"),
    [("9.2.2", "9.2.2"), ("Art. 9.2.2.", "9.2.2"), ("article 6.9", "6.9"), ("4.3 a)", "4.3.a"),
     ("a.4", "A.4"), ("iii.4", "III.4"), (" 12 ", "12")],
)
def test_it_normalises_printed_article_numbers(printed, normalised):
    assert normalise_number(printed) == normalised


def test_fold_removes_accents_case_and_ligatures():
    assert fold("J’ADOUBE, Œuvre, Élève") == "j'adoube, oeuvre, eleve"


def test_resolve_finds_an_article_by_edition_and_number(rulebook):
    article = Article.objects.resolve("2018", "9.2.2")
    assert article is not None and article.edition.slug == "2018"


def test_resolve_accepts_printed_forms(rulebook):
    assert Article.objects.resolve("2018", "Art. 9.2.2").number == "9.2.2"


def test_resolve_returns_none_for_an_unknown_number(rulebook):
    assert Article.objects.resolve("2018", "99.9") is None


def test_the_permalink_is_edition_then_number(rulebook):
    assert Article.objects.resolve("2018", "9.2.2").get_absolute_url() == "/rules/2018/9.2.2/"


def test_the_current_edition_is_the_newest_complete_one(rulebook):
    assert Edition.current().slug == "2018"


def test_the_current_edition_is_read_once_until_the_rulebook_changes(rulebook, django_assert_num_queries):
    Edition.current()
    with django_assert_num_queries(0):
        assert Edition.current().slug == "2018"
    Edition.objects.filter(slug="2018").get().save()  # any change of the rulebook
    with django_assert_num_queries(1):
        assert Edition.current().slug == "2018"


def test_the_current_edition_changes_with_the_day_it_comes_into_force(rulebook):
    edition = Edition.objects.get(slug="2018")
    Edition.objects.create(slug="2030", year=2030, title_fr="Règles 2030", complete=True,
                           in_force=date(2030, 1, 1))
    assert Edition.current() == edition
    with mock.patch("django.utils.timezone.localdate", return_value=date(2030, 1, 1)):
        assert Edition.current().slug == "2030"


def test_the_parent_is_linked(rulebook):
    assert Article.objects.resolve("2018", "9.2.2").parent.number == "9.2"


def test_text_follows_the_active_language_with_french_fallback(rulebook):
    article_en = Article.objects.resolve("2018", "9.2")
    article_fr_only = Article.objects.resolve("2017", "4.2.1")
    with translation.override("en"):
        assert article_en.text.startswith("The game is drawn")
        assert article_fr_only.text.startswith("Seul le joueur")


def test_numbers_are_unique_within_an_edition(rulebook):
    edition = Edition.objects.get(slug="2018")
    with pytest.raises(IntegrityError):
        Article.objects.create(edition=edition, number="9.2.2", kind=ArticleKind.PARAGRAPH)


def test_articles_of_the_laws_belong_to_the_uvr(rulebook):
    assert Article.objects.resolve("2018", "6.9").exam_units() == ["UVR"]


@pytest.mark.parametrize(
    ("number", "printed", "label"),
    [
        ("14.1", "1)", "14.1"),  # 1928: the paragraph number alone names no article
        ("I.4", "L4", "I.4"),  # 2017: "I.4" read as "L4" by the extraction
        ("A.2", "A2", "A.2"),
        ("4.3.a", "4.3 a)", "4.3 a)"),  # 2009: lettered sub-articles keep their printed form
        ("9.2.2", "9.2.2", "9.2.2"),
    ],
)
def test_an_article_is_labelled_by_a_number_that_names_it(number, printed, label):
    assert Article(number=number, printed=printed).label == label


@pytest.mark.parametrize(("number", "kind"), [("basic-rules", ArticleKind.PART), ("0", ArticleKind.PREFACE)])
def test_the_preface_and_the_parts_are_named_by_their_heading_not_by_our_key(number, kind):
    article = Article(number=number, printed="0" if number == "0" else "", kind=kind,
                      heading_fr="Les règles fondamentales du jeu")
    assert (article.label, article.name) == ("", "Les règles fondamentales du jeu")


def test_a_1928_annex_paragraph_is_labelled_in_words():
    assert Article(number="annexe.1", printed="1)", kind=ArticleKind.PARAGRAPH).label == "Annexe 1"

"""Counts read naturally in French (0 and 1 singular), notes follow the interface language,
and exam-unit badges only belong to the edition in force."""

from __future__ import annotations

import json

from django.test import Client
from django.utils import translation

from rules.models import Article, EditionUpload
from rules.schema import validate_articles
from rules.services import load_rulebook
from rules.views_staff import _count_summary
from tests.conftest import client_for
from tests.rules.test_editions_upload import future_edition, upload


def test_the_upload_preview_counts_each_kind_of_change_in_words(rulebook, exam_staff):
    client = client_for(exam_staff)
    upload(client, future_edition())
    content = client.get(f"/rules/editions/upload/{EditionUpload.objects.get().pk}/").content.decode()
    assert "(s)" not in content


def test_a_zero_count_reads_in_the_singular_in_french():
    with translation.override("fr"):
        assert _count_summary({"added": 0, "removed": 1, "changed": 2}) == (
            "Aucun article ajouté, 1 article supprimé, 2 articles modifiés.")


def test_one_missing_field_is_named_in_the_singular():
    with translation.override("fr"):
        errors = validate_articles([{"number": "1", "kind": "article"}])
    assert any("champ manquant : text_fr." in error for error in errors)


def test_two_missing_fields_are_named_in_the_plural():
    with translation.override("fr"):
        errors = validate_articles([{"number": "1"}])
    assert any("champs manquants : kind, text_fr." in error for error in errors)


def test_a_glossary_term_citing_one_article_says_article_in_the_singular(rulebook):
    content = Client().get("/rules/glossary/").content.decode()
    assert "Article :" in content and "Articles : 4.2.1" not in content


def test_an_edition_in_one_language_says_langue_in_the_singular(rulebook):
    assert "Langue : FR" in Client().get("/rules/").content.decode()


def test_a_livre_chapter_with_one_unit_says_unite_in_the_singular(db, data_copy):
    path = data_copy / "livre.json"
    chapters = json.loads(path.read_text(encoding="utf-8"))
    chapters[1]["units"] = ["UVT"]
    path.write_text(json.dumps(chapters, ensure_ascii=False), encoding="utf-8")
    load_rulebook(data_dir=data_copy)
    assert "Unité de valeur :" in Client().get("/rules/livre/4.1/").content.decode()


def test_an_older_edition_carries_no_exam_unit(rulebook):
    assert Article.objects.resolve("2014", "4.2").exam_units() == []


def test_an_older_edition_s_article_page_shows_no_uvr_badge(rulebook):
    assert '<span class="badge">UVR</span>' not in Client().get("/rules/2014/4.2/").content.decode()


def test_the_edition_in_force_keeps_its_uvr_badge(rulebook):
    assert '<span class="badge">UVR</span>' in Client().get("/rules/2018/4.2.1/").content.decode()


def _load_with_note(data_copy) -> None:
    path = data_copy / "correspondence.json"
    rows = json.loads(path.read_text(encoding="utf-8"))
    rows[0] |= {"note_fr": "Devenu un paragraphe de 4.2.", "note_en": "Became a paragraph of 4.2."}
    path.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    load_rulebook(data_dir=data_copy)


def test_correspondence_notes_are_french_in_the_french_interface(db, data_copy):
    _load_with_note(data_copy)
    content = Client(headers={"accept-language": "fr"}).get("/rules/correspondence/").content.decode()
    assert "Devenu un paragraphe de 4.2." in content and "Became a paragraph" not in content


def test_correspondence_notes_are_english_in_the_english_interface(db, data_copy):
    _load_with_note(data_copy)
    content = Client(headers={"accept-language": "en"}).get("/rules/correspondence/").content.decode()
    assert "Became a paragraph of 4.2." in content

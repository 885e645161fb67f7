from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules.models import Article, Edition, EditionUpload, SearchDocument
from rules.search import search
from rules.signals import articles_changed
from tests.conftest import client_for

UPLOAD_URL = "/rules/editions/upload/"


def future_edition(**changes) -> dict:
    articles = [
        {"number": "4", "parent": "", "kind": "article", "heading_fr": "L'action de déplacer les pièces",
         "text_fr": ""},
        {"number": "4.2.1", "parent": "4", "kind": "paragraph",
         "text_fr": "Seul le joueur au trait peut rectifier la position d'une ou plusieurs pièces, "
                    "en disant « j'adoube ».",
         "text_en": "Only the player having the move may adjust pieces."},
        {"number": "9", "parent": "", "kind": "article", "heading_fr": "La partie nulle", "text_fr": ""},
        {"number": "9.9", "parent": "9", "kind": "paragraph",
         "text_fr": "Un article nouveau, quintessentiel."},
    ]
    payload = {
        "edition": {"slug": "2030", "year": 2030, "title_fr": "Règles (2030)", "title_en": "Laws (2030)",
                    "adopted": "2029-10-01", "in_force": "2030-01-01", "languages": ["fr", "en"],
                    "complete": True, "source": "Test"},
        "articles": articles,
    }
    payload.update(changes)
    return payload


def as_file(payload, name: str = "2030.json") -> SimpleUploadedFile:
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return SimpleUploadedFile(name, data, content_type="application/json")


def upload(client: Client, payload):
    return client.post(UPLOAD_URL, {"file": as_file(payload)})


# Who may upload ---------------------------------------------------------------------------


def test_anonymous_people_are_sent_to_the_login_page(db):
    response = Client().get(UPLOAD_URL)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("persona", ["trainee", "trainer", "grader", "stranger"])
def test_people_without_manage_rulebook_are_forbidden(request, rulebook, persona):
    user = request.getfixturevalue(persona)
    assert client_for(user).get(UPLOAD_URL).status_code == 403


@pytest.mark.parametrize("persona", ["trainee", "trainer"])
def test_people_without_manage_rulebook_cannot_post(request, rulebook, persona):
    user = request.getfixturevalue(persona)
    assert upload(client_for(user), future_edition()).status_code == 403


@pytest.mark.parametrize("persona", ["exam_staff", "administrator"])
def test_rulebook_managers_see_the_upload_page(request, rulebook, persona):
    user = request.getfixturevalue(persona)
    assert client_for(user).get(UPLOAD_URL).status_code == 200


def test_the_upload_page_refuses_other_methods(rulebook, exam_staff):
    assert client_for(exam_staff).put(UPLOAD_URL).status_code == 405


# Validation ----------------------------------------------------------------------------


def test_invalid_json_is_a_422_with_the_line(rulebook, exam_staff):
    response = upload(client_for(exam_staff), b'{"edition": {,}')
    assert response.status_code == 422 and "ligne 1" in response.content.decode()


def test_a_file_that_is_not_utf8_is_rejected(rulebook, exam_staff):
    response = upload(client_for(exam_staff), "é".encode("latin-1"))
    assert response.status_code == 422 and "UTF-8" in response.content.decode()


def test_each_invalid_article_gets_its_own_message(rulebook, exam_staff):
    payload = future_edition()
    payload["articles"][1]["kind"] = "chapitre"
    payload["articles"][3]["text_fr"] = None
    content = upload(client_for(exam_staff), payload).content.decode()
    assert "Article n° 2 (4.2.1)" in content and "Article n° 4 (9.9)" in content


def test_an_unknown_parent_is_reported(rulebook, exam_staff):
    payload = future_edition()
    payload["articles"][1]["parent"] = "7"
    assert "le parent « 7 »" in upload(client_for(exam_staff), payload).content.decode()


def test_an_existing_edition_slug_is_rejected(rulebook, exam_staff):
    payload = future_edition()
    payload["edition"]["slug"] = "2018"
    assert "existe déjà" in upload(client_for(exam_staff), payload).content.decode()


def test_a_bad_date_is_rejected(rulebook, exam_staff):
    payload = future_edition()
    payload["edition"]["in_force"] = "1er janvier"
    assert "in_force" in upload(client_for(exam_staff), payload).content.decode()


def test_a_rejected_upload_saves_nothing(rulebook, exam_staff):
    upload(client_for(exam_staff), future_edition(articles=[]))
    assert not EditionUpload.objects.exists()


# Preview and confirmation -------------------------------------------------------------------


def test_a_valid_upload_redirects_to_its_preview(rulebook, exam_staff):
    response = upload(client_for(exam_staff), future_edition())
    pending = EditionUpload.objects.get()
    assert response["Location"] == f"/rules/editions/upload/{pending.pk}/"


def test_the_preview_shows_added_removed_and_changed_articles(rulebook, exam_staff):
    client = client_for(exam_staff)
    upload(client, future_edition())
    content = client.get(f"/rules/editions/upload/{EditionUpload.objects.get().pk}/").content.decode()
    for status in ("added", "removed", "changed"):
        assert f'data-status="{status}"' in content


def test_the_preview_shows_a_word_diff(rulebook, exam_staff):
    client = client_for(exam_staff)
    upload(client, future_edition())
    content = client.get(f"/rules/editions/upload/{EditionUpload.objects.get().pk}/").content.decode()
    assert "<del>" in content and "<ins>" in content


def test_the_preview_does_not_load_anything(rulebook, exam_staff):
    client = client_for(exam_staff)
    upload(client, future_edition())
    client.get(f"/rules/editions/upload/{EditionUpload.objects.get().pk}/")
    assert not Edition.objects.filter(slug="2030").exists()


def test_another_manager_cannot_see_someone_elses_upload(rulebook, exam_staff, administrator):
    upload(client_for(exam_staff), future_edition())
    url = f"/rules/editions/upload/{EditionUpload.objects.get().pk}/"
    assert client_for(administrator).get(url).status_code == 404


def test_a_trainee_cannot_confirm_an_upload(rulebook, exam_staff, trainee):
    upload(client_for(exam_staff), future_edition())
    url = f"/rules/editions/upload/{EditionUpload.objects.get().pk}/"
    assert client_for(trainee).post(url).status_code == 403


def test_confirming_loads_the_edition_and_its_articles(rulebook, exam_staff):
    client = client_for(exam_staff)
    upload(client, future_edition())
    response = client.post(f"/rules/editions/upload/{EditionUpload.objects.get().pk}/")
    assert response["Location"] == "/rules/2030/changes/"
    assert Article.objects.resolve("2030", "9.9").parent.number == "9"


def test_confirming_makes_the_new_edition_searchable(rulebook, exam_staff):
    client = client_for(exam_staff)
    upload(client, future_edition())
    client.post(f"/rules/editions/upload/{EditionUpload.objects.get().pk}/")
    assert SearchDocument.objects.filter(edition="2030").exists()
    assert [hit.number for hit in search("quintessentiel", edition="2030")] == ["9.9"]


def test_an_edition_loaded_before_its_date_is_not_yet_the_one_in_force(rulebook, exam_staff):
    client = client_for(exam_staff)
    upload(client, future_edition())  # in force on 1 January 2030
    client.post(f"/rules/editions/upload/{EditionUpload.objects.get().pk}/")
    assert Edition.current().slug == "2018"


def test_an_edition_whose_date_has_come_becomes_the_one_in_force(rulebook, exam_staff):
    payload = future_edition()
    payload["edition"]["in_force"] = "2020-01-01"
    client = client_for(exam_staff)
    upload(client, payload)
    client.post(f"/rules/editions/upload/{EditionUpload.objects.get().pk}/")
    assert Edition.current().slug == "2030"
    assert [hit.number for hit in search("quintessentiel")] == ["9.9"]


def test_confirming_sends_articles_changed(rulebook, exam_staff):
    received = []

    def listener(sender, **kwargs):
        received.append(kwargs)

    articles_changed.connect(listener)
    try:
        client = client_for(exam_staff)
        upload(client, future_edition())
        client.post(f"/rules/editions/upload/{EditionUpload.objects.get().pk}/")
    finally:
        articles_changed.disconnect(listener)
    assert received[0]["edition"] == "2030" and received[0]["previous_edition"] == "2018"
    assert {"4.2.1", "9.9", "9.2.2", "A.4"} <= set(received[0]["numbers"])


def test_confirming_twice_does_not_load_twice(rulebook, exam_staff):
    client = client_for(exam_staff)
    upload(client, future_edition())
    url = f"/rules/editions/upload/{EditionUpload.objects.get().pk}/"
    client.post(url)
    response = client.post(url, follow=True)
    assert "déjà été chargée" in response.content.decode()
    assert Edition.objects.filter(slug="2030").count() == 1


def test_a_too_long_heading_is_reported_instead_of_failing(rulebook, exam_staff):
    payload = future_edition()
    payload["articles"][0]["heading_fr"] = "x" * 301
    response = upload(client_for(exam_staff), payload)
    assert response.status_code == 422 and "dépasse 300 caractères" in response.content.decode()


def test_a_slug_used_by_the_rules_urls_is_rejected(rulebook, exam_staff):
    payload = future_edition()
    payload["edition"]["slug"] = "search"
    assert upload(client_for(exam_staff), payload).status_code == 422


def test_nul_characters_are_rejected_before_reaching_the_database(rulebook, exam_staff):
    payload = future_edition()
    payload["articles"][1]["text_fr"] = "a\x00b"
    response = upload(client_for(exam_staff), payload)
    assert response.status_code == 422 and "U+0000" in response.content.decode()


def test_an_exported_edition_uploads_again_under_a_new_slug(rulebook, exam_staff):
    client = client_for(exam_staff)
    exported = client.get("/rules/2018/export.json").json()
    exported["edition"].update(slug="2031", year=2031)
    response = upload(client, exported)
    assert response.status_code == 302
    preview = client.get(response["Location"]).content.decode()
    assert "data-status=" not in preview  # identical text: nothing added, removed or changed


def test_the_upload_page_offers_the_current_edition_as_a_starting_point(rulebook, exam_staff):
    assert "/rules/2018/export.json" in client_for(exam_staff).get(UPLOAD_URL).content.decode()


def test_a_deeply_nested_file_is_refused_with_a_message_not_an_error_page(rulebook, administrator):
    nested = SimpleUploadedFile("deep.json", b"[" * 100_000 + b"]" * 100_000, content_type="application/json")
    response = client_for(administrator).post(UPLOAD_URL, {"file": nested})
    assert response.status_code == 422
    assert "imbriqué trop profondément" in response.content.decode()


def test_the_upload_help_names_the_format_file_in_full(rulebook, administrator):
    assert "laws-2018.json" in client_for(administrator).get(UPLOAD_URL).content.decode()


def test_a_file_over_the_size_limit_is_refused_and_nothing_is_saved(rulebook, exam_staff, monkeypatch):
    monkeypatch.setattr("rules.forms.MAX_UPLOAD_BYTES", 100)
    response = upload(client_for(exam_staff), future_edition())
    assert response.status_code == 422 and "dépasse 5 Mo" in response.content.decode()
    assert not EditionUpload.objects.exists()


def test_the_upload_preview_refuses_other_methods(rulebook, exam_staff):
    client = client_for(exam_staff)
    upload(client, future_edition())
    assert client.put(f"/rules/editions/upload/{EditionUpload.objects.get().pk}/").status_code == 405

"""Importing a file into the bank (all or nothing) and exporting the filtered bank."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from questions.models import Question
from tests.conftest import client_for
from tests.questions import core_samples

FORBIDDEN = ["trainee", "grader", "exam_staff", "stranger"]
IMPORT = reverse("questions:import")
EXPORT = reverse("questions:export")


def bank_file(*questions: dict, name: str = "bank.json") -> SimpleUploadedFile:
    document = {"format": "arbitre-questions", "version": 1, "questions": list(questions)}
    return SimpleUploadedFile(name, json.dumps(document).encode(), content_type="application/json")


def test_the_import_page_opens_for_a_trainer(trainer):
    assert client_for(trainer).get(IMPORT).status_code == 200


def test_a_valid_file_is_imported_as_the_importers_drafts(trainer):
    upload = bank_file(
        {"uid": "imp-a", **core_samples.single()}, {"uid": "imp-b", **core_samples.truefalse()}
    )
    response = client_for(trainer).post(IMPORT, {"file": upload})
    assert response.status_code == 200
    assert set(Question.objects.filter(author=trainer, status="draft").values_list("uid", flat=True)) == {
        "imp-a",
        "imp-b",
    }


def test_the_report_lists_what_was_created(trainer):
    upload = bank_file({"uid": "imp-a", **core_samples.single()})
    body = client_for(trainer).post(IMPORT, {"file": upload}).content.decode()
    assert 'data-import="accepted"' in body
    assert "imp-a" in body


def test_nothing_is_imported_when_one_question_is_rejected(trainer):
    bad = {"uid": "imp-bad", **core_samples.single(units=["UVX"])}
    response = client_for(trainer).post(
        IMPORT, {"file": bank_file({"uid": "imp-ok", **core_samples.single()}, bad)}
    )
    assert response.status_code == 422
    assert not Question.objects.exists()
    assert "imp-bad" in response.content.decode()


def test_a_wrong_answer_key_is_rejected_with_the_engines_reason(trainer):
    from tests.questions.conftest import flag_fall_ruling

    response = client_for(trainer).post(
        IMPORT, {"file": bank_file({"uid": "imp-r", **flag_fall_ruling("black")})}
    )
    assert response.status_code == 422
    assert "6.9" in response.content.decode()


def test_an_import_may_not_overwrite_another_authors_draft(other_trainer, draft_question):
    upload = bank_file({"uid": draft_question.uid, **core_samples.single(difficulty=3)})
    response = client_for(other_trainer).post(IMPORT, {"file": upload})
    draft_question.refresh_from_db()
    assert response.status_code == 422
    assert draft_question.draft.difficulty == 1


def test_an_unreadable_file_is_reported(trainer):
    upload = SimpleUploadedFile("bank.json", b"{not json", content_type="application/json")
    response = client_for(trainer).post(IMPORT, {"file": upload})
    assert response.status_code == 422
    assert "JSON illisible" in response.content.decode()


def test_a_file_that_is_not_utf8_is_read_as_windows_1252_and_says_so(trainer):
    text = "// [tag:arbitre-unit:UVC]\n::q::Le «\u00a0forfait\u00a0» compte-t-il ? {T}\n"
    upload = SimpleUploadedFile("bank.gift", text.encode("cp1252"))
    response = client_for(trainer).post(IMPORT, {"file": upload})
    assert response.status_code == 200
    assert "windows-1252" in response.content.decode()
    assert Question.objects.get().draft.stem_fr == "Le « forfait » compte-t-il ?"


def test_an_unknown_extension_needs_a_format(trainer):
    response = client_for(trainer).post(IMPORT, {"file": SimpleUploadedFile("bank.docx", b"x")})
    assert response.status_code == 422
    assert "format" in response.context["form"].errors


def test_a_missing_file_is_refused(trainer):
    assert client_for(trainer).post(IMPORT, {}).status_code == 422


def test_a_gift_file_is_imported(trainer):
    text = "// [id:uvc-gift-q] [tag:arbitre-unit:UVC]\n::Forfait:: Un forfait compte-t-il ? {F}\n"
    response = client_for(trainer).post(IMPORT, {"file": SimpleUploadedFile("bank.gift", text.encode())})
    assert response.status_code == 200
    assert Question.objects.get().uid == "uvc-gift-q"


def test_a_gift_question_without_unit_is_rejected_with_its_reason(trainer):
    text = "::gift-q:: Le roque est-il permis après un échec ? {F}\n"
    response = client_for(trainer).post(IMPORT, {"file": SimpleUploadedFile("bank.gift", text.encode())})
    assert response.status_code == 422
    assert "unité de valeur" in response.content.decode()


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_import(request, role):
    assert client_for(request.getfixturevalue(role)).get(IMPORT).status_code == 403


def test_import_refuses_put(trainer):
    assert client_for(trainer).put(IMPORT).status_code == 405


# --- Export --------------------------------------------------------------------------------------


def test_the_export_downloads_the_filtered_bank_as_json(trainer, draft_question, published_question):
    response = client_for(trainer).get(EXPORT, {"format": "json", "status": "published"})
    document = json.loads(response.content)
    assert response["Content-Disposition"].startswith('attachment; filename="arbitre-questions-')
    assert [question["uid"] for question in document["questions"]] == [published_question.uid]


def test_an_exported_file_imports_back_unchanged(trainer, draft_question):
    exported = client_for(trainer).get(EXPORT, {"format": "json", "drafts": "on"}).content
    upload = SimpleUploadedFile("again.json", exported, content_type="application/json")
    response = client_for(trainer).post(IMPORT, {"file": upload})
    assert response.context["report"].unchanged == [draft_question.uid]


def test_the_export_leaves_out_drafts_others_cannot_read(other_trainer, draft_question, published_question):
    document = json.loads(client_for(other_trainer).get(EXPORT, {"format": "json"}).content)
    assert [question["uid"] for question in document["questions"]] == [published_question.uid]


@pytest.mark.parametrize(("format_name", "marker"), [("moodlexml", b"<quiz"), ("gift", b"::")])
def test_the_export_speaks_moodle_xml_and_gift(trainer, published_question, format_name, marker):
    response = client_for(trainer).get(EXPORT, {"format": format_name})
    assert response.status_code == 200
    assert marker in response.content


def test_an_unknown_export_format_is_refused(trainer):
    assert client_for(trainer).get(EXPORT, {"format": "docx"}).status_code == 422


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_export(request, role):
    assert client_for(request.getfixturevalue(role)).get(EXPORT, {"format": "json"}).status_code == 403


def test_export_refuses_post(trainer):
    assert client_for(trainer).post(EXPORT).status_code == 405


def test_a_file_over_the_size_limit_is_refused_and_nothing_is_imported(trainer, monkeypatch):
    from questions.forms import ImportForm

    monkeypatch.setattr(ImportForm, "MAX_BYTES", 100)
    upload = bank_file({"uid": "imp-a", **core_samples.single()})
    response = client_for(trainer).post(IMPORT, {"file": upload})
    assert response.status_code == 422 and "dépasse 10 Mo" in response.content.decode()
    assert not Question.objects.exists()

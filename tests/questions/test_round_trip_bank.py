"""The whole shipped bank exports to JSON, Moodle XML and GIFT and re-imports unchanged, from the
command line and from the pages (issue 8).

The bank is loaded once for the module with ``load_questions`` (the rules engine checks every
ruling: it takes a while), and removed at the end; each test runs in its own transaction.
"""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db.models.signals import pre_delete
from django.urls import reverse

from questions.content import validate_content
from questions.formats import BankEntry
from questions.formats.importer import format_module
from questions.models import Question, QuestionVersion
from questions.signals import connect_model_signals
from tests.conftest import client_for
from tests.questions.shipped_bank import shipped_questions

# On one pytest-xdist worker with the other modules that load the whole bank: the engine checks
# its 41 rulings once (about a minute), then finds the verdicts in that process's caches.
pytestmark = pytest.mark.xdist_group("shipped-bank")

FORMATS = {"json": "json", "moodlexml": "xml", "gift": "gift"}


@pytest.fixture(scope="module")
def loaded_bank(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("load_questions", stdout=StringIO())
        yield {version.question.uid: version.content_hash for version in stored_versions()}
        remove_every_question()


def remove_every_question() -> None:
    """Leave the database as the other modules expect it: published versions are protected from
    deletion (exams keep them), so the guard is lifted for this clean-up only."""
    uid = "questions.refuse_deleting_published_versions"
    pre_delete.disconnect(sender=QuestionVersion, dispatch_uid=uid)
    try:
        Question.objects.update(current_version=None, draft=None)
        Question.objects.all().delete()
    finally:
        connect_model_signals()


def stored_versions():
    return QuestionVersion.objects.select_related("question").order_by("question__uid", "number")


def version_hashes() -> dict[str, str]:
    return {version.question.uid: version.content_hash for version in stored_versions()}


def run(name: str, *args) -> str:
    out = StringIO()
    call_command(name, *args, stdout=out, stderr=StringIO())
    return out.getvalue()


@pytest.mark.parametrize("format_name", list(FORMATS))
def test_every_shipped_question_reads_back_exactly_from_its_export(format_name):
    contents = {
        uid: validate_content(content, check_citations=False)[0]
        for uid, content in shipped_questions().items()
    }
    module = format_module(format_name)
    parsed = module.parse(module.export([BankEntry(uid, content) for uid, content in contents.items()]))
    assert {entry.uid: entry.content for entry in parsed.entries} == contents


@pytest.mark.parametrize("format_name", list(FORMATS))
def test_the_shipped_bank_reimports_unchanged_through_the_commands(tmp_path, loaded_bank, db, format_name):
    path = tmp_path / f"bank.{FORMATS[format_name]}"
    run("export_questions", "--format", format_name, "-o", str(path))
    out = run("import_questions", str(path), "--status", "published")
    assert f"0 créée(s), 0 mise(s) à jour, {len(loaded_bank)} inchangée(s)." in out
    assert version_hashes() == loaded_bank


@pytest.mark.parametrize("format_name", list(FORMATS))
def test_the_shipped_bank_reimports_unchanged_through_the_pages(trainer, loaded_bank, db, format_name):
    client = client_for(trainer)
    exported = client.get(reverse("questions:export"), {"format": format_name})
    upload = SimpleUploadedFile(f"bank.{FORMATS[format_name]}", exported.content)
    response = client.post(reverse("questions:import"), {"file": upload, "format": ""})
    assert f"0 créée(s), 0 mise(s) à jour, {len(loaded_bank)} inchangée(s)." in response.content.decode()
    assert version_hashes() == loaded_bank


@pytest.mark.parametrize("format_name", ["json", "moodlexml"])
def test_a_question_with_images_travels_to_another_arbitre_through_the_pages(trainer, db, format_name):
    """Images in the stem and in the explanation: the file carries their bytes (JSON's "images",
    Moodle XML's <file>, read as Moodle gives it back, without our extension), and a bank that
    never held them imports the question unchanged, images included."""
    from questions import services
    from questions.media import QuestionImage, image_bytes
    from tests.questions import core_samples
    from tests.questions.media_samples import png_bytes, with_explanation_image, with_image
    from tests.questions.test_round_trip_moodle import through_moodle_xml

    content = with_explanation_image(with_image(core_samples.single(), data=png_bytes()),
                                     data=png_bytes(colour="lightblue"))
    original = services.create_question(author=trainer, content=content, uid="uvr-travelling-images").draft
    expected = original.content()
    images = {item["sha256"]: image_bytes(item["sha256"]) for item in content["media"]}
    client = client_for(trainer)
    exported = client.get(reverse("questions:export"), {"format": format_name, "drafts": "1"}).content
    if format_name == "moodlexml":
        exported = through_moodle_xml(exported.decode()).encode()
    # Only this question: the module's shipped bank may be loaded (``loaded_bank``).
    Question.objects.filter(uid="uvr-travelling-images").update(draft=None)
    QuestionVersion.objects.filter(question__uid="uvr-travelling-images").delete()
    Question.objects.filter(uid="uvr-travelling-images").delete()
    QuestionImage.objects.all().delete()
    upload = SimpleUploadedFile(f"bank.{FORMATS[format_name]}", exported)
    response = client.post(reverse("questions:import"), {"file": upload, "format": ""})
    imported = Question.objects.get(uid="uvr-travelling-images")
    assert response.status_code == 200 and imported.draft.content() == expected
    assert {sha256: image_bytes(sha256) for sha256 in images} == images

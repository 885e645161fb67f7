"""An import refused leaves no image behind: the images a file brings are stored with its
questions, in the import's transaction, never before the validation."""

from __future__ import annotations

import json

import pytest

from questions.formats import moodle
from questions.formats.importer import ImportFailed, import_text
from questions.media import QuestionImage
from questions.models import Question
from tests.questions.media_samples import png_bytes
from tests.questions.test_media_travel import explained_entry, forget_images, json_naming, refusal

pytestmark = pytest.mark.django_db


def with_a_broken_second_question(text: str) -> str:
    """The file with one more question, refused by the validation (no right answer)."""
    document = json.loads(text)
    broken = dict(document["questions"][0], uid="uvr-no-right-answer")
    broken["body"] = {
        **broken["body"],
        "options": [dict(option, correct=False) for option in broken["body"]["options"]],
    }
    document["questions"].append(broken)
    return json.dumps(document)


def test_a_refused_json_import_leaves_its_valid_images_out_of_the_bank(trainer):
    refusal(with_a_broken_second_question(json_naming(png_bytes())), trainer)
    assert not QuestionImage.objects.exists()


def test_a_json_import_refused_for_its_image_question_s_own_content_leaves_no_image(trainer):
    document = json.loads(json_naming(png_bytes()))
    document["questions"][0]["points"] = -1
    refusal(json.dumps(document), trainer)
    assert not QuestionImage.objects.exists()


def test_a_refused_moodle_xml_import_leaves_its_images_out_of_the_bank(trainer):
    text = moodle.export([explained_entry()])
    forget_images()
    with pytest.raises(ImportFailed):
        import_text(
            text.replace('<answer fraction="100"', '<answer fraction="0"'),
            format_name="moodlexml",
            author=trainer,
        )
    assert not QuestionImage.objects.exists()


def test_an_accepted_import_stores_the_images_its_questions_show(trainer):
    import_text(json_naming(png_bytes()), format_name="json", author=trainer)
    question = Question.objects.get(uid="uvr-imported-image")
    assert QuestionImage.objects.filter(sha256=question.draft.media[0]["sha256"]).exists()


def test_a_failure_while_storing_leaves_no_image_either(trainer, monkeypatch):
    from questions import services

    def failing(**kwargs):
        raise RuntimeError("database away")

    monkeypatch.setattr(services, "store_imported", failing)
    with pytest.raises(RuntimeError):
        import_text(json_naming(png_bytes()), format_name="json", author=trainer)
    assert not QuestionImage.objects.exists()

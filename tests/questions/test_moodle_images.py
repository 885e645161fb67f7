"""Images travel through Moodle XML (kept, bytes and alt texts) and are reported by GIFT."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from questions.content import validate_content
from questions.formats import BankEntry, gift, moodle
from questions.formats.importer import import_text
from questions.media import QuestionImage, image_bytes
from questions.models import Question
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, published_with_image, with_image
from tests.questions.test_round_trip_moodle import through_moodle_gift, through_moodle_xml

pytestmark = pytest.mark.django_db
IMAGES_FILE = Path(__file__).parent / "data" / "moodle" / "images.xml"


def imported(trainer):
    report = import_text(IMAGES_FILE.read_text(), format_name="moodlexml", author=trainer,
                         default_unit="UVC")
    return report, Question.objects.get().draft


def test_a_moodle_image_is_stored_and_placed_in_the_stem(trainer):
    _report, version = imported(trainer)
    assert version.stem_fr.splitlines()[2] == "[image:pendule-finale.png]"
    assert QuestionImage.objects.count() == 2


def test_its_alt_texts_are_kept_in_both_languages(trainer):
    _report, version = imported(trainer)
    assert (version.media[0]["alt_fr"], version.media[0]["alt_en"]) == (
        "Pendule : 12:05 pour les Blancs, 0:30 pour les Noirs", "Clock: 12:05 for White, 0:30 for Black")


def test_svg_and_sound_files_are_reported_per_question_with_the_reason(trainer):
    report, _version = imported(trainer)
    notes = " ".join(report.left_out_lines())
    assert "schema.svg" in notes and "SVG" in notes and "annonce.mp3" in notes


def test_an_image_without_alt_text_is_reported(trainer):
    report, _version = imported(trainer)
    assert "feuille.jpg" in " ".join(line for line in report.left_out_lines() if "remplacement" in line)


def entry_with_image(uid="uvr-image-trip") -> BankEntry:
    content = validate_content(with_image(core_samples.single(), data=png_bytes()), check_citations=False)[0]
    return BankEntry(uid, content)


def test_moodle_xml_writes_the_bytes_as_a_file_with_a_pluginfile_reference():
    entry = entry_with_image()
    quiz = ET.fromstring(moodle.export([entry]))  # noqa: S314 - our own export
    file = quiz.find("question/questiontext/file")
    assert file.get("name") == "pendule.png" and '@@PLUGINFILE@@/pendule.png"' in quiz.findtext(
        "question/questiontext/text")


def test_arbitre_to_moodle_xml_to_arbitre_keeps_the_image_and_its_alt_texts():
    entry = entry_with_image()
    parsed = moodle.parse(through_moodle_xml(moodle.export([entry], carry=False)))
    back = parsed.entries[0]
    assert validate_content(back.content, check_citations=False)[0] == entry.content
    sha256 = entry.content["media"][0]["sha256"]
    assert back.images[sha256] == image_bytes(sha256)


def test_a_fresh_bank_imports_the_image_from_the_file_alone(trainer):
    text = moodle.export([entry_with_image()], carry=False)
    QuestionImage.objects.all().delete()
    import_text(text, format_name="moodlexml", author=trainer)
    assert QuestionImage.objects.count() == 1
    assert Question.objects.get().draft.media[0]["name"] == "pendule.png"


def test_gift_says_per_question_that_it_cannot_carry_the_image():
    text = gift.export([entry_with_image()])
    assert "// image « pendule.png » non exportée" in text


def test_gift_shows_the_alt_text_where_the_image_stood():
    text = gift.export([entry_with_image()], carry=False)
    back = gift.parse(through_moodle_gift(text)).entries[0]
    assert "(Pendule des Blancs à 0:30)" in back.content["stem_fr"]


def test_export_questions_reports_the_images_gift_leaves_out(trainer, other_trainer):
    published_with_image("uvr-gift-image", trainer, other_trainer)
    err = StringIO()
    call_command("export_questions", "--format", "gift", stdout=StringIO(), stderr=err)
    assert "uvr-gift-image : image « pendule.png » non exportée" in err.getvalue()

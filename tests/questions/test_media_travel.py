"""Images travel with the bank (issue 21, "a bank that travels"): the explanation's images through
Moodle XML's general feedback, every image's bytes in the native JSON, and an import may name an
image without its bytes only if the importer may already see it."""

from __future__ import annotations

import base64
import hashlib
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from questions import services
from questions.content import validate_content
from questions.formats import BankEntry, gift, json_format, moodle
from questions.formats.importer import ImportFailed, entries_for, import_entries, import_text
from questions.media import QuestionImage, image_bytes
from questions.models import Question
from tests.conftest import client_for
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, with_explanation_image, with_image
from tests.questions.test_round_trip_moodle import through_moodle_gift, through_moodle_xml

pytestmark = pytest.mark.django_db
FEEDBACK_FILE = Path(__file__).parent / "data" / "moodle" / "feedback_images.xml"


def explained_entry(uid: str = "uvr-explained-trip") -> BankEntry:
    """A question with an image in its stem and another in its explanation (both languages)."""
    content = with_image(core_samples.single(), data=png_bytes())
    content = with_explanation_image(content, data=png_bytes(colour="lightblue"))
    return BankEntry(uid, validate_content(content, check_citations=False)[0])


def forget_images() -> None:
    """A fresh bank: no image stored (no version shows any here)."""
    QuestionImage.objects.all().delete()


# Moodle XML: the general feedback's images are the explanation's.

def imported_feedback_file(trainer):
    report = import_text(FEEDBACK_FILE.read_text(), format_name="moodlexml", author=trainer,
                         default_unit="UVC")
    versions = {version.stem_fr.split(" ")[0]: version for version in
                (question.draft for question in Question.objects.all())}
    return report, versions["Les"], versions["La"]


def test_an_image_of_moodle_s_general_feedback_is_placed_in_the_explanation(trainer):
    _report, signed, _clock = imported_feedback_file(trainer)
    assert signed.explanation_fr.splitlines()[2] == "[image:feuille-sign-e.png]"
    assert [item["name"] for item in signed.media] == ["pendule.png", "feuille-sign-e.png"]


def test_its_alt_texts_are_kept_in_both_languages(trainer):
    _report, signed, _clock = imported_feedback_file(trainer)
    assert (signed.media[1]["alt_fr"], signed.media[1]["alt_en"]) == (
        "Feuille de partie signée par les deux joueurs", "Scoresheet signed by both players")


def test_a_feedback_file_with_the_stem_s_name_and_bytes_is_the_stem_s_image(trainer):
    _report, signed, _clock = imported_feedback_file(trainer)
    assert "[image:pendule.png]" in signed.explanation_fr and len(signed.media) == 2


def test_a_feedback_file_with_the_stem_s_name_and_other_bytes_is_renamed(trainer):
    _report, _signed, clock = imported_feedback_file(trainer)
    assert [item["name"] for item in clock.media] == ["pendule.png", "pendule-2.png"]
    assert clock.explanation_fr.endswith("[image:pendule-2.png]")


def test_images_of_answers_feedback_and_hints_are_reported_per_question(trainer):
    report, signed, clock = imported_feedback_file(trainer)
    notes = {uid: " ".join(lines) for uid, lines in report.left_out.items()}
    assert "bravo.png" in notes[signed.question.uid]
    assert "juste.png" in notes[clock.question.uid] and "indice.png" in notes[clock.question.uid]


def test_an_image_of_the_grader_s_information_is_reported(trainer):
    data = base64.b64encode(png_bytes()).decode("ascii")
    text = f"""<quiz><question type="essay"><name><text>Rapport</text></name>
      <questiontext format="html"><text>Rédigez le rapport.</text></questiontext>
      <graderinfo format="html">
        <text><![CDATA[<p><img src="@@PLUGINFILE@@/bareme.png" alt="Barème"></p>]]></text>
        <file name="bareme.png" path="/" encoding="base64">{data}</file></graderinfo>
    </question></quiz>"""
    entry = moodle.parse(text).entries[0]
    assert any("informations pour le correcteur : fichier joint « bareme.png » non repris" in note
               for note in entry.left_out)


def test_moodle_xml_writes_the_explanation_s_image_in_the_general_feedback():
    quiz = ET.fromstring(moodle.export([explained_entry()]))  # noqa: S314 - our own export
    feedback = quiz.find("question/generalfeedback")
    image = '<img src="@@PLUGINFILE@@/feuille.png" alt="Feuille de partie signée">'
    assert image in feedback.findtext("text")
    assert [file.get("name") for file in feedback.findall("file")] == ["feuille.png"]
    assert [file.get("name") for file in quiz.findall("question/questiontext/file")] == ["pendule.png"]


def test_arbitre_to_moodle_xml_to_arbitre_keeps_the_explanation_s_image():
    entry = explained_entry()
    back = moodle.parse(through_moodle_xml(moodle.export([entry], carry=False))).entries[0]
    assert validate_content(back.content, check_citations=False)[0] == entry.content
    assert {sha256: image_bytes(sha256) for sha256 in back.images} == back.images and len(back.images) == 2


def test_a_fresh_bank_imports_moodle_xml_with_our_extension_and_its_images(trainer):
    entry = explained_entry()
    text = moodle.export([entry])
    forget_images()
    import_text(text, format_name="moodlexml", author=trainer)
    assert Question.objects.get().draft.content() == entry.content and QuestionImage.objects.count() == 2


def test_the_moodle_export_reimports_unchanged(trainer):
    services.create_question(author=trainer, content=explained_entry().content, uid="uvr-explained-trip")
    text = moodle.export(entries_for(Question.objects.all(), drafts=True))
    report = import_text(through_moodle_xml(text), format_name="moodlexml", author=trainer)
    assert report.unchanged == ["uvr-explained-trip"]


def test_gift_shows_the_alt_text_where_the_explanation_s_image_stood():
    text = gift.export([explained_entry()], carry=False)
    back = gift.parse(through_moodle_gift(text)).entries[0]
    assert back.content["explanation_fr"].endswith("(Feuille de partie signée)")


# The native JSON carries the bytes.

def test_the_json_export_carries_each_image_s_bytes_once():
    first, second = explained_entry("uvr-first"), explained_entry("uvr-second")
    document = json.loads(json_format.export([first, second]))
    hashes = {item["sha256"] for item in first.content["media"]}
    assert set(document["images"]) == hashes
    assert all(base64.b64decode(document["images"][sha256]) == image_bytes(sha256) for sha256 in hashes)


def test_a_json_export_without_images_is_as_before():
    document = json.loads(json_format.export([BankEntry("uvr-plain", core_samples.single())]))
    assert set(document) == {"format", "version", "questions"}


def test_arbitre_to_json_to_another_arbitre_keeps_the_images(trainer):
    entry = explained_entry()
    text = json_format.export([entry])
    forget_images()
    report = import_text(text, format_name="json", author=trainer)
    assert report.created == [entry.uid] and Question.objects.get().draft.content() == entry.content
    assert all(image_bytes(item["sha256"]) for item in entry.content["media"])


def test_the_json_export_reimports_unchanged(trainer):
    services.create_question(author=trainer, content=explained_entry().content, uid="uvr-explained-trip")
    text = json_format.export(entries_for(Question.objects.all(), drafts=True))
    report = import_text(text, format_name="json", author=trainer)
    assert report.unchanged == ["uvr-explained-trip"]


def json_naming(data: bytes, *, sha256: str | None = None, uid: str = "uvr-imported-image") -> str:
    """A bank file whose one question shows an image with these bytes (under ``sha256``)."""
    sha256 = sha256 or hashlib.sha256(data).hexdigest()
    content = core_samples.single()
    content["stem_fr"] += "\n\n[image:photo.png]"
    content["media"] = [{"name": "photo.png", "sha256": sha256, "alt_fr": "Une photo", "alt_en": ""}]
    return json.dumps({"format": "arbitre-questions", "version": 1, "questions": [{"uid": uid, **content}],
                       "images": {sha256: base64.b64encode(data).decode("ascii")}})


def refusal(text: str, trainer) -> str:
    with pytest.raises(ImportFailed) as failure:
        import_text(text, format_name="json", author=trainer)
    return str(failure.value)


def test_it_refuses_an_svg_named_as_an_image_with_a_french_message(trainer):
    message = refusal(json_naming(b'<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), trainer)
    assert message.startswith("#1 (uvr-imported-image): media.0 : image « photo.png » refusée : "
                              "Les images SVG ne sont pas acceptées")


def test_it_refuses_an_image_larger_than_an_upload_may_be(trainer):
    message = refusal(json_naming(png_bytes(4001, 10)), trainer)
    assert "4001 × 10 pixels : 4000 pixels de côté au plus" in message


def test_it_refuses_bytes_that_are_not_those_of_the_hash(trainer):
    message = refusal(json_naming(png_bytes(), sha256="0" * 64), trainer)
    assert "son contenu ne correspond pas à son empreinte SHA-256" in message


def test_nothing_is_stored_from_a_refused_image(trainer):
    refusal(json_naming(png_bytes(4001, 10)), trainer)
    assert not QuestionImage.objects.exists() and not Question.objects.exists()


# An image named by its hash alone must already be the importer's to see.

def someone_else_s_hash(other_trainer) -> str:
    """The image of a draft only ``other_trainer`` may read."""
    content = with_image(core_samples.single(), data=png_bytes(colour="red"))
    question = services.create_question(author=other_trainer, content=content, uid="uvr-private-image")
    return question.draft.media[0]["sha256"]


def hash_only(sha256: str, uid: str = "uvr-borrowed-image") -> bytes:
    """A bank file naming an image by its hash, without its bytes (a file of the old format)."""
    document = json.loads(json_naming(b"", sha256=sha256, uid=uid))
    del document["images"]
    return json.dumps(document).encode()


def import_page(user, data: bytes, name: str = "bank.json"):
    return client_for(user).post(reverse("questions:import"),
                                 {"file": SimpleUploadedFile(name, data), "format": ""})


def test_a_trainer_cannot_borrow_someone_else_s_image_by_its_hash(trainer, other_trainer):
    response = import_page(trainer, hash_only(someone_else_s_hash(other_trainer)))
    assert response.status_code == 422 and not Question.objects.filter(uid="uvr-borrowed-image").exists()
    assert [str(problem) for problem in response.context["problems"]] == [
        "#1 (uvr-borrowed-image): media.0.sha256 : l'image « photo.png » n'est pas dans le fichier et ne "
        "s'affiche dans aucune question que vous pouvez voir : exportez la question avec ses images (JSON "
        "ou Moodle XML), puis importez ce fichier."]


def test_the_refusal_names_the_question(trainer, other_trainer):
    response = import_page(trainer, hash_only(someone_else_s_hash(other_trainer)))
    assert "#1 (uvr-borrowed-image)" in response.content.decode()  # as the page shows it


def test_a_hash_the_bank_does_not_hold_gets_the_same_refusal(trainer, other_trainer):
    stored = import_page(trainer, hash_only(someone_else_s_hash(other_trainer))).context["problems"]
    unknown = import_page(trainer, hash_only("a" * 64)).context["problems"]
    assert [str(problem) for problem in stored] == [str(problem) for problem in unknown]


def test_a_trainer_may_name_an_image_of_a_question_they_may_see(trainer):
    content = with_image(core_samples.single(), data=png_bytes(colour="green"))
    own = services.create_question(author=trainer, content=content, uid="uvr-own-image")
    response = import_page(trainer, hash_only(own.draft.media[0]["sha256"]))
    assert response.status_code == 200 and Question.objects.filter(uid="uvr-borrowed-image").exists()


def test_a_trainer_who_brings_the_bytes_may_name_an_image_the_bank_holds(trainer, other_trainer):
    someone_else_s_hash(other_trainer)
    response = import_page(trainer, json_naming(png_bytes(colour="red")).encode())
    assert response.status_code == 200 and Question.objects.filter(uid="uvr-imported-image").exists()


def test_a_gift_file_s_carried_content_cannot_borrow_an_image_either(trainer, other_trainer):
    sha256 = someone_else_s_hash(other_trainer)
    content = {**core_samples.single(), "units": ["UVR"]}
    content["stem_fr"] += "\n\n[image:photo.png]"
    content["media"] = [{"name": "photo.png", "sha256": sha256, "alt_fr": "Une photo", "alt_en": ""}]
    content = validate_content(content, check_citations=False)[0]
    text = gift.export([BankEntry("uvr-gift-borrowed", content)])
    response = import_page(trainer, text.encode(), name="bank.gift")
    problems = [str(problem) for problem in response.context["problems"]]
    assert response.status_code == 422 and "n'est pas dans le fichier" in " ".join(problems)


def test_the_command_line_is_not_asked(other_trainer):
    report = import_entries(json_format.parse(hash_only(someone_else_s_hash(other_trainer)).decode()).entries)
    assert report.created == ["uvr-borrowed-image"]

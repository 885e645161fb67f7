"""Files trainers bring from Moodle (issue 21, "A bank that travels"): what they hold is kept or
reported per question, a name is not an id, and unsupported questions can be skipped."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from questions.formats import decode_file, gift, moodle
from questions.formats.importer import ImportFailed, import_text
from questions.models import Question
from tests.conftest import client_for

DATA = Path(__file__).parent / "data"
MOODLE_FILE = DATA / "moodle" / "foreign-course.xml"
GIFT_FILE = DATA / "gift" / "moodle-export.gift"
WINDOWS_FILE = DATA / "gift" / "windows-1252.gift"


def moodle_entries():
    return {entry.content["stem_fr"][:20]: entry for entry in moodle.parse(MOODLE_FILE.read_text()).entries}


def gift_entries():
    return {entry.uid.rsplit("-", 1)[0]: entry for entry in gift.parse(GIFT_FILE.read_text()).entries}


def test_gift_weights_are_weights_not_part_of_the_accepted_answer():
    assert gift_entries()["gift-grenouille"].content["body"]["accepted"] == ["Grenouille"]


def test_a_zero_weighted_short_answer_never_scores_full_marks():
    from questions.scoring import normalise_text

    accepted = gift_entries()["gift-grenouille"].content["body"]["accepted"]
    assert normalise_text("0") not in {normalise_text(answer) for answer in accepted}


def test_gift_format_markers_are_removed_and_honoured():
    entries = gift_entries()
    assert entries["gift-grenouille"].content["stem_fr"] == "Quel animal coasse ?"
    assert [option["text_fr"] for option in entries["gift-poids"].content["body"]["options"]][:2] == [
        "Le fou",
        "Le cavalier",
    ]


def test_moodles_numerical_gift_export_is_imported_with_its_tolerance():
    body = gift_entries()["gift-temps-ajoute"].content["body"]
    assert (body["value"], body["tolerance"]) == (2, 0.5)


def test_a_numerical_range_becomes_a_value_and_a_tolerance():
    body = gift_entries()["gift-intervalle"].content["body"]
    assert (body["value"], body["tolerance"]) == (3, 2)


def test_a_second_weighted_numerical_answer_is_reported():
    assert any("50 %" in note for note in gift_entries()["gift-temps-ajoute"].left_out)


def test_a_faulty_numerical_answer_is_quoted_as_written():
    result = gift.parse("::n::Combien ?{#\n\t=%100%3:x#bien\n}\n")
    assert "=%100%3:x" in str(result.problems[0])


def test_negative_gift_weights_make_a_multiple_choice_with_partial_scoring():
    body = gift_entries()["gift-poids"].content["body"]
    assert ([o["correct"] for o in body["options"]], body["scoring"]) == (
        [True, True, False, False],
        "partial",
    )


def test_an_embedded_image_is_reported_by_name():
    assert any("diagramme.png" in note for note in moodle_entries()["Le joueur touche son"].left_out)


def test_links_keep_their_address_and_pre_keeps_its_lines():
    stem = moodle_entries()["Le joueur touche son"].content["stem_fr"]
    assert "Handbook (https://handbook.fide.com/)" in stem and "1. e4   e5\n2. Cf3  Cc6" in stem


def test_italics_and_pre_are_reported():
    notes = " ".join(moodle_entries()["Le joueur touche son"].left_out)
    assert "italique" in notes and "<pre>" in notes


def test_per_answer_feedback_is_kept_on_choices_and_reported_elsewhere():
    entries = moodle_entries()
    assert entries["Le joueur touche son"].content["body"]["options"][0]["feedback_fr"] == "Oui, 4.3.1."
    assert any("Oui" in note for note in entries["Que dit-on pour ajus"].left_out)


def test_a_grade_moodle_would_refuse_and_lost_partial_credit_are_reported():
    notes = " ".join(moodle_entries()["Le joueur touche son"].left_out)
    assert "refuserait la note de 33 %" in notes and "crédit partiel de 33 %" in notes


def test_unequal_weights_are_reported():
    assert any("50 %, 30 %, 20 %" in note for note in moodle_entries()["Quelles pièces peut-"].left_out)


def test_categories_become_tags_and_their_descriptions_are_reported():
    entry = moodle_entries()["Le joueur touche son"]
    assert entry.content["tags"] == ["Formation AF3 / Pièce touchée"]
    assert any("description de la catégorie" in note for note in entry.left_out)


def test_questions_with_the_same_name_get_different_uids():
    uids = [entry.uid for entry in moodle.parse(MOODLE_FILE.read_text()).entries]
    assert len([uid for uid in uids if uid.startswith("moodle-question-1-")]) == 3 and len(set(uids)) == len(
        uids
    )


TRUE_FALSE = (
    '<quiz><question type="truefalse"><name><text>{name}</text></name>{idnumber}'
    "<questiontext><text>{stem}</text></questiontext>"
    '<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>'
    "</question></quiz>"
)
ESSAY = (
    '<quiz><question type="essay"><name><text>Q</text></name>'
    "<questiontext><text>Expliquez.</text></questiontext></question></quiz>"
)


def test_importing_another_file_never_turns_one_question_into_another(db):
    choice = TRUE_FALSE.format(name="Q", idnumber="", stem="Vrai ?")
    import_text(ESSAY, format_name="moodlexml", default_unit="UVC")
    report = import_text(choice, format_name="moodlexml", default_unit="UVC")
    assert (len(report.created), len(report.updated)) == (1, 0)
    assert sorted(Question.objects.values_list("type", flat=True)) == ["open", "truefalse"]


def test_an_idnumber_names_the_question_across_files(db):
    first = TRUE_FALSE.format(name="A", idnumber="<idnumber>Q 7</idnumber>", stem="Vrai ?")
    import_text(first, format_name="moodlexml", default_unit="UVC")
    report = import_text(
        first.replace("Vrai ?", "Vrai ou faux ?"), format_name="moodlexml", default_unit="UVC"
    )
    assert len(report.updated) == 1 and Question.objects.count() == 1


def test_a_cloze_question_refuses_the_file_unless_skipped(db):
    with pytest.raises(ImportFailed) as failure:
        import_text(MOODLE_FILE.read_text(), format_name="moodlexml", default_unit="UVC")
    assert failure.value.unsupported and "cloze" in str(failure.value)
    report = import_text(
        MOODLE_FILE.read_text(), format_name="moodlexml", default_unit="UVC", skip_unsupported=True
    )
    assert (len(report.created), len(report.skipped)) == (5, 1)


def test_a_windows_1252_gift_file_is_read():
    text, encoding = decode_file(WINDOWS_FILE.read_bytes())
    (entry,) = gift.parse(text).entries
    assert (encoding, entry.content["stem_fr"]) == (
        "windows-1252",
        "Une pendule « électronique » est-elle obligatoire ?",
    )


def run_import(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_questions", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_the_command_takes_a_default_unit_skips_unsupported_questions_and_prints_what_it_left_out(db):
    out, _err = run_import(str(MOODLE_FILE), "--default-unit", "UVC", "--skip-unsupported")
    assert "5 créée(s)" in out and "diagramme.png" in out and "Texte à trous" in out


def test_the_command_offers_to_skip_unsupported_questions(db):
    with pytest.raises(CommandError):
        call_command(
            "import_questions",
            str(MOODLE_FILE),
            "--default-unit",
            "UVC",
            stdout=StringIO(),
            stderr=(err := StringIO()),
        )
    assert "--skip-unsupported" in err.getvalue()


def test_the_web_form_lists_unsupported_questions_then_imports_the_rest_on_confirmation(trainer):
    client = client_for(trainer)
    upload = SimpleUploadedFile("cours.xml", MOODLE_FILE.read_bytes())
    response = client.post(reverse("questions:import"), {"file": upload, "default_unit": "UVC"})
    assert "Texte à trous" in response.content.decode() and not Question.objects.exists()
    token = response.context["confirm_form"].initial["token"]
    response = client.post(reverse("questions:import"), {"token": token, "confirm": "1"})
    assert Question.objects.count() == 5 and "diagramme.png" in response.content.decode()


def test_a_confirmation_is_used_once(trainer):
    client = client_for(trainer)
    upload = SimpleUploadedFile("cours.xml", MOODLE_FILE.read_bytes())
    token = (
        client.post(reverse("questions:import"), {"file": upload, "default_unit": "UVC"})
        .context["confirm_form"]
        .initial["token"]
    )
    client.post(reverse("questions:import"), {"token": token, "confirm": "1"})
    response = client.post(reverse("questions:import"), {"token": token, "confirm": "1"})
    assert response.status_code == 422 and Question.objects.count() == 5


def test_the_issue_example_frog_scores_and_cat_keeps_no_weight_in_its_text():
    (entry,) = gift.parse("::f::Quel animal ? {=%100%Frog ~%50%Cat ~%-25%x}\n").entries
    options = entry.content["body"]["options"]
    assert [(o["text_fr"], o["correct"]) for o in options] == [("Frog", True), ("Cat", False), ("x", False)]
    assert any("crédit partiel de 50 %" in note for note in entry.left_out)

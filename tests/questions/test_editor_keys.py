"""Keys of options, decisions and sanctions: written by the editor, never typed by trainers."""

from __future__ import annotations

from django.urls import reverse

from questions import services
from questions.content import validate_content
from questions.models import Question
from tests.conftest import client_for
from tests.questions import core_samples
from tests.questions.conftest import editor_data, flag_fall_ruling

CREATE = reverse("questions:create")


def keys_of(uid: str, part: str = "options") -> list[str]:
    return [row["key"] for row in Question.objects.get(uid=uid).draft.body[part]]


def without_keys(data: dict) -> dict:
    return {name: value for name, value in data.items() if not name.endswith("-key")}


def test_the_editor_has_no_key_field_to_fill_in(trainer):
    html = client_for(trainer).get(CREATE).content.decode()
    assert '<input type="hidden" name="options-0-key"' in html
    assert ">Clé" not in html


def test_new_options_are_lettered_a_b_c_in_order(trainer):
    client_for(trainer).post(CREATE, without_keys(editor_data(core_samples.single(), uid="q-abc")))
    assert keys_of("q-abc") == ["a", "b", "c"]


def test_existing_options_keep_their_keys_and_a_new_one_takes_the_next_letter(trainer):
    question = services.create_question(author=trainer, content=core_samples.single(), uid="q-keep")
    data = editor_data(
        core_samples.single(),
        uid=question.uid,
        **{"options-1-DELETE": "on", "options-3-text_fr": "Appeler l'arbitre", "options-3-text_en": "Call"},
    )
    client_for(trainer).post(reverse("questions:edit", args=[question.uid]), data)
    assert keys_of("q-keep") == ["a", "c", "d"]


def test_a_new_option_does_not_take_a_letter_left_free_by_an_earlier_removal(trainer):
    content = core_samples.single()
    del content["body"]["options"][1]  # a version with options a and c
    question = services.create_question(author=trainer, content=content, uid="q-gap")
    new_row = {"options-2-text_fr": "Nouveau", "options-2-text_en": "New"}
    data = editor_data(content, uid=question.uid, **new_row)
    client_for(trainer).post(reverse("questions:edit", args=[question.uid]), data)
    assert keys_of("q-gap") == ["a", "c", "d"]


def test_an_uppercase_key_sent_to_the_editor_is_replaced_instead_of_refused(trainer):
    data = editor_data(core_samples.single(), uid="q-upper", **{"options-0-key": "A", "options-1-key": "B"})
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 302
    assert keys_of("q-upper") == ["d", "e", "c"]


def test_a_ruling_gets_numbered_keys_and_keeps_no_sanction(trainer):
    data = without_keys(editor_data(flag_fall_ruling(), uid="q-ruling-keys"))
    data["sanctions-0-key"] = "none"
    client_for(trainer).post(CREATE, data)
    assert keys_of("q-ruling-keys", "decisions") == ["d1", "d2"]
    assert keys_of("q-ruling-keys", "sanctions")[0] == "none"


def test_a_sanction_cannot_keep_the_key_of_a_decision(trainer):
    data = editor_data(flag_fall_ruling(), uid="q-clash", **{"sanctions-0-key": "draw"})
    assert client_for(trainer).post(CREATE, data).status_code == 302
    assert "draw" not in keys_of("q-clash", "sanctions")


def test_two_invalid_ruling_keys_are_not_also_reported_as_the_same_key():
    content = flag_fall_ruling()
    content["body"]["decisions"][0]["key"] = "Draw"
    content["body"]["decisions"][1]["key"] = "Black"
    _content, problems = validate_content(content)
    assert [problem.field for problem in problems] == ["body.decisions.0.key", "body.decisions.1.key"]


def test_an_option_typed_on_several_lines_is_kept_on_one(trainer):
    data = editor_data(core_samples.single(), uid="q-lines", **{"options-0-text_fr": "Jouer\r\nle  cavalier"})
    client_for(trainer).post(CREATE, data)
    assert Question.objects.get(uid="q-lines").draft.body["options"][0]["text_fr"] == "Jouer le cavalier"

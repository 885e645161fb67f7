"""Questions made with the editor's defaults survive their own export in every format (issue 8).

Each question is written on the editor's page with the values the editor proposes (a ruling's
points all on the decision, its sanctions at 0 points), exported from the export page and
imported again from the import page.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from questions.formats import BankEntry, gift, moodle
from questions.formats.importer import carried
from questions.forms import QuestionForm
from questions.models import Question
from tests.conftest import client_for
from tests.questions import core_samples
from tests.questions.conftest import editor_data

FORMATS = {"json": "json", "moodlexml": "xml", "gift": "gift"}
DEFAULTED = ("points", "difficulty", "decision_points", "sanction_points", "scoring", "shuffle", "tolerance")


def editor_defaults() -> dict:
    fields = QuestionForm().fields
    return {name: fields[name].initial for name in DEFAULTED}


def default_content(kind: str) -> dict:
    """A question of ``kind`` where every field the editor fills in is left as proposed."""
    defaults = editor_defaults()
    content = core_samples.ALL_TYPES[kind](points=defaults["points"], difficulty=defaults["difficulty"])
    body = content["body"]
    if kind in ("single", "multiple"):
        body["shuffle"] = defaults["shuffle"]
    if kind == "multiple":
        body["scoring"] = defaults["scoring"]
    if kind == "numeric":
        body["tolerance"] = defaults["tolerance"]
    if kind == "open":
        body["rubric"] = [
            {"criterion_fr": "Cite 4.3", "criterion_en": "Quotes 4.3", "points": defaults["points"]}
        ]
    if kind == "ruling":
        body["decision_points"], body["sanction_points"] = (
            defaults["decision_points"],
            defaults["sanction_points"],
        )
    return content


def written_in_editor(user, kind: str) -> Question:
    response = client_for(user).post(
        reverse("questions:create"), editor_data(default_content(kind), uid=f"q-{kind}")
    )
    assert response.status_code == 302
    return Question.objects.get(uid=f"q-{kind}")


def exported(user, format_name: str, uid: str) -> SimpleUploadedFile:
    response = client_for(user).get(
        reverse("questions:export"), {"format": format_name, "q": uid, "drafts": "on"}
    )
    assert response.status_code == 200
    return SimpleUploadedFile(f"bank.{FORMATS[format_name]}", response.content)


def imported(user, upload: SimpleUploadedFile):
    return client_for(user).post(reverse("questions:import"), {"file": upload, "format": ""})


def test_the_editor_proposes_no_points_for_the_sanctions():
    assert editor_defaults()["sanction_points"] == 0


@pytest.mark.parametrize("format_name", list(FORMATS))
@pytest.mark.parametrize("kind", list(core_samples.ALL_TYPES))
def test_a_question_made_with_the_editors_defaults_reimports_unchanged(trainer, kind, format_name):
    question = written_in_editor(trainer, kind)
    versions = question.versions.count()
    response = imported(trainer, exported(trainer, format_name, question.uid))
    assert "1 inchangée(s)" in response.content.decode()
    assert question.versions.count() == versions


@pytest.mark.parametrize("format_name", list(FORMATS))
@pytest.mark.parametrize("kind", list(core_samples.ALL_TYPES))
def test_a_question_made_with_the_editors_defaults_comes_back_whole_into_an_empty_bank(
    trainer, kind, format_name
):
    question = written_in_editor(trainer, kind)
    content = question.draft.content()
    upload = exported(trainer, format_name, question.uid)
    question.delete()
    assert imported(trainer, upload).status_code == 200
    assert Question.objects.get(uid=f"q-{kind}").draft.content() == content


@pytest.mark.parametrize("module", [moodle, gift])
def test_the_correct_sanctions_of_a_ruling_at_0_points_survive_a_reader_that_drops_our_extension(module):
    content = default_content("ruling")
    correct = [sanction["key"] for sanction in content["body"]["sanctions"] if sanction["correct"]]
    native = carried(content, "moodlexml" if module is moodle else "gift")
    assert [sanction["key"] for sanction in native["body"]["sanctions"] if sanction["correct"]] == correct


@pytest.mark.parametrize("module", [moodle, gift])
def test_a_topic_tag_starting_with_arbitre_is_kept_by_a_reader_that_drops_our_extension(module):
    content = core_samples.single(tags=["arbitre-stagiaire"])
    parsed = module.parse(module.export([BankEntry("q-tag", content)], carry=False))
    assert parsed.entries[0].content["tags"] == ["arbitre-stagiaire"]

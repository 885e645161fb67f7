"""Drafts and versions in service (issue 8): the list, its filters, its search and the exports
show the version in service; a pending draft shows only to those who may read it."""

from __future__ import annotations

import importlib
import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import Role
from questions import services
from questions.models import Question
from tests.conftest import client_for, make_user
from tests.questions import core_samples

BANK = reverse("questions:bank")
EXPORT = reverse("questions:export")
SECRET = core_samples.truefalse(
    stem_fr="Brouillon confidentiel sur la zeitnot.",
    stem_en="Confidential draft about time trouble.",
    tags=["mot-secret"],
    difficulty=3,
    citations=[{"edition": "2018", "article": "6.9"}],
)


@pytest.fixture
def third_trainer(db):
    return make_user("carl@example.org", Role.TRAINER, first_name="Carl")


@pytest.fixture
def revised(trainer, other_trainer):
    """Published by Bob, revised by Béa: her draft is not submitted yet."""
    question = services.create_question(author=trainer, content=core_samples.single(), uid="uvr-revised")
    services.submit_for_review(question=question, user=trainer)
    services.approve(question=question, reviewer=other_trainer)
    question.refresh_from_db()
    services.save_draft(question=question, user=other_trainer, content=SECRET)
    question.refresh_from_db()
    return question


@pytest.fixture
def hidden_draft(other_trainer):
    return services.create_question(author=other_trainer, content=core_samples.single(), uid="uvr-hidden")


def listed(user, **filters) -> list[str]:
    response = client_for(user).get(BANK, filters)
    return [question.uid for question in response.context["page"].object_list]


def exported_stems(user, **options) -> dict[str, str]:
    document = json.loads(client_for(user).get(EXPORT, {"format": "json", **options}).content)
    return {question["uid"]: question["stem_fr"] for question in document["questions"]}


def command_export(*args) -> dict[str, str]:
    out = StringIO()
    call_command("export_questions", *args, stdout=out)
    return {question["uid"]: question["stem_fr"] for question in json.loads(out.getvalue())["questions"]}


# --- Item 3: what is in service ------------------------------------------------------------------


@pytest.mark.parametrize("reader", ["other_trainer", "third_trainer"])
def test_a_published_question_with_a_newer_draft_stays_under_the_published_filter(request, revised, reader):
    assert listed(request.getfixturevalue(reader), status="published") == [revised.uid]


def test_the_draft_author_finds_it_under_the_draft_filter_too(other_trainer, revised):
    assert listed(other_trainer, status="draft") == [revised.uid]


def test_the_list_shows_the_stem_in_service(other_trainer, revised):
    page = client_for(other_trainer).get(BANK).content.decode()
    assert "Un joueur touche son cavalier" in page
    assert "zeitnot" not in page


def test_the_list_says_a_draft_is_pending_to_its_author(other_trainer, revised):
    assert 'data-pending="draft"' in client_for(other_trainer).get(BANK).content.decode()


def test_the_unfiltered_export_ships_the_version_in_service(other_trainer, revised):
    assert exported_stems(other_trainer)[revised.uid] == revised.current_version.stem_fr


def test_the_export_ships_the_drafts_when_the_trainer_asks(other_trainer, revised):
    assert exported_stems(other_trainer, drafts="on")[revised.uid] == SECRET["stem_fr"]


def test_asking_for_drafts_never_ships_a_draft_the_trainer_may_not_read(third_trainer, revised):
    assert exported_stems(third_trainer, drafts="on")[revised.uid] == revised.current_version.stem_fr


def test_a_draft_never_published_is_exported_only_when_drafts_are_asked(other_trainer, hidden_draft):
    assert (exported_stems(other_trainer), list(exported_stems(other_trainer, drafts="on"))) == (
        {},
        [hidden_draft.uid],
    )


def test_the_bank_page_offers_the_drafts_option(trainer):
    assert 'name="drafts"' in client_for(trainer).get(BANK).content.decode()


def test_export_questions_ships_the_versions_in_service(revised):
    assert command_export()[revised.uid] == revised.current_version.stem_fr


def test_export_questions_ships_the_drafts_with_the_drafts_option(revised):
    assert command_export("--drafts")[revised.uid] == SECRET["stem_fr"]


def test_export_questions_counts_a_question_being_revised_as_published(revised, hidden_draft):
    assert list(command_export("--status", "published", "--drafts")) == [revised.uid]


# --- Item 4: nothing of a draft the reader may not read -----------------------------------------


@pytest.mark.parametrize(
    "filters",
    [{"q": "zeitnot"}, {"tag": "mot-secret"}, {"type": "truefalse"}, {"difficulty": "3"}, {"article": "6.9"}],
)
def test_filters_and_search_ignore_a_draft_the_reader_may_not_read(third_trainer, revised, filters):
    assert listed(third_trainer, **filters) == []


def test_the_draft_author_still_finds_the_question_by_the_article_of_the_draft(other_trainer, revised):
    assert listed(other_trainer, article="6.9") == [revised.uid]


@pytest.mark.parametrize("status", ["draft", "in_review"])
def test_the_status_filters_do_not_reveal_a_hidden_draft(third_trainer, revised, status):
    assert listed(third_trainer, status=status) == []


def test_the_list_does_not_say_a_draft_is_pending_to_others(third_trainer, revised):
    page = client_for(third_trainer).get(BANK).content.decode()
    assert "data-pending" not in page
    assert "mot-secret" not in page


def test_the_question_page_shows_a_question_being_revised_as_published_to_others(third_trainer, revised):
    page = client_for(third_trainer).get(reverse("questions:detail", args=[revised.uid])).content.decode()
    assert 'data-status="published"' in page


def test_the_summary_follows_the_draft_once_it_is_published(other_trainer, third_trainer, revised):
    services.submit_for_review(question=revised, user=other_trainer)
    services.approve(question=Question.objects.get(pk=revised.pk), reviewer=third_trainer)
    assert Question.objects.get(pk=revised.pk).summary_fr == SECRET["stem_fr"]


def test_the_import_does_not_confirm_that_a_hidden_draft_exists(third_trainer, hidden_draft):
    document = {
        "format": "arbitre-questions",
        "version": 1,
        "questions": [{"uid": hidden_draft.uid, **core_samples.single()}],
    }
    upload = SimpleUploadedFile("bank.json", json.dumps(document).encode())
    page = client_for(third_trainer).post(reverse("questions:import"), {"file": upload}).content.decode()
    assert "existe déjà" not in page
    assert "pas disponible" in page


def test_the_import_still_says_a_readable_question_cannot_be_modified(third_trainer, revised):
    document = {
        "format": "arbitre-questions",
        "version": 1,
        "questions": [{"uid": revised.uid, **core_samples.single()}],
    }
    upload = SimpleUploadedFile("bank.json", json.dumps(document).encode())
    page = client_for(third_trainer).post(reverse("questions:import"), {"file": upload}).content.decode()
    assert "existe déjà et vous ne pouvez pas la modifier" in page


# --- The list stays fast -------------------------------------------------------------------------


def _list_queries(user) -> int:
    client = client_for(user)
    client.get(BANK)  # the session and the permissions' cache
    with CaptureQueriesContext(connection) as captured:
        assert client.get(BANK).status_code == 200
    return len(captured.captured_queries)


def test_the_bank_list_makes_no_query_per_row(trainer, other_trainer, revised):
    before = _list_queries(other_trainer)
    for number in range(5):
        question = services.create_question(
            author=trainer, content=core_samples.single(), uid=f"uvr-more-{number}"
        )
        services.submit_for_review(question=question, user=trainer)
        services.approve(question=question, reviewer=other_trainer)
        services.save_draft(question=Question.objects.get(pk=question.pk), user=other_trainer, content=SECRET)
    assert _list_queries(other_trainer) == before


def test_the_migration_takes_the_summaries_back_from_the_versions_in_service(revised):
    from django.apps import apps

    migration = importlib.import_module("questions.migrations.0003_summary_from_version_in_service")
    Question.objects.filter(pk=revised.pk).update(summary_fr=SECRET["stem_fr"], search_text="zeitnot")
    migration.summaries_from_version_in_service(apps, None)
    assert Question.objects.get(pk=revised.pk).summary_fr == revised.current_version.stem_fr

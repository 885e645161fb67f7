"""Who may read and write which question (questions/permissions.py)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404

from questions import permissions, services
from tests.questions import core_samples

NON_BANK_ROLES = ["trainee", "grader", "exam_staff", "stranger"]


@pytest.mark.parametrize("role", NON_BANK_ROLES)
def test_it_refuses_the_bank_to_people_without_authoring_or_reviewing_rights(request, role):
    user = request.getfixturevalue(role)
    with pytest.raises(PermissionDenied):
        permissions.visible_questions(user)


def test_it_shows_a_draft_to_its_author(trainer, draft_question):
    assert permissions.get_question_for_user(trainer, draft_question.uid) == draft_question


def test_it_hides_a_draft_from_other_trainers(other_trainer, draft_question):
    with pytest.raises(Http404):
        permissions.get_question_for_user(other_trainer, draft_question.uid)


def test_it_shows_a_draft_to_administrators(administrator, draft_question):
    assert permissions.can_read_draft(administrator, draft_question)


def test_it_shows_a_question_in_review_to_other_reviewers(other_trainer, in_review_question):
    assert permissions.can_read_draft(other_trainer, in_review_question)


def test_it_lists_published_questions_for_every_bank_user(other_trainer, published_question):
    assert published_question in permissions.visible_questions(other_trainer)


def test_it_does_not_list_other_authors_drafts(other_trainer, draft_question):
    assert draft_question not in permissions.visible_questions(other_trainer)


def test_it_hides_the_revision_draft_of_a_published_question_from_others(
    trainer, other_trainer, published_question
):
    services.save_draft(question=published_question, user=trainer, content=core_samples.single(difficulty=3))
    published_question.refresh_from_db()
    assert permissions.can_read_question(other_trainer, published_question)
    assert not permissions.can_read_draft(other_trainer, published_question)


def test_only_owners_edit_a_draft(trainer, other_trainer, draft_question):
    assert permissions.can_edit(trainer, draft_question)
    assert not permissions.can_edit(other_trainer, draft_question)


def test_any_author_may_start_a_revision_of_a_published_question(other_trainer, published_question):
    assert permissions.can_edit(other_trainer, published_question)


def test_nobody_reviews_their_own_question(trainer, in_review_question):
    assert not permissions.can_review(trainer, in_review_question)


def test_another_trainer_reviews_a_question_in_review(other_trainer, in_review_question):
    assert permissions.can_review(other_trainer, in_review_question)


def test_an_administrator_who_wrote_a_question_cannot_review_it(administrator):
    question = services.create_question(author=administrator, content=core_samples.single(), uid="adm-q")
    services.submit_for_review(question=question, user=administrator)
    question.refresh_from_db()
    assert not permissions.can_review(administrator, question)


def test_a_draft_cannot_be_reviewed(other_trainer, draft_question):
    assert not permissions.can_review(other_trainer, draft_question)


def test_reviewers_retire_published_questions(other_trainer, published_question):
    assert permissions.can_retire(other_trainer, published_question)


def test_drafts_are_not_retired(administrator, draft_question):
    assert not permissions.can_retire(administrator, draft_question)


def test_versions_of_a_draft_are_hidden_from_other_trainers(other_trainer, draft_question):
    with pytest.raises(Http404):
        permissions.get_version_for_user(other_trainer, draft_question, 1)

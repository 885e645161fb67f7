import pytest

from questions import services
from questions.content import ContentError
from questions.models import FrozenVersionError, Question, QuestionVersion, Status, StatusChange
from tests.questions import core_samples as samples


@pytest.fixture
def draft(trainer) -> Question:
    return services.create_question(author=trainer, content=samples.single(), uid="uvr-piece-touchee")


@pytest.fixture
def in_review(draft, trainer) -> Question:
    services.submit_for_review(question=draft, user=trainer)
    draft.refresh_from_db()
    return draft


@pytest.fixture
def published(in_review, other_trainer) -> Question:
    services.approve(question=in_review, reviewer=other_trainer)
    in_review.refresh_from_db()
    return in_review


def test_it_creates_a_draft_with_a_first_version(draft, trainer):
    assert (draft.status, draft.draft.number, draft.draft.author) == (Status.DRAFT, 1, trainer)


def test_it_copies_the_summary_used_to_filter_the_bank(draft):
    assert list(Question.objects.for_unit("UVR").with_tag("pièce touchée")) == [draft]


def test_it_refuses_invalid_content_with_every_problem(trainer):
    with pytest.raises(ContentError) as error:
        services.create_question(author=trainer, content=samples.single(stem_fr="", difficulty=7))
    assert {"stem_fr", "difficulty"} <= {problem.field for problem in error.value.problems}


def test_it_suggests_a_uid_from_the_stem(trainer):
    question = services.create_question(author=trainer, content=samples.single())
    assert question.uid.startswith("uvr-un-joueur-touche-son-cavalier")


def test_it_suggests_a_different_uid_when_one_is_taken(trainer):
    first = services.create_question(author=trainer, content=samples.single())
    second = services.create_question(author=trainer, content=samples.single())
    assert second.uid == f"{first.uid}-2"


def test_submitting_moves_the_draft_to_review_and_logs_it(in_review, trainer):
    change = StatusChange.objects.filter(question=in_review).last()
    assert (in_review.status, change.from_status, change.to_status, change.actor) == (
        Status.IN_REVIEW, Status.DRAFT, Status.IN_REVIEW, trainer)


def test_the_author_cannot_approve_their_own_question(in_review, trainer):
    with pytest.raises(services.WorkflowError):
        services.approve(question=in_review, reviewer=trainer)


def test_a_user_without_the_review_permission_cannot_approve(in_review, trainee):
    with pytest.raises(services.WorkflowError):
        services.approve(question=in_review, reviewer=trainee)


def test_a_trainer_who_edited_the_draft_cannot_approve_it(draft, other_trainer, trainer):
    services.save_draft(question=draft, user=other_trainer, content=samples.single(difficulty=3))
    services.submit_for_review(question=draft, user=other_trainer)
    assert services.may_approve(question=Question.objects.get(pk=draft.pk), user=other_trainer) is False


def test_another_reviewer_publishes_the_question(published, other_trainer):
    assert (published.status, published.current_version.number, published.reviewer) == (
        Status.PUBLISHED, 1, other_trainer)


def test_publishing_freezes_the_version(published):
    version = published.current_version
    version.stem_fr = "Changé"
    with pytest.raises(FrozenVersionError):
        version.save()


def test_a_published_version_cannot_be_deleted(published):
    with pytest.raises(FrozenVersionError):
        published.current_version.delete()


def test_only_a_question_in_review_can_be_approved(draft, other_trainer):
    with pytest.raises(services.WorkflowError):
        services.approve(question=draft, reviewer=other_trainer)


def test_editing_a_published_question_creates_a_new_version(published, trainer):
    draft = services.save_draft(question=published, user=trainer, content=samples.single(difficulty=3))
    published.refresh_from_db()
    assert (draft.number, published.current_version.number, published.current_version.difficulty) == (2, 1, 1)


def test_a_published_question_being_revised_stays_in_use(published, trainer):
    services.save_draft(question=published, user=trainer, content=samples.single(difficulty=3))
    assert Question.objects.in_use().filter(pk=published.pk).exists()


def test_saving_the_same_content_on_a_published_question_changes_nothing(published, trainer):
    services.save_draft(question=published, user=trainer, content=samples.single())
    assert QuestionVersion.objects.filter(question=published).count() == 1


def test_approving_a_revision_makes_it_the_current_version(published, trainer, other_trainer):
    services.save_draft(question=published, user=trainer, content=samples.single(difficulty=3))
    services.submit_for_review(question=published, user=trainer)
    services.approve(question=published, reviewer=other_trainer)
    published.refresh_from_db()
    assert (published.current_version.number, published.draft, published.difficulty) == (2, None, 3)


def test_editing_a_question_in_review_sends_it_back_to_draft(in_review, trainer):
    services.save_draft(question=in_review, user=trainer, content=samples.single(difficulty=2))
    in_review.refresh_from_db()
    assert in_review.status == Status.DRAFT


def test_requesting_changes_sends_the_question_back_with_a_comment(in_review, other_trainer):
    comment = services.request_changes(question=in_review, reviewer=other_trainer, note="Citez 4.3.1.")
    in_review.refresh_from_db()
    assert (in_review.status, comment.text, comment.author) == (Status.DRAFT, "Citez 4.3.1.", other_trainer)


def test_requesting_changes_needs_a_note(in_review, other_trainer):
    with pytest.raises(services.WorkflowError):
        services.request_changes(question=in_review, reviewer=other_trainer, note=" ")


def test_retiring_keeps_the_published_version(published, administrator):
    services.retire(question=published, user=administrator, note="Obsolète")
    published.refresh_from_db()
    assert (published.status, published.current_version.number) == (Status.RETIRED, 1)


def test_a_retired_question_is_not_in_use(published, administrator):
    services.retire(question=published, user=administrator)
    assert not Question.objects.in_use().exists()


def test_retiring_twice_is_refused(published, administrator):
    services.retire(question=published, user=administrator)
    with pytest.raises(services.WorkflowError):
        services.retire(question=published, user=administrator)


def test_the_audit_trail_records_every_status_change(published):
    moves = list(StatusChange.objects.filter(question=published).values_list("from_status", "to_status"))
    assert moves == [("", "draft"), ("draft", "in_review"), ("in_review", "published")]


def test_an_empty_comment_is_refused(draft, other_trainer):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        services.add_comment(question=draft, user=other_trainer, text="   ")


def test_articles_changed_flags_the_questions_citing_them(published):
    from rules.signals import articles_changed

    articles_changed.send(sender=None, edition="2018", previous_edition="2017", numbers=["4.3.1"])
    published.refresh_from_db()
    assert published.needs_review is True
    assert "4.3.1" in published.review_reason


def test_articles_changed_leaves_other_questions_alone(published):
    from rules.signals import articles_changed

    articles_changed.send(sender=None, edition="2018", previous_edition="2017", numbers=["9.2"])
    published.refresh_from_db()
    assert published.needs_review is False


def test_a_question_about_an_older_edition_is_not_flagged(trainer):
    question = services.create_question(
        author=trainer, content=samples.single(citations=[{"edition": "2014", "article": "4.1"}]))
    flagged = services.flag_questions_citing(edition="2018", previous_edition="2017", numbers=["4.1"])
    question.refresh_from_db()
    assert (flagged, question.needs_review) == (0, False)


def test_clearing_the_review_flag_is_logged(published, other_trainer):
    services.flag_questions_citing(edition="2018", numbers=["4.3.1"])
    services.clear_review_flag(question=published, user=other_trainer)
    published.refresh_from_db()
    assert (published.needs_review, StatusChange.objects.filter(question=published).count()) == (False, 4)


def test_publishing_a_revision_clears_the_review_flag(published, trainer, other_trainer):
    services.flag_questions_citing(edition="2018", numbers=["4.3.1"])
    services.save_draft(question=published, user=trainer, content=samples.single(difficulty=3))
    services.submit_for_review(question=published, user=trainer)
    services.approve(question=published, reviewer=other_trainer)
    published.refresh_from_db()
    assert published.needs_review is False


def test_store_imported_does_nothing_for_the_same_content(published):
    content = published.current_version.content()
    _question, outcome = services.store_imported(uid=published.uid, content=content, status=Status.PUBLISHED)
    assert outcome == "unchanged"


def test_store_imported_adds_a_version_for_new_content(published):
    from questions.content import validate_content

    content, _problems = validate_content(samples.single(difficulty=3))
    question, outcome = services.store_imported(uid=published.uid, content=content, status=Status.PUBLISHED)
    assert (outcome, question.current_version.number) == ("updated", 2)


def test_submitting_is_refused_when_the_engine_contests_the_answer_key(trainer):
    pytest.importorskip("positions.engine")
    question = services.create_question(author=trainer, content=samples.threefold_claim("continue"))
    with pytest.raises(services.AnswerKeyError) as error:
        services.submit_for_review(question=question, user=trainer)
    assert error.value.objections[0].field == "body.decisions"


def test_publishing_is_refused_with_the_engine_explanation(trainer, other_trainer):
    pytest.importorskip("positions.engine")
    question = services.create_question(author=trainer, content=samples.threefold_claim("continue"))
    Question.objects.filter(pk=question.pk).update(status=Status.IN_REVIEW)
    with pytest.raises(services.AnswerKeyError) as error:
        services.approve(question=question, reviewer=other_trainer)
    assert "9.2" in error.value.message
    assert Question.objects.get(pk=question.pk).current_version is None


def test_a_ruling_the_engine_agrees_with_is_published(trainer, other_trainer):
    pytest.importorskip("positions.engine")
    question = services.create_question(author=trainer, content=samples.threefold_claim("draw"))
    services.submit_for_review(question=question, user=trainer)
    version = services.approve(question=question, reviewer=other_trainer)
    assert version.is_published


def test_the_author_takes_a_question_back_from_review(in_review, trainer):
    services.withdraw_from_review(question=in_review, user=trainer)
    in_review.refresh_from_db()
    assert in_review.status == Status.DRAFT
    assert in_review.status_changes.latest("pk").from_status == Status.IN_REVIEW


def test_only_a_question_in_review_can_be_taken_back(draft, trainer):
    with pytest.raises(services.WorkflowError):
        services.withdraw_from_review(question=draft, user=trainer)

"""Who may do what with the question bank. Every view goes through these helpers.

The rules:

- The bank is for authors (``accounts.author_questions``) and reviewers
  (``accounts.review_questions``). Anyone else who is logged in (trainees, graders, exam
  staff without those capabilities, people with no role) gets 403; anonymous visitors are
  sent to the login page by ``@login_required``.
- Bank administrators (``accounts.manage_users``, i.e. the administrator role, or a
  superuser) may see and do everything, except review a question they wrote.
- A question that has a published version (published, retired, or published and being
  revised) is readable by every bank user: they see its published version.
- A draft that has never been published is readable only by its author (and
  administrators). Once submitted ("in review") it is also readable by reviewers.
- The working draft of a published question follows the same rule: its author (whoever
  started the revision) and, while in review, reviewers.
- Any other bank user asking for a question they may not read gets 404: drafts are not
  announced to people who cannot open them. The same goes for the bank list: its summaries,
  filters and search index are those of the version in service, and a pending draft is shown,
  filtered on (status, cited article) and exported only for those who may read it
  (``readable_draft_condition``, the database twin of ``can_read_draft``).
- Writing: authors edit their own drafts; any author may start a revision of a published
  question (the service creates a new draft version that becomes theirs). A question in
  review is frozen until a reviewer asks for changes (back to draft) or approves it.
- Reviewing (comment, approve, ask for changes): reviewers on questions in review that
  they did not write; the author may comment on their own question's review thread too.
- A person registered for an exam session does not see the questions of its paper (list,
  detail, editor, history, export) until the session has ended
  (``delivery.exposure.conflicting_questions``): 403 with the reason on a question's pages.
- Retiring a published question, and declaring a question checked after a change of the
  rules it cites (the "to review" flag): reviewers and administrators.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import BooleanField, Case, Q, QuerySet, Value, When
from django.http import Http404
from django.utils.translation import gettext_lazy as _

from delivery import exposure
from delivery.permissions import ConflictOfInterest
from questions import services
from questions.models import Question, QuestionVersion, Status

QUESTION_CONFLICT_MESSAGE = _(
    "Vous êtes inscrit à une session d'examen dont le sujet contient cette question : vous ne "
    "pouvez pas la lire avant que le jury en publie la correction."
)


def is_bank_admin(user) -> bool:
    return bool(user.is_authenticated and (user.is_superuser or user.has_perm("accounts.manage_users")))


def can_author(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.author_questions"))


def can_review_questions(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.review_questions"))


def can_use_bank(user) -> bool:
    return can_author(user) or can_review_questions(user) or is_bank_admin(user)


def require_bank_user(user) -> None:
    if not can_use_bank(user):
        raise PermissionDenied


def require_author(user) -> None:
    if not (can_author(user) or is_bank_admin(user)):
        raise PermissionDenied


def require_reviewer(user) -> None:
    if not (can_review_questions(user) or is_bank_admin(user)):
        raise PermissionDenied


def draft_owner_ids(question: Question) -> set[int]:
    """Who owns the working draft: the author of the question and of the draft version."""
    owners = set()
    if question.author_id:
        owners.add(question.author_id)
    if question.draft_id and question.draft and question.draft.author_id:
        owners.add(question.draft.author_id)
    return owners


def is_owner(user, question: Question) -> bool:
    return user.is_authenticated and user.pk in draft_owner_ids(question)


def can_read_question(user, question: Question) -> bool:
    if not can_use_bank(user):
        return False
    if (
        is_bank_admin(user)
        or question.current_version_id
        or question.status in (Status.PUBLISHED, Status.RETIRED)
    ):
        return True
    return can_read_draft(user, question)


def can_read_draft(user, question: Question) -> bool:
    """May this user see the working draft (the unpublished version) of the question?"""
    if not question.draft_id:
        return False
    if is_bank_admin(user) or is_owner(user, question):
        return True
    return question.status == Status.IN_REVIEW and can_review_questions(user)


def can_read_version(user, version: QuestionVersion) -> bool:
    if version.published_at is not None:
        return can_read_question(user, version.question)
    question = version.question
    if is_bank_admin(user) or is_owner(user, question) or version.author_id == user.pk:
        return True
    return (
        question.status == Status.IN_REVIEW and can_review_questions(user) and version.pk == question.draft_id
    )


def readable_comments(user, question: Question) -> list:
    """The review comments of ``question`` that ``user`` may read: a comment on a version
    they cannot read (an unpublished draft of someone else's) stays hidden with it."""
    comments = list(question.comments.select_related("author", "version"))
    for comment in comments:
        if comment.version is not None and comment.version.question_id == question.pk:
            comment.version.question = question  # already read, its draft with it
    return [
        comment for comment in comments if comment.version is None or can_read_version(user, comment.version)
    ]


def can_edit(user, question: Question) -> bool:
    if question.status == Status.RETIRED or question.status == Status.IN_REVIEW:
        return False
    if is_bank_admin(user):
        return True
    if not can_author(user):
        return False
    if question.status == Status.PUBLISHED and not question.draft_id:
        return True  # starts a revision
    return is_owner(user, question)


def can_submit(user, question: Question) -> bool:
    return (
        question.status == Status.DRAFT
        and question.draft_id is not None
        and (is_owner(user, question) or is_bank_admin(user))
    )


def can_withdraw(user, question: Question) -> bool:
    """The author takes a question back from review (to correct it before anyone reviews it)."""
    return question.status == Status.IN_REVIEW and (is_owner(user, question) or is_bank_admin(user))


def can_review(user, question: Question) -> bool:
    """Approve or ask for changes. Never on one's own question, administrators included."""
    return (
        question.status == Status.IN_REVIEW
        and not is_owner(user, question)
        and services.may_approve(question=question, user=user)
    )


def can_comment(user, question: Question) -> bool:
    return question.draft_id is not None and can_read_draft(user, question)


def can_retire(user, question: Question) -> bool:
    return (
        question.status == Status.PUBLISHED
        and question.current_version_id is not None
        and (can_review_questions(user) or is_bank_admin(user))
    )


def can_clear_flag(user, question: Question) -> bool:
    """Declare a question checked after the rules it cites changed: reviewers and administrators."""
    return question.needs_review and (can_review_questions(user) or is_bank_admin(user))


def readable_draft_condition(user) -> Q:
    """``can_read_draft`` as a database condition on questions (the draft itself aside): the
    list, its filters and the export ask it for every row at once."""
    if is_bank_admin(user):
        return Q(pk__isnull=False)
    condition = Q(author=user) | Q(draft__author=user)
    if can_review_questions(user):
        condition |= Q(status=Status.IN_REVIEW)
    return condition


def visible_questions(user) -> QuerySet[Question]:
    """The questions a user sees in the bank list; each tells whether the user may read its
    working draft (``draft_visible``), so that a pending draft is shown only to them."""
    require_bank_user(user)
    questions = Question.objects.annotate(
        draft_visible=Case(
            When(Q(draft__isnull=False) & readable_draft_condition(user), then=Value(True)),
            default=Value(False),
            output_field=BooleanField(),
        )
    )
    # A candidate of a session still to end does not read its questions, whatever their role.
    questions = questions.exclude(pk__in=exposure.conflicting_questions(user))
    if is_bank_admin(user):
        return questions
    visible = (
        Q(current_version__isnull=False)
        | Q(status__in=[Status.PUBLISHED, Status.RETIRED])
        | Q(author=user)
        | Q(draft__author=user)
    )
    if can_review_questions(user):
        visible |= Q(status=Status.IN_REVIEW)
    return questions.filter(visible)


def get_question_for_user(user, uid: str) -> Question:
    """The question, or 404 if it does not exist or is not readable; 403 for non-bank users."""
    require_bank_user(user)
    try:
        # get(), not first(): a uid is unique, and ordering the five tables' columns by uid (the
        # model's ordering) cost Django more than a millisecond of hashing each of them.
        question = Question.objects.select_related(
            "author", "reviewer", "draft", "draft__author", "current_version"
        ).get(uid=uid)
    except Question.DoesNotExist:
        question = None
    if question is None or not can_read_question(user, question):
        raise Http404
    if exposure.in_conflict_with_question(user, question):
        raise ConflictOfInterest(QUESTION_CONFLICT_MESSAGE)
    return question


def get_question_for_action(user, uid: str, check) -> Question:
    """The question for a write action; 403 when ``check(user, question)`` says no."""
    question = get_question_for_user(user, uid)
    if not check(user, question):
        raise PermissionDenied
    return question


def get_version_for_user(user, question: Question, number: int) -> QuestionVersion:
    version = question.versions.filter(number=number).select_related("author", "reviewer").first()
    if version is None or not can_read_version(user, version):
        raise Http404
    return version

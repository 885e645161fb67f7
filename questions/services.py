"""Writes on the question bank: every change of content or status goes through here.

Public functions (all keyword-only):

Content
- ``create_question(author, content, uid=None) -> Question`` — a new question in draft
  (version 1); ``uid`` defaults to one derived from the stem (``suggest_uid``).
- ``save_draft(question, user, content) -> QuestionVersion`` — edits the working draft;
  editing a published (or retired) question starts a new draft version, the published one
  is never touched; editing a question in review sends it back to draft.
- ``suggest_uid(content) -> str`` — a free uid built from the units and the stem.
- ``validate(content) -> list[Problem]`` — the same checks the save functions run, for live
  display (schema, FEN/moves, citations). ``check_answer_key(content) -> list[Objection]``
  (re-exported from ``questions.engine_check``) — the rules engine's objections.

Workflow (draft → in review → published → retired; each move is logged in StatusChange)
- ``submit_for_review(question, user, note="")`` — draft → in review (refused when the
  content does not validate or the engine objects to the answer key).
- ``approve(question, reviewer, note="") -> QuestionVersion`` — in review → published; the
  reviewer needs ``accounts.review_questions`` and must not be the author of the question
  or of the draft; refused with the engine's explanation when it objects.
- ``request_changes(question, reviewer, note)`` — in review → draft, with a ReviewComment.
- ``withdraw_from_review(question, user)`` — in review → draft: the author takes the question
  back before anyone has reviewed it.
- ``retire(question, user, note="")`` — published (or any) → retired; versions are kept.
- ``may_approve(question, user) -> bool`` — whether ``approve`` would accept this reviewer.
- ``add_comment(question, user, text, field="") -> ReviewComment``;
  ``resolve_comment(comment, user)``.
- ``flag_questions_citing(edition, numbers, previous_edition="", reason="") -> int`` — sets
  ``needs_review`` and ``review_reason`` on the questions (not retired) citing those numbers
  in ``edition`` or ``previous_edition`` (called by the ``articles_changed`` receiver);
  ``clear_review_flag(question, user, note="")``.

Bulk (imports, the shipped bank; no reviewer rule: the content was reviewed elsewhere)
- ``store_imported(uid, content, status, author=None, reviewer=None, note="")
  -> tuple[Question, str]`` — creates or updates a question from validated content; the
  second value is "created", "updated" or "unchanged" (same content: nothing happens; new
  content: a new version — never a change to a published version or to a draft in progress).

Elsewhere: ``questions.scoring.grade(version, response) -> Score`` (and ``grade_by_hand``),
``questions.content.validate_content``/``validate_question`` (the checks behind everything),
``questions.formats.importer`` (``import_text``, ``import_entries``, ``export_text``: all or
nothing, with every problem labelled by the question's number and uid).

Errors: ``ContentError`` (``.problems``: list of ``Problem(field, message)``),
``WorkflowError`` (a translated message), ``AnswerKeyError(WorkflowError)``
(``.objections``: the engine's objections).
"""

from __future__ import annotations

import re
import unicodedata

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from questions.content import RESERVED_UIDS, ContentError, Problem, validate_content
from questions.engine_check import Objection, check_answer_key
from questions.models import (
    Question,
    QuestionVersion,
    ReviewComment,
    Status,
    StatusChange,
    content_hash,
)

__all__ = [
    "AnswerKeyError", "ContentError", "Objection", "Problem", "WorkflowError",
    "add_comment", "approve", "check_answer_key", "clear_review_flag", "create_question",
    "flag_questions_citing", "may_approve", "request_changes", "resolve_comment", "retire",
    "save_draft", "store_imported", "submit_for_review", "suggest_uid", "validate",
    "withdraw_from_review",
]


class WorkflowError(Exception):
    """A workflow step that is not allowed; the message is meant for the user."""

    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


class AnswerKeyError(WorkflowError):
    def __init__(self, objections: list[Objection]):
        self.objections = objections
        super().__init__(
            _("Le moteur de règles conteste le corrigé : %(reasons)s")
            % {"reasons": " ".join(objection.message for objection in objections)}
        )


def validate(*, content: dict) -> list[Problem]:
    return validate_content(content)[1]


def _clean(content: dict) -> dict:
    normalised, problems = validate_content(content)
    if problems:
        raise ContentError(problems)
    return normalised


def _log(question: Question, *, actor, from_status: str, to_status: str, note: str = "",
         version: QuestionVersion | None = None) -> StatusChange:
    return StatusChange.objects.create(question=question, version=version, actor=actor,
                                       from_status=from_status, to_status=to_status, note=note)


def _slug(text: str, limit: int) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    words = re.findall(r"[a-z0-9]+", ascii_text)
    slug = ""
    for word in words:
        candidate = f"{slug}-{word}" if slug else word
        if len(candidate) > limit:
            break
        slug = candidate
    return slug


def suggest_uid(*, content: dict) -> str:
    """A uid not used yet: "<unit>-<first words of the stem>", with a number when taken."""
    unit = (content.get("units") or ["q"])[0].lower()
    base = f"{unit}-{_slug(str(content.get('stem_fr', '')), 50)}".strip("-") or "question"
    uid = base
    counter = 2
    while Question.objects.filter(uid=uid).exists():
        uid = f"{base}-{counter}"
        counter += 1
    return uid


# The full_clean calls below leave the check constraints (difficulty 1 to 3, points above 0, a
# known status) to the database: the content was validated first (questions.content: the same
# bounds, with the author's message) and the status is the code's own. Django checks each
# constraint with a query of its own, three for every question saved (about 2 ms each: 14 s of
# a bank import's 37 s went to full_clean).
def _new_version(question: Question, *, content: dict, author) -> QuestionVersion:
    number = (question.versions.aggregate(top=Max("number"))["top"] or 0) + 1
    version = QuestionVersion(question=question, number=number, author=author, edited_by=author)
    version.set_content(content)
    version.full_clean(exclude=["question", "content_hash"], validate_constraints=False)
    version.save()
    return version


@transaction.atomic
def create_question(*, author, content: dict, uid: str | None = None) -> Question:
    content = _clean(content)
    uid = uid or suggest_uid(content=content)
    if uid in RESERVED_UIDS:
        raise ContentError([Problem("uid", _("L'identifiant « %(uid)s » est réservé.") % {"uid": uid})])
    question = Question(uid=uid, author=author, status=Status.DRAFT)
    question.full_clean(exclude=["current_version", "draft"], validate_constraints=False)
    question.save()
    version = _new_version(question, content=content, author=author)
    question.draft = version
    question.refresh_summary()
    question.save()
    _log(question, actor=author, from_status="", to_status=Status.DRAFT, version=version)
    return question


def set_exam_pool(*, question: Question, exam_pool: bool) -> None:
    """Put the question in the exam pool, or take it out (``Question.exam_pool``): kept out of
    practice until a session that used it is released (``delivery.exposure``)."""
    if question.exam_pool != exam_pool:
        question.exam_pool = exam_pool
        Question.objects.filter(pk=question.pk).update(exam_pool=exam_pool)


@transaction.atomic
def save_draft(*, question: Question, user, content: dict) -> QuestionVersion:
    content = _clean(content)
    question = Question.objects.select_for_update().get(pk=question.pk)
    draft = question.draft
    if draft is not None and not draft.is_published:
        draft.set_content(content)
        draft.edited_by = user
        draft.full_clean(exclude=["question", "content_hash"], validate_constraints=False)
        draft.save()
    else:
        if question.current_version and content_hash(content) == question.current_version.content_hash \
                and question.status == Status.PUBLISHED:
            return question.current_version
        draft = _new_version(question, content=content, author=user)
        question.draft = draft
    previous = question.status
    if previous != Status.DRAFT:
        question.status = Status.DRAFT
        _log(question, actor=user, from_status=previous, to_status=Status.DRAFT, version=draft,
             note=_("Nouvelle version en cours de rédaction.") if previous != Status.IN_REVIEW
             else _("Modifiée pendant la relecture."))
    question.refresh_summary()
    question.save()
    return draft


def _engine_objections(version: QuestionVersion) -> list[Objection]:
    return check_answer_key(version.content())


@transaction.atomic
def submit_for_review(*, question: Question, user, note: str = "") -> None:
    question = Question.objects.select_for_update().get(pk=question.pk)
    if question.status != Status.DRAFT or question.draft is None:
        raise WorkflowError(_("Seul un brouillon peut être soumis à la relecture."))
    _clean(question.draft.content())
    objections = _engine_objections(question.draft)
    if objections:
        raise AnswerKeyError(objections)
    question.status = Status.IN_REVIEW
    question.save(update_fields=["status", "updated_at"])
    _log(question, actor=user, from_status=Status.DRAFT, to_status=Status.IN_REVIEW, note=note,
         version=question.draft)


def may_approve(*, question: Question, user) -> bool:
    if user is None or not user.is_authenticated or not user.has_perm("accounts.review_questions"):
        return False
    draft = question.draft
    authors = {question.author_id}
    if draft is not None:
        authors |= {draft.author_id, draft.edited_by_id}
    return user.pk not in authors


def _publish(question: Question, version: QuestionVersion, *, reviewer) -> None:
    version.reviewer = reviewer
    version.published_at = timezone.now()
    # The last save allowed: from now on the version is frozen.
    QuestionVersion.objects.filter(pk=version.pk).update(reviewer=reviewer, published_at=version.published_at)
    question.current_version = version
    question.draft = None
    question.reviewer = reviewer
    question.status = Status.PUBLISHED
    question.needs_review = False
    question.review_reason = ""
    question.refresh_summary()
    question.save()


@transaction.atomic
def approve(*, question: Question, reviewer, note: str = "") -> QuestionVersion:
    question = Question.objects.select_for_update().get(pk=question.pk)
    if question.status != Status.IN_REVIEW or question.draft is None:
        raise WorkflowError(_("Seule une question en relecture peut être publiée."))
    if not may_approve(question=question, user=reviewer):
        if reviewer is not None and reviewer.has_perm("accounts.review_questions"):
            raise WorkflowError(_("Une question doit être relue par une autre personne que son auteur."))
        raise WorkflowError(_("Vous n'avez pas le droit de relire les questions."))
    version = question.draft
    _clean(version.content())
    objections = _engine_objections(version)
    if objections:
        raise AnswerKeyError(objections)
    _publish(question, version, reviewer=reviewer)
    _log(question, actor=reviewer, from_status=Status.IN_REVIEW, to_status=Status.PUBLISHED, note=note,
         version=version)
    return version


@transaction.atomic
def request_changes(*, question: Question, reviewer, note: str) -> ReviewComment:
    question = Question.objects.select_for_update().get(pk=question.pk)
    if question.status != Status.IN_REVIEW:
        raise WorkflowError(_("Seule une question en relecture peut être renvoyée à son auteur."))
    if not note.strip():
        raise WorkflowError(_("Expliquez ce qu'il faut changer."))
    if reviewer is None or not reviewer.has_perm("accounts.review_questions"):
        raise WorkflowError(_("Vous n'avez pas le droit de relire les questions."))
    comment = add_comment(question=question, user=reviewer, text=note)
    question.status = Status.DRAFT
    question.save(update_fields=["status", "updated_at"])
    _log(question, actor=reviewer, from_status=Status.IN_REVIEW, to_status=Status.DRAFT, note=note,
         version=question.draft)
    return comment


@transaction.atomic
def withdraw_from_review(*, question: Question, user) -> None:
    """The author takes a question back from review to go on writing it (in review → draft)."""
    question = Question.objects.select_for_update().get(pk=question.pk)
    if question.status != Status.IN_REVIEW:
        raise WorkflowError(_("Seule une question en relecture peut être reprise par son auteur."))
    question.status = Status.DRAFT
    question.save(update_fields=["status", "updated_at"])
    _log(question, actor=user, from_status=Status.IN_REVIEW, to_status=Status.DRAFT,
         note=_("Reprise par son auteur avant la relecture."), version=question.draft)


@transaction.atomic
def retire(*, question: Question, user, note: str = "") -> None:
    question = Question.objects.select_for_update().get(pk=question.pk)
    if question.status == Status.RETIRED:
        raise WorkflowError(_("Cette question est déjà retirée."))
    previous = question.status
    question.status = Status.RETIRED
    draft = question.draft
    if question.current_version is not None and draft is not None and not draft.is_published:
        # An unpublished revision of a retired question has no use; published versions stay.
        question.draft = None
        question.save()
        draft.delete()
    else:
        question.save()
    _log(question, actor=user, from_status=previous, to_status=Status.RETIRED, note=note,
         version=question.current_version)


def add_comment(*, question: Question, user, text: str, field: str = "") -> ReviewComment:
    comment = ReviewComment(question=question, version=question.draft or question.current_version,
                            author=user, text=text.strip(), field=field)
    comment.full_clean(exclude=["question", "version", "author"])
    comment.save()
    return comment


def resolve_comment(*, comment: ReviewComment, user) -> None:
    comment.resolved = True
    comment.save(update_fields=["resolved"])


def _cites(version: QuestionVersion | None, editions: set[str], numbers: set[str]) -> list[str]:
    """Numbers among ``numbers`` that the version cites in one of ``editions`` (empty: any edition)."""
    if version is None:
        return []
    hits = []
    for citation in version.citations:
        cited_edition = citation.get("edition", "")
        if cited_edition == "livre" or (editions and cited_edition not in editions):
            continue
        if citation.get("article", "") in numbers:
            hits.append(citation["article"])
    return hits


@transaction.atomic
def flag_questions_citing(*, edition: str, numbers: list[str], previous_edition: str = "",
                          reason: str = "") -> int:
    """Flag for review the questions (not retired) citing any of ``numbers``; returns how many."""
    numbers_set = set(numbers)
    if not numbers_set:
        return 0
    # A question about an older edition is not concerned by what changed after it.
    editions = {edition, previous_edition} if previous_edition else set()
    flagged = 0
    candidates = Question.objects.exclude(status=Status.RETIRED).select_related("current_version", "draft")
    for question in candidates:
        hits = sorted(set(_cites(question.current_version, editions, numbers_set)
                          + _cites(question.draft, editions, numbers_set)))
        if not hits:
            continue
        if reason:
            message = reason
        elif previous_edition:
            message = _("L'édition %(edition)s du règlement (qui suit %(previous)s) modifie les articles "
                        "%(numbers)s cités par cette question.") % {
                "edition": edition, "previous": previous_edition, "numbers": ", ".join(hits)}
        else:
            message = _("L'édition %(edition)s du règlement modifie les articles %(numbers)s cités par "
                        "cette question.") % {"edition": edition, "numbers": ", ".join(hits)}
        question.needs_review = True
        if message not in question.review_reason:
            question.review_reason = f"{question.review_reason}\n{message}".strip()
        question.save(update_fields=["needs_review", "review_reason", "updated_at"])
        flagged += 1
    return flagged


def clear_review_flag(*, question: Question, user, note: str = "") -> None:
    question.needs_review = False
    question.review_reason = ""
    question.save(update_fields=["needs_review", "review_reason", "updated_at"])
    _log(question, actor=user, from_status=question.status, to_status=question.status,
         note=note or _("Vérifiée après un changement du règlement."))


@transaction.atomic
def store_imported(*, uid: str, content: dict, status: str, author=None, reviewer=None,
                   note: str = "") -> tuple[Question, str]:
    """Create or update one question from already validated, normalised content.

    ``status`` is "draft" or "published". Returns the question and "created", "updated" or
    "unchanged". The same content as the published version (or, for a draft import, as the
    latest version) changes nothing. New content always becomes a new version: a published
    version is never modified, and neither is a draft someone is working on (it stays in
    the history; the imported content becomes the working draft, published at once when
    ``status`` is "published").
    """
    digest = content_hash(content)
    question = Question.objects.select_for_update().filter(uid=uid).first()
    if question is None:
        question = Question(uid=uid, author=author, status=Status.DRAFT)
        question.full_clean(exclude=["current_version", "draft"], validate_constraints=False)
        question.save()
        version = _new_version(question, content=content, author=author)
        question.draft = version
        question.refresh_summary()
        question.save()
        _log(question, actor=author, from_status="", to_status=Status.DRAFT, note=note, version=version)
        outcome = "created"
    else:
        current, draft = question.current_version, question.draft
        if status == Status.PUBLISHED and current is not None and current.content_hash == digest:
            return question, "unchanged"
        if status != Status.PUBLISHED and question.latest_version is not None \
                and question.latest_version.content_hash == digest:
            return question, "unchanged"
        if draft is not None and not draft.is_published and draft.content_hash == digest:
            version = draft
        else:
            version = _new_version(question, content=content, author=author)
            question.draft = version
        previous = question.status
        question.status = Status.DRAFT
        question.refresh_summary()
        question.save()
        if previous != Status.DRAFT:
            _log(question, actor=author, from_status=previous, to_status=Status.DRAFT, note=note,
                 version=version)
        outcome = "updated"
    if status == Status.PUBLISHED:
        _publish(question, question.draft, reviewer=reviewer)
        _log(question, actor=reviewer, from_status=Status.DRAFT, to_status=Status.PUBLISHED, note=note,
             version=question.current_version)
    return question, outcome

"""The review workflow: submit, the review queue, the review page, approve, ask for changes,
comment, retire. Every change goes through ``questions.services``, which logs it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from questions import permissions, services, ui_services
from questions.content import ContentError
from questions.forms import CommentForm, ReviewDecisionForm
from questions.models import Question, Status
from questions.views._common import analyse_panel_url, language


def _stale_step(request: HttpRequest, question: Question) -> HttpResponse:
    """A step its user could take a moment ago (a double click, a page left open): the
    question has moved on, so say where it stands instead of a bare "access denied"."""
    messages.warning(
        request,
        _("Rien n'a été fait : la question est maintenant « %(status)s ».")
        % {"status": question.get_status_display()},
    )
    return redirect("questions:detail", uid=question.uid)


def _owner_step(request: HttpRequest, uid: str, check) -> Question | HttpResponse:
    """The question for a step of its author (submit, take back)."""
    question = permissions.get_question_for_user(request.user, uid)
    if check(request.user, question):
        return question
    if permissions.is_owner(request.user, question) or permissions.is_bank_admin(request.user):
        return _stale_step(request, question)
    raise PermissionDenied


def _reviewer_step(request: HttpRequest, uid: str) -> Question | HttpResponse:
    """The question for a reviewer's decision (approve, ask for changes)."""
    question = permissions.get_question_for_user(request.user, uid)
    if permissions.can_review(request.user, question):
        return question
    if question.status != Status.IN_REVIEW and permissions.can_review_questions(request.user):
        return _stale_step(request, question)
    raise PermissionDenied


@require_POST
@login_required
def submit(request: HttpRequest, uid: str) -> HttpResponse:
    question = _owner_step(request, uid, permissions.can_submit)
    if isinstance(question, HttpResponse):
        return question
    try:
        services.submit_for_review(
            question=question, user=request.user, note=request.POST.get("note", "")[:2000]
        )
    except services.AnswerKeyError as error:
        for objection in error.objections:
            messages.error(request, objection.message)
        messages.error(
            request, _("La question n'a pas été envoyée en relecture : le moteur conteste le corrigé.")
        )
    except ContentError as error:
        for problem in error.problems:
            messages.error(request, ui_services.problem_text(problem))
        messages.error(request, _("La question n'a pas été envoyée en relecture : elle est incomplète."))
    except services.WorkflowError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Question envoyée en relecture."))
    return redirect("questions:detail", uid=question.uid)


@require_GET
@login_required
def review_queue(request: HttpRequest) -> HttpResponse:
    """Questions waiting for a review, except those the reviewer wrote or last edited."""
    permissions.require_reviewer(request.user)
    user = request.user
    waiting = (
        Question.objects.filter(status=Status.IN_REVIEW)
        .exclude(Q(author=user) | Q(draft__author=user) | Q(draft__edited_by=user))
        .select_related("author", "draft", "draft__author")
        .order_by("updated_at", "uid")
    )
    mine = (
        Question.objects.filter(status=Status.IN_REVIEW)
        .filter(Q(author=user) | Q(draft__author=user))
        .select_related("draft")
    )
    return render(request, "questions/review_queue.html", {"waiting": waiting, "mine": mine.order_by("uid")})


def _review_context(request: HttpRequest, question: Question, **extra) -> dict:
    draft = question.draft
    content = draft.content() if draft else {}
    objections, engine_checked = ui_services.engine_objections(content) if draft else ([], False)
    context = {
        "question": question,
        "version": draft,
        "content": content,
        "candidate": ui_services.candidate_view(draft, language=language(request)) if draft else None,
        "objections": objections,
        "engine_checked": engine_checked,
        "comments": permissions.readable_comments(request.user, question),
        "changes": question.status_changes.select_related("actor", "version").order_by("-at", "-pk"),
        "can_review": permissions.can_review(request.user, question),
        "can_comment": permissions.can_comment(request.user, question),
        "comment_form": CommentForm(),
        "analyse_panel_url": analyse_panel_url(),
        "decision_form": ReviewDecisionForm(),
    }
    context.update(extra)
    return context


@require_GET
@login_required
def review(request: HttpRequest, uid: str) -> HttpResponse:
    question = permissions.get_question_for_user(request.user, uid)
    if question.draft is None:
        # Nothing under review any more (published or retired): the question's page says so.
        return redirect("questions:detail", uid=question.uid)
    if not permissions.can_read_draft(request.user, question):
        raise PermissionDenied
    return render(request, "questions/review.html", _review_context(request, question))


@require_POST
@login_required
def comment(request: HttpRequest, uid: str) -> HttpResponse:
    question = permissions.get_question_for_action(request.user, uid, permissions.can_comment)
    form = CommentForm(request.POST)
    if form.is_valid():
        services.add_comment(question=question, user=request.user, text=form.cleaned_data["text"])
        if request.htmx:
            context = _review_context(request, question)
            return render(request, "questions/review.html#comments", context)
        messages.success(request, _("Commentaire ajouté."))
        return redirect("questions:review", uid=question.uid)
    context = _review_context(request, question, comment_form=form)
    if request.htmx:
        # htmx swaps only successful answers: the form comes back with its errors, status 200.
        return render(request, "questions/review.html#comments", context)
    return render(request, "questions/review.html", context, status=422)


@require_POST
@login_required
def approve(request: HttpRequest, uid: str) -> HttpResponse:
    question = _reviewer_step(request, uid)
    if isinstance(question, HttpResponse):
        return question
    form = ReviewDecisionForm(request.POST)
    note = form.cleaned_data["text"] if form.is_valid() else ""
    try:
        services.approve(question=question, reviewer=request.user, note=note)
    except (services.WorkflowError, ContentError) as error:
        # AnswerKeyError included: the page shows the engine's explanation.
        context = _review_context(request, question, decision_form=form, refused=error)
        return render(request, "questions/review.html", context, status=422)
    messages.success(request, _("Question publiée."))
    return redirect("questions:detail", uid=question.uid)


@require_POST
@login_required
def request_changes(request: HttpRequest, uid: str) -> HttpResponse:
    question = _reviewer_step(request, uid)
    if isinstance(question, HttpResponse):
        return question
    form = ReviewDecisionForm(request.POST)
    if form.is_valid() and not form.cleaned_data["text"].strip():
        form.add_error("text", _("Expliquez à l'auteur ce qu'il faut changer."))
    if not form.is_valid():
        context = _review_context(request, question, decision_form=form)
        return render(request, "questions/review.html", context, status=422)
    try:
        services.request_changes(question=question, reviewer=request.user, note=form.cleaned_data["text"])
    except services.WorkflowError as error:
        context = _review_context(request, question, decision_form=form, refused=error)
        return render(request, "questions/review.html", context, status=422)
    messages.success(request, _("La question est renvoyée à son auteur."))
    return redirect("questions:review_queue")


@require_POST
@login_required
def retire(request: HttpRequest, uid: str) -> HttpResponse:
    question = permissions.get_question_for_action(request.user, uid, permissions.can_retire)
    try:
        services.retire(question=question, user=request.user, note=request.POST.get("note", "")[:2000])
    except services.WorkflowError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Question retirée : elle ne sera plus proposée aux candidats."))
    return redirect("questions:detail", uid=question.uid)


@require_POST
@login_required
def clear_flag(request: HttpRequest, uid: str) -> HttpResponse:
    """The question was checked against the new wording of the articles it cites."""
    question = permissions.get_question_for_action(request.user, uid, permissions.can_clear_flag)
    services.clear_review_flag(question=question, user=request.user, note=request.POST.get("note", "")[:2000])
    messages.success(request, _("La question est marquée comme vérifiée."))
    return redirect("questions:detail", uid=question.uid)


@require_POST
@login_required
def withdraw(request: HttpRequest, uid: str) -> HttpResponse:
    question = _owner_step(request, uid, permissions.can_withdraw)
    if isinstance(question, HttpResponse):
        return question
    try:
        services.withdraw_from_review(question=question, user=request.user)
    except services.WorkflowError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("La question est reprise : vous pouvez la modifier."))
    return redirect("questions:detail", uid=question.uid)

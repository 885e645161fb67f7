"""Graders' queue and marking form; exam staff's grading set-up and distribution."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from delivery import presentation
from exams.models import ExamSession, SessionStatus
from grading import permissions, services
from grading.forms import MarkForm, SetupForm
from grading.models import Assignment
from questions.views._common import language

# What the queue prints of each copy: the five tables' other columns (some eighty) stayed unread.
QUEUE_FIELDS = (
    "round", "points", "session__unit", "session__date", "response__item__position", "response__item__points",
    "response__attempt__exam_registration__anonymity_code",
)


@require_GET
@login_required
def queue(request: HttpRequest) -> HttpResponse:
    permissions.require_grader(request.user)
    assignments = (
        Assignment.objects.filter(grader=request.user)
        .select_related("session", "response__item", "response__attempt__exam_registration")
        .only(*QUEUE_FIELDS)
        .order_by("-session__date", "session_id", "response__item__position", "pk")
    )
    next_up = services.next_assignment(grader=request.user)
    entry_sessions = (
        ExamSession.objects.filter(
            grading_setup__graders=request.user, centres__delivery_mode="paper", paper__isnull=False
        )
        .exclude(status=SessionStatus.PUBLISHED)
        .distinct()
    )
    return render(
        request,
        "grading/queue.html",
        {
            "assignments": assignments,
            "next_up": next_up,
            "entry_sessions": entry_sessions,
            "published": SessionStatus.PUBLISHED,
        },
    )


def _assignment_context(request: HttpRequest, assignment: Assignment, form: MarkForm) -> dict:
    response = assignment.response
    item = response.item
    lang = language(request)
    body = item.version.body
    siblings = Assignment.objects.filter(grader=request.user, session=assignment.session, response__item=item)
    return {
        "assignment": assignment,
        "code": services._code(response),
        "item": item,
        "question": presentation.candidate_question(response.attempt, item, language=lang),
        "answer": response.answer,
        "model_answer": body.get(f"model_answer_{lang}") or body.get("model_answer_fr", ""),
        "form": form,
        "criteria": [form[name] for name in form.criteria],
        "done": siblings.filter(points__isnull=False).count(),
        "total": siblings.count(),
        "closed": assignment.session.status == SessionStatus.PUBLISHED,
    }


@require_http_methods(["GET", "POST"])
@login_required
def assignment(request: HttpRequest, assignment_id: int) -> HttpResponse:
    assignment = permissions.get_own_assignment(request.user, assignment_id)
    rubric = services.rubric(assignment)
    form = MarkForm(
        request.POST or None,
        rubric=rubric,
        language=language(request),
        initial_marks=assignment.marks,
        initial={"comment": assignment.comment},
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.grade(
                assignment=assignment,
                marks=form.marks(),
                comment=form.cleaned_data["comment"],
                actor=request.user,
            )
        except services.GradingError as error:
            form.add_error(None, error.message)
        else:
            points = number_format(assignment.points.normalize())
            messages.success(request, _("Note enregistrée : %(points)s.") % {"points": points})
            following = services.next_assignment(grader=request.user, after=assignment)
            if following is None:  # the queue itself says that every copy is graded
                return redirect("grading:queue")
            return redirect("grading:assignment", following.pk)
    status = 422 if request.method == "POST" else 200
    return render(
        request, "grading/assignment.html", _assignment_context(request, assignment, form), status=status
    )


@require_http_methods(["GET", "POST"])
@login_required
def setup(request: HttpRequest, session_id) -> HttpResponse:
    session = permissions.get_session_for_staff(request.user, session_id)
    grading_setup = services.setup_for(session)
    form = SetupForm(request.POST or None, instance=grading_setup)
    if request.method == "POST" and form.is_valid():
        try:
            services.configure(
                session=session,
                graders=form.cleaned_data["graders"],
                discrepancy_threshold=form.cleaned_data["discrepancy_threshold"],
                borderline_margin=form.cleaned_data["borderline_margin"],
                actor=request.user,
            )
        except services.GradingError as error:
            form.add_error("graders", error.message)
        else:
            messages.success(request, _("Organisation de la correction enregistrée."))
            return redirect("grading:setup", session.pk)
    loads = (
        Assignment.objects.filter(session=session)
        .values("grader__first_name", "grader__last_name", "grader__email")
        .annotate(total=Count("pk"), waiting=Count("pk", filter=Q(points__isnull=True)))
        .order_by("grader__last_name", "grader__email")
    )
    context = {
        "session": session,
        "form": form,
        "loads": loads,
        "to_grade": services.hand_graded_responses(session).count(),
        "unassigned": services.hand_graded_responses(session).filter(assignments__isnull=True).count(),
        "orphans": services.orphan_responses(session),
    }
    return render(request, "grading/setup.html", context, status=422 if request.method == "POST" else 200)


@require_POST
@login_required
def distribute(request: HttpRequest, session_id) -> HttpResponse:
    session = permissions.get_session_for_staff(request.user, session_id)
    try:
        created = services.distribute(session=session, actor=request.user)
    except services.GradingError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(count)s correction(s) attribuée(s).") % {"count": created})
    return redirect("grading:setup", session.pk)

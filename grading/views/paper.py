"""Paper mode: printing the subject and the answer sheets, typing paper copies in."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from delivery import presentation
from exams import anonymity
from exams.models import DeliveryMode, Registration, SessionStatus
from exams.permissions import get_centre_to_invigilate
from grading import paper, paper_correction, permissions
from questions.views._common import language


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_GET
@login_required
def subject_pdf(request: HttpRequest, session_id) -> HttpResponse:
    session = permissions.get_session_for_printing(request.user, session_id)
    if session.paper_id is None:
        raise Http404
    large = request.GET.get("gros") == "1"
    copies = paper.printable_copies(session, request.user)
    content = paper.subject_pdf(session, large_print=large, language=language(request), copies=copies)
    suffix = "-gros-caracteres" if large else ""
    return _pdf(content, f"sujet-{session.unit}-{session.date:%Y-%m-%d}{suffix}.pdf")


@require_GET
@login_required
def answer_sheets(request: HttpRequest, centre_id: int) -> HttpResponse:
    centre = get_centre_to_invigilate(request.user, centre_id)
    if centre.delivery_mode != DeliveryMode.PAPER or centre.session.paper_id is None:
        raise Http404
    if not anonymity.may_print_codes(request.user, centre):
        raise PermissionDenied
    content = paper.answer_sheets_pdf(centre, language=language(request))
    return _pdf(
        content, f"feuilles-de-reponses-{centre.session.unit}-{centre.session.date:%Y-%m-%d}-{centre.pk}.pdf"
    )


def _find(session, code: str) -> Registration | None:
    code = code.strip().upper()
    if not code:
        return None
    return (
        session.registrations.active()
        .select_related("centre", "attempt")
        .filter(anonymity_code=code, centre__delivery_mode=DeliveryMode.PAPER)
        .first()
    )


@require_http_methods(["GET", "POST"])
@login_required
def entry(request: HttpRequest, session_id) -> HttpResponse:
    """Pick a paper copy by its anonymity code, type its answers, save: the engine grades it."""
    session = permissions.get_session_for_entry(request.user, session_id)
    if session.paper_id is None:
        raise Http404
    code = (request.POST.get("code") or request.GET.get("code") or "").strip().upper()
    registration = _find(session, code)
    if registration is not None:
        permissions.require_may_enter(request.user, registration)
    # The copy's own variant: the boards a grader types are read against that copy's tournament.
    questions = paper.printed_questions(session, language=language(request), registration=registration)
    context = {
        "session": session,
        "code": code,
        "registration": registration,
        "questions": questions,
        "answers": {},
        "error": None,
        # Correcting a typed-in copy is the mapping keepers' (grading.permissions), never a grader's.
        "can_correct": anonymity.may_read_mapping(request.user, session),
        "published": session.status == SessionStatus.PUBLISHED,
    }
    status = 200
    if code and registration is None:
        context["error"] = _(
            "Aucun candidat d'un centre papier ne porte le code %(code)s dans cette session."
        ) % {"code": code}
        status = 200 if request.method == "GET" else 422
    elif registration is not None and registration.attempt_id and not registration.attempt.is_open:
        context["answers"] = {r.item_id: r.answer for r in registration.attempt.responses.all()}
        context["already"] = True
    if request.method == "POST" and registration is not None:
        answers = {}
        try:
            for printed in questions:
                answers[printed.item.pk] = presentation.answer_from_post(
                    printed.question, request.POST, paper=True
                )
            paper.enter_copy(registration=registration, answers=answers, actor=request.user)
        except (presentation.InvalidAnswer, paper.EntryRefused) as error:
            context["error"] = str(error) if isinstance(error, presentation.InvalidAnswer) else error.message
            context["answers"] = answers
            status = 422
        else:
            messages.success(
                request,
                _("Copie %(code)s saisie et remise : elle est corrigée comme une copie en ligne.")
                % {"code": registration.anonymity_code},
            )
            return redirect(reverse("grading:entry", args=[session.pk]))
    context["rows"] = [(printed, context["answers"].get(printed.item.pk, {})) for printed in questions]
    return render(request, "grading/entry.html", context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def correction(request: HttpRequest, session_id) -> HttpResponse:
    """Exam staff correct a paper copy already typed in: the answers as entered, editable, and
    the reason for the change; the engine regrades the copy and the audit log keeps both."""
    session = permissions.get_session_for_correction(request.user, session_id)
    if session.paper_id is None:
        raise Http404
    code = (request.POST.get("code") or request.GET.get("code") or "").strip().upper()
    registration = _find(session, code)
    if registration is None or registration.attempt_id is None or registration.attempt.is_open:
        raise Http404
    questions = paper.printed_questions(session, language=language(request), registration=registration)
    answers = {response.item_id: response.answer for response in registration.attempt.responses.all()}
    context = {"session": session, "registration": registration, "error": None, "reason": ""}
    status = 200
    if request.method == "POST":
        context["reason"] = request.POST.get("reason", "")
        try:
            posted = {}
            for printed in questions:
                posted[printed.item.pk] = presentation.answer_from_post(
                    printed.question, request.POST, paper=True
                )
            answers.update(posted)
            changed = paper_correction.correct_copy(
                registration=registration, questions=questions, answers=posted,
                reason=context["reason"], actor=request.user,
            )
        except (presentation.InvalidAnswer, paper.EntryRefused) as error:
            context["error"] = str(error) if isinstance(error, presentation.InvalidAnswer) else error.message
            status = 422
        else:
            messages.success(
                request,
                _("Copie %(code)s corrigée (questions %(questions)s) et notée de nouveau ; "
                  "la correction est inscrite au journal.")
                % {"code": registration.anonymity_code, "questions": ", ".join(map(str, changed))},
            )
            # Back to the copy's registration: the staff who correct keep the mapping, and the
            # entry screen is the graders' (exams.anonymity).
            return redirect("exams:staff_registration", registration.pk)
    context["rows"] = [(printed, answers.get(printed.item.pk, {})) for printed in questions]
    return render(request, "grading/entry_correction.html", context, status=status)

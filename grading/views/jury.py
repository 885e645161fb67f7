"""The jury's page: copies, decisions, anonymity, publication and the CSV export (exam staff)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from exams import lifecycle
from exams.models import SessionStatus
from grading import jury as jury_service
from grading import permissions, services
from grading.forms import DecisionForm, PublishForm


def _context(session, *, decision_errors=None, publish_form=None) -> dict:
    copy_rows = jury_service.rows(session)
    return {
        "session": session,
        "setup": services.setup_for(session),
        "rows": copy_rows,
        "blockers": jury_service.blockers(session, copy_rows),
        "publication_blockers": jury_service.publication_blockers(session),
        "deliberated": session.status in (SessionStatus.DELIBERATED, SessionStatus.PUBLISHED),
        "published": session.status == SessionStatus.PUBLISHED,
        "publish_form": publish_form or PublishForm(),
        "decision_errors": decision_errors or {},
        "passed_count": sum(1 for row in copy_rows if row.passed),
        "graded_count": sum(1 for row in copy_rows if not row.absent and not row.waiting),
    }


@require_GET
@login_required
def jury_page(request: HttpRequest, session_id) -> HttpResponse:
    session = permissions.get_session_for_staff(request.user, session_id)
    lifecycle.advance(session)
    return render(request, "grading/jury.html", _context(session))


@require_POST
@login_required
def lift_anonymity(request: HttpRequest, session_id) -> HttpResponse:
    session = permissions.get_session_for_staff(request.user, session_id)
    try:
        jury_service.lift_anonymity(session=session, actor=request.user)
    except services.GradingError as error:
        messages.error(request, error.message)
        return render(request, "grading/jury.html", _context(session), status=422)
    messages.success(request, _("Anonymat levé : les noms des candidats sont affichés."))
    return redirect("grading:jury", session.pk)


@require_POST
@login_required
def decide(request: HttpRequest, session_id, code: str) -> HttpResponse:
    session = permissions.get_session_for_staff(request.user, session_id)
    registration = get_object_or_404(session.registrations.active(), anonymity_code=code)
    form = DecisionForm(request.POST)
    error = None
    if form.is_valid():
        try:
            jury_service.decide(
                session=session,
                registration=registration,
                actor=request.user,
                adjust=form.cleaned_data["adjust"],
                score=form.cleaned_data["score"],
                reason=form.cleaned_data["reason"],
            )
        except services.GradingError as refusal:
            error = refusal.message
        else:
            messages.success(
                request,
                _("Décision enregistrée pour la copie %(code)s.") % {"code": registration.anonymity_code},
            )
            return redirect(
                reverse("grading:jury", args=[session.pk]) + f"#copy-{registration.anonymity_code}"
            )
    else:
        error = " ".join(message for messages_ in form.errors.values() for message in messages_)
    context = _context(session, decision_errors={registration.pk: error})
    return render(request, "grading/jury.html", context, status=422)


@require_POST
@login_required
def deliberate(request: HttpRequest, session_id) -> HttpResponse:
    session = permissions.get_session_for_staff(request.user, session_id)
    try:
        count = jury_service.deliberate(session=session, actor=request.user)
    except services.GradingError as error:
        messages.error(request, error.message)
        return render(request, "grading/jury.html", _context(session), status=422)
    messages.success(request, _("Résultats arrêtés par le jury : %(count)s copie(s).") % {"count": count})
    return redirect("grading:jury", session.pk)


@require_POST
@login_required
def publish(request: HttpRequest, session_id) -> HttpResponse:
    session = permissions.get_session_for_staff(request.user, session_id)
    form = PublishForm(request.POST)
    form.is_valid()
    try:
        count = jury_service.publish(
            session=session, actor=request.user, release_corrections=form.cleaned_data.get("release", False)
        )
    except services.GradingError as error:
        messages.error(request, error.message)
        return render(request, "grading/jury.html", _context(session, publish_form=form), status=422)
    messages.success(
        request, _("Résultats publiés : %(count)s candidat(s) prévenu(s) par e-mail.") % {"count": count}
    )
    return redirect("grading:jury", session.pk)


@require_GET
@login_required
def export_csv(request: HttpRequest, session_id) -> HttpResponse:
    session = permissions.get_session_for_staff(request.user, session_id)
    response = HttpResponse(jury_service.export_csv(session), content_type="text/csv; charset=utf-8")
    filename = f"resultats-{session.unit}-{session.date:%Y-%m-%d}.csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response

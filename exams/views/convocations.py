"""Convocations: download (candidate, staff), e-mail one, e-mail a whole session in the background."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from exams import anonymity, convocations, permissions
from exams.audit import log_action
from exams.models import AuditEntry, ConvocationBatch, Registration
from exams.tasks import send_session_convocations


def _pdf_response(registration: Registration) -> HttpResponse:
    response = HttpResponse(convocations.render_pdf(registration), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{convocations.filename(registration)}"'
    return response


@require_GET
@login_required
def candidate_pdf(request: HttpRequest, registration_id) -> HttpResponse:
    registration = permissions.get_own_registration(request.user, registration_id)
    if not registration.is_active:
        messages.error(request, _("Cette inscription est annulée : pas de convocation."))
        return redirect(registration)
    return _pdf_response(registration)


def _staff_registration(request: HttpRequest, registration_id) -> Registration:
    permissions.require_exam_staff(request.user)
    registration = get_object_or_404(
        Registration.objects.select_related("session", "centre", "candidate"), pk=registration_id
    )
    # A convocation carries the code beside the name.
    anonymity.require_mapping(request.user, registration.session)
    return registration


@require_GET
@login_required
def staff_pdf(request: HttpRequest, registration_id) -> HttpResponse:
    return _pdf_response(_staff_registration(request, registration_id))


@require_POST
@login_required
def email_one(request: HttpRequest, registration_id) -> HttpResponse:
    registration = _staff_registration(request, registration_id)
    if not registration.is_active:
        messages.error(request, _("Cette inscription est annulée : pas de convocation."))
    else:
        convocations.send(registration)
        log_action(
            actor=request.user,
            action=AuditEntry.Action.CONVOCATIONS,
            target=registration,
            session=registration.session,
            details={"to": registration.candidate.email},
        )
        messages.success(
            request, _("Convocation envoyée à %(email)s.") % {"email": registration.candidate.email}
        )
    return redirect("exams:staff_registration", registration.pk)


@require_POST
@login_required
def email_session(request: HttpRequest, session_id) -> HttpResponse:
    session = permissions.get_session_to_run(request.user, session_id)
    running = session.convocation_batches.filter(
        status__in=[ConvocationBatch.Status.QUEUED, ConvocationBatch.Status.RUNNING]
    ).first()
    if running is not None:
        messages.error(request, _("Un envoi est déjà en cours pour cette session."))
        return redirect(session)
    batch = ConvocationBatch.objects.create(
        session=session, started_by=request.user, total=session.registrations.active().count()
    )
    log_action(
        actor=request.user,
        action=AuditEntry.Action.CONVOCATIONS,
        target=session,
        session=session,
        details={"batch": batch.pk, "total": batch.total},
    )
    send_session_convocations.enqueue(batch.pk)
    messages.success(request, _("Envoi des convocations lancé."))
    return redirect(session)


@require_GET
@login_required
def batch_status(request: HttpRequest, batch_id: int) -> HttpResponse:
    """The progress fragment polled by htmx (also a plain page without JavaScript)."""
    permissions.require_exam_staff(request.user)
    batch = get_object_or_404(ConvocationBatch.objects.select_related("session"), pk=batch_id)
    keeps_mapping = anonymity.may_read_mapping(request.user, batch.session)
    return render(request, "exams/staff/_batch.html", {"batch": batch, "keeps_mapping": keeps_mapping})

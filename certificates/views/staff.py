"""Exam staff: issue one certificate, reissue, revoke, and issue a whole session or every
title in one background batch (htmx progress, then a ZIP of the stored PDFs)."""

from __future__ import annotations

import io
import uuid
import zipfile

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from certificates import permissions, services
from certificates.forms import BatchForm, IssueForm, ReissueForm, RevokeForm
from certificates.models import Certificate, CertificateBatch, CertificateLogEntry, Kind
from certificates.tasks import issue_batch
from exams.models import ExamSession, StageRecord, TitleAward, UnitPass

SOURCE_MODELS = {Kind.UNIT_PASS: UnitPass, Kind.TITLE: TitleAward, Kind.STAGE: StageRecord}


def _session_from(value: str) -> ExamSession | None:
    try:
        return ExamSession.objects.filter(pk=uuid.UUID(value)).first()
    except ValueError:
        return None


def _batch_form(data=None, *, session=None, scope=None) -> BatchForm:
    initial = {"scope": scope or CertificateBatch.Scope.SESSION, "session": session}
    return BatchForm(data, initial=initial)


@require_GET
@login_required
def index(request: HttpRequest) -> HttpResponse:
    permissions.require_certificate_staff(request.user)
    session = _session_from(request.GET.get("session", ""))
    context = _index_context(_batch_form(session=session, scope=request.GET.get("scope")))
    return render(request, "certificates/staff/index.html", context)


def _index_context(batch_form) -> dict:
    return {
        "batch_form": batch_form,
        "batches": CertificateBatch.objects.select_related("session", "started_by")[:10],
        "certificates": Certificate.objects.listed().select_related("holder")[:30],
    }


def _person_context(person, **forms) -> dict:
    certificates = person.certificates.listed().select_related("unit_pass", "title_award", "stage_record")
    in_force = {
        (certificate.kind, certificate.source.pk)
        for certificate in certificates
        if certificate.superseded_at is None and certificate.revoked_at is None
    }
    sources = [
        (Kind.UNIT_PASS, person.unit_passes.select_related("session")),
        (Kind.TITLE, person.title_awards.all()),
        (Kind.STAGE, person.stage_records.all()),
    ]
    rows = [
        {
            "kind": kind,
            "source": source,
            "covered": (kind, source.pk) in in_force,
            "form": IssueForm(initial={"kind": kind, "source_id": source.pk, "language": "holder"}),
        }
        for kind, queryset in sources
        for source in queryset
    ]
    return {"person": person, "rows": rows, "certificates": certificates, **forms}


@require_GET
@login_required
def person(request: HttpRequest, user_id: int) -> HttpResponse:
    permissions.require_certificate_staff(request.user)
    holder = get_object_or_404(get_user_model(), pk=user_id)
    return render(request, "certificates/staff/person.html", _person_context(holder))


@require_POST
@login_required
def issue(request: HttpRequest, user_id: int) -> HttpResponse:
    permissions.require_certificate_staff(request.user)
    holder = get_object_or_404(get_user_model(), pk=user_id)
    form = IssueForm(request.POST)
    if form.is_valid():
        model = SOURCE_MODELS[form.cleaned_data["kind"]]
        # Fetched through its holder: another person's record is a 404.
        source = get_object_or_404(model, pk=form.cleaned_data["source_id"], candidate=holder)
        try:
            certificate = services.issue(
                source=source, actor=request.user, language=form.cleaned_data["language"]
            )
        except services.CertificateError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Certificat %(code)s délivré.") % {"code": certificate.code})
            return redirect("certificates:staff_certificate", certificate.code)
    return render(
        request, "certificates/staff/person.html", _person_context(holder, issue_errors=form), status=422
    )


def _certificate_context(certificate: Certificate, **forms) -> dict:
    return {
        "certificate": certificate,
        "log_entries": certificate.log_entries.select_related("actor"),
        "revoke_form": forms.get("revoke_form") or RevokeForm(),
        "reissue_form": forms.get("reissue_form") or ReissueForm(initial={"language": certificate.language}),
    }


@require_GET
@login_required
def certificate_detail(request: HttpRequest, code: str) -> HttpResponse:
    certificate = permissions.get_for_staff(request.user, code)
    return render(request, "certificates/staff/certificate.html", _certificate_context(certificate))


@require_POST
@login_required
def revoke(request: HttpRequest, code: str) -> HttpResponse:
    certificate = permissions.get_for_staff(request.user, code)
    form = RevokeForm(request.POST)
    if form.is_valid():
        try:
            services.revoke(certificate=certificate, actor=request.user, reason=form.cleaned_data["reason"])
        except services.CertificateError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Certificat %(code)s révoqué.") % {"code": certificate.code})
            return redirect("certificates:staff_certificate", certificate.code)
    context = _certificate_context(certificate, revoke_form=form)
    return render(request, "certificates/staff/certificate.html", context, status=422)


@require_POST
@login_required
def reissue(request: HttpRequest, code: str) -> HttpResponse:
    certificate = permissions.get_for_staff(request.user, code)
    form = ReissueForm(request.POST)
    if form.is_valid():
        try:
            new = services.reissue(
                certificate=certificate, actor=request.user, language=form.cleaned_data["language"]
            )
        except services.CertificateError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("Version %(version)d délivrée : %(code)s.") % {"version": new.version, "code": new.code},
            )
            return redirect("certificates:staff_certificate", new.code)
    context = _certificate_context(certificate, reissue_form=form)
    return render(request, "certificates/staff/certificate.html", context, status=422)


@require_POST
@login_required
def start_batch(request: HttpRequest) -> HttpResponse:
    permissions.require_certificate_staff(request.user)
    form = BatchForm(request.POST)
    if form.is_valid():
        scope = form.cleaned_data["scope"]
        session = form.cleaned_data["session"] if scope == CertificateBatch.Scope.SESSION else None
        try:
            batch = services.start_batch(
                actor=request.user, scope=scope, session=session, language=form.cleaned_data["language"]
            )
        except services.CertificateError as error:
            form.add_error(None, error.message)
        else:
            issue_batch.enqueue(batch.pk)
            # No state in this message: it stays on the page the batch's progress then updates.
            messages.success(request, _("Lot de certificats lancé."))
            return redirect(batch)
    return render(request, "certificates/staff/index.html", _index_context(form), status=422)


@require_GET
@login_required
def batch(request: HttpRequest, batch_id: int) -> HttpResponse:
    """The batch page; htmx polls its progress fragment until it is finished."""
    batch = permissions.get_batch_for_staff(request.user, batch_id)
    template = "certificates/staff/batch.html#progress" if request.htmx else "certificates/staff/batch.html"
    return render(request, template, {"batch": batch})


@require_GET
@login_required
def batch_zip(request: HttpRequest, batch_id: int) -> HttpResponse:
    """Every PDF of the batch, zipped from the stored bytes (nothing is rendered again)."""
    batch = permissions.get_batch_for_staff(request.user, batch_id)
    if not batch.is_finished:
        messages.error(request, _("Le lot n'est pas terminé : l'archive sera disponible à la fin."))
        return redirect(batch)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:  # PDFs are compressed already
        for code, version, pdf in batch.certificates.order_by("holder_name", "pk").values_list(
            "code", "version", "pdf"
        ):
            archive.writestr(f"certificat-{code}-v{version}.pdf", bytes(pdf))
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="certificats-lot-{batch.pk}.zip"'
    return response


@require_GET
@login_required
def log(request: HttpRequest) -> HttpResponse:
    permissions.require_certificate_staff(request.user)
    entries = CertificateLogEntry.objects.select_related("actor", "certificate", "batch")[:200]
    return render(request, "certificates/staff/log.html", {"entries": entries})

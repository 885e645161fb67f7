"""Staff pages for trainees' records: stage attendance (form and CSV), ASP, reports, titles."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.models import User
from exams import anonymity, permissions, records, services, stage_import
from exams.forms import (
    AspForm,
    AuditFilterForm,
    OfficiatedTournamentForm,
    QualificationForm,
    StageImportForm,
    StageRecordForm,
    TechnicalReportForm,
    TitleAwardForm,
)
from exams.models import AuditEntry, StageRecord


@require_http_methods(["GET", "POST"])
@login_required
def stages(request: HttpRequest) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    form = StageRecordForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        record = form.save(commit=False)
        record.candidate = form.cleaned_data["candidate"]
        record.recorded_by = request.user
        record.save()
        messages.success(request, _("Stage enregistré pour %(name)s.") % {"name": record.candidate})
        return redirect("exams:staff_stages")
    page = Paginator(StageRecord.objects.select_related("candidate").order_by("-recorded_at"), 50).get_page(
        request.GET.get("page")
    )
    status = 422 if request.method == "POST" else 200
    return render(request, "exams/staff/stages.html", {"form": form, "page": page}, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def stages_import(request: HttpRequest) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    if request.method == "GET":
        return render(request, "exams/staff/stages_import.html", {"form": StageImportForm()})
    form = StageImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, "exams/staff/stages_import.html", {"form": form}, status=422)
    name = request.FILES["file"].name
    try:
        parsed = stage_import.parse(form.cleaned_data["file"], today=timezone.localdate())
    except stage_import.ImportRejected as rejected:
        context = {"form": StageImportForm(), "problems": rejected.problems, "filename": name}
        return render(request, "exams/staff/stages_import.html", context, status=422)
    count = stage_import.import_records(parsed, actor=request.user, filename=name)
    messages.success(
        request, _("%(count)s stage(s) importé(s) depuis %(name)s.") % {"count": count, "name": name}
    )
    return redirect("exams:staff_stages")


@require_GET
@login_required
def stages_template(request: HttpRequest) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    response = HttpResponse(stage_import.TEMPLATE, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="modele-stages.csv"'
    return response


@require_GET
@login_required
def people(request: HttpRequest) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    query = request.GET.get("q", "").strip()[:100]
    found = User.objects.none()
    if query:
        found = User.objects.filter(
            Q(email__icontains=query)
            | Q(last_name__icontains=query)
            | Q(first_name__icontains=query)
            | Q(ffe_licence__iexact=query)
        )[:50]
    return render(request, "exams/staff/people.html", {"query": query, "people": found})


def _person_context(person, **forms) -> dict:
    context = records.records_context(person)
    context.update(
        {
            "asp_form": AspForm(),
            "report_form": TechnicalReportForm(),
            "qualification_form": QualificationForm(),
            "officiated_form": OfficiatedTournamentForm(),
            "award_form": TitleAwardForm(initial={"awarded_on": timezone.localdate()}),
        }
    )
    context.update(forms)
    return context


@require_GET
@login_required
def person(request: HttpRequest, user_id: int) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    person = get_object_or_404(User, pk=user_id)
    return render(request, "exams/staff/person.html", _person_context(person))


def _save_record(request: HttpRequest, person: User, form, *, form_name: str, message: str) -> HttpResponse:
    """Save a staff-entered record of ``person`` (ASP, report, qualification, tournament), or
    show the person's page again with the form's errors."""
    if not form.is_valid():
        context = _person_context(person, **{form_name: form})
        return render(request, "exams/staff/person.html", context, status=422)
    record = form.save(commit=False)
    record.candidate, record.recorded_by = person, request.user
    record.save()
    messages.success(request, message)
    return redirect("exams:staff_person", person.pk)


@require_POST
@login_required
def add_asp(request: HttpRequest, user_id: int) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    person = get_object_or_404(User, pk=user_id)
    form = AspForm(request.POST)
    return _save_record(request, person, form, form_name="asp_form", message=_("ASP enregistrée."))


@require_POST
@login_required
def add_report(request: HttpRequest, user_id: int) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    person = get_object_or_404(User, pk=user_id)
    form = TechnicalReportForm(request.POST)
    return _save_record(
        request, person, form, form_name="report_form", message=_("Rapport technique enregistré.")
    )


@require_POST
@login_required
def add_qualification(request: HttpRequest, user_id: int) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    person = get_object_or_404(User, pk=user_id)
    form = QualificationForm(request.POST, person=person)
    return _save_record(
        request, person, form, form_name="qualification_form", message=_("Qualification enregistrée.")
    )


@require_POST
@login_required
def add_officiated(request: HttpRequest, user_id: int) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    person = get_object_or_404(User, pk=user_id)
    form = OfficiatedTournamentForm(request.POST)
    return _save_record(
        request, person, form, form_name="officiated_form", message=_("Tournoi arbitré enregistré.")
    )


@require_POST
@login_required
def award_title(request: HttpRequest, user_id: int) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    person = get_object_or_404(User, pk=user_id)
    form = TitleAwardForm(request.POST)
    if form.is_valid():
        try:
            if form.cleaned_data["title"] == TitleAwardForm.LEVEL_2:
                award = services.promote_afo_to_level_2(
                    candidate=person,
                    actor=request.user,
                    on=form.cleaned_data["awarded_on"],
                    override_reason=form.cleaned_data["override_reason"],
                )
            else:
                award = services.award_title(
                    candidate=person,
                    title=form.cleaned_data["title"],
                    actor=request.user,
                    awarded_on=form.cleaned_data["awarded_on"],
                    note=form.cleaned_data["note"],
                    override_reason=form.cleaned_data["override_reason"],
                )
        except services.ExamError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request, _("Titre %(title)s décerné à %(name)s.")
                % {"title": f"{award.title}{award.level}" if award.level > 1 else award.title, "name": person}
            )
            return redirect("exams:staff_person", person.pk)
    return render(request, "exams/staff/person.html", _person_context(person, award_form=form), status=422)


@require_GET
@login_required
def audit_log(request: HttpRequest) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    form = AuditFilterForm(request.GET or None)
    entries = AuditEntry.objects.select_related("actor", "session")
    if form.is_valid():
        if form.cleaned_data["session"]:
            entries = entries.filter(session=form.cleaned_data["session"])
        if form.cleaned_data["action"]:
            entries = entries.filter(action=form.cleaned_data["action"])
    page = Paginator(entries, 50).get_page(request.GET.get("page"))
    status = 422 if form.is_bound and not form.is_valid() else 200
    rows = anonymity.audit_rows(request.user, page.object_list)
    context = {"form": form, "page": page, "rows": rows}
    return render(request, "exams/staff/audit.html", context, status=status)

"""Cohorts for their trainers: creating one, adding members, the dashboard, confirming attendance."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from courses import permissions, services
from courses.dashboard import cohort_dashboard
from courses.forms import CohortForm, MembersForm


@require_http_methods(["GET", "POST"])
@login_required
def cohorts(request: HttpRequest) -> HttpResponse:
    permissions.require_author(request.user)
    form = CohortForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        cohort = form.save()
        cohort.trainers.add(request.user, *form.cleaned_data["co_trainers"])
        messages.success(request, _("Groupe « %(name)s » créé.") % {"name": cohort.name})
        return redirect(cohort.get_absolute_url())
    mine = permissions.cohorts_for(request.user).select_related("course").prefetch_related("trainers")
    status = 422 if request.method == "POST" else 200
    return render(request, "courses/cohorts.html", {"cohorts": mine, "form": form}, status=status)


def _cohort_context(request: HttpRequest, cohort, members_form=None) -> dict:
    return {
        "cohort": cohort,
        "dashboard": cohort_dashboard(cohort),
        "members_form": members_form or MembersForm(),
        "trainers": cohort.trainers.all(),
    }


@require_GET
@login_required
def cohort_page(request: HttpRequest, pk: int) -> HttpResponse:
    cohort = permissions.get_cohort_for_trainer(request.user, pk)
    return render(request, "courses/cohort.html", _cohort_context(request, cohort))


@require_POST
@login_required
def add_members(request: HttpRequest, pk: int) -> HttpResponse:
    cohort = permissions.get_cohort_for_trainer(request.user, pk)
    form = MembersForm(request.POST)
    if not form.is_valid():
        return render(request, "courses/cohort.html", _cohort_context(request, cohort, form), status=422)
    added, unknown = services.add_members(
        cohort=cohort, emails=form.cleaned_data["emails"], actor=request.user
    )
    if added:
        messages.success(request, _("%(count)s stagiaire(s) ajouté(s) au groupe.") % {"count": len(added)})
    if unknown:
        messages.warning(
            request,
            _("Aucun compte pour : %(emails)s. Invitez ces personnes à créer leur compte.")
            % {"emails": ", ".join(unknown)},
        )
    return redirect(cohort.get_absolute_url())


@require_POST
@login_required
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """The trainer confirms a member followed the stage: it counts for the exams' eligibility."""
    cohort = permissions.get_cohort_for_trainer(request.user, pk)
    enrolment_id = request.POST.get("enrolment", "")
    if not enrolment_id.isdigit():
        raise Http404
    enrolment = get_object_or_404(cohort.enrolments.select_related("trainee"), pk=int(enrolment_id))
    record = services.confirm_completion(enrolment=enrolment, actor=request.user)
    messages.success(
        request,
        _("Stage %(stage)s du %(date)s enregistré pour %(name)s.")
        % {"stage": record.stage, "date": date_format(record.date, "j F Y"), "name": enrolment.trainee},
    )
    return redirect(cohort.get_absolute_url())


def _cell(text: str) -> str:
    """A name as a spreadsheet shows it: never read as a formula (=, +, -, @ first)."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@require_GET
@login_required
def cohort_csv(request: HttpRequest, pk: int) -> HttpResponse:
    cohort = permissions.get_cohort_for_trainer(request.user, pk)
    dashboard = cohort_dashboard(cohort)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="groupe-{cohort.pk}.csv"'
    response.write("\ufeff")  # Excel reads UTF-8 only with its byte-order mark
    writer = csv.writer(response, delimiter=";")
    writer.writerow(
        [
            "email",
            "nom",
            "lecons_terminees",
            "lecons_attendues",
            "minutes",
            "derniere_activite",
            "reponses",
            "reussite_pct",
            "stage_valide",
        ]
    )
    for row in dashboard.members:
        trainee = row.enrolment.trainee
        writer.writerow(
            [
                _cell(trainee.email),
                _cell(trainee.get_full_name()),
                row.done,
                row.expected,
                row.seconds // 60,
                row.last_activity.isoformat(timespec="minutes") if row.last_activity else "",
                row.answers,
                "" if row.success_rate is None else row.success_rate,
                "oui" if row.enrolment.stage_record_id else "non",
            ]
        )
    writer.writerow([])
    writer.writerow(["question", "version", "reponses", "justes", "reussite_pct"])
    for question in dashboard.questions:
        writer.writerow(
            [question.uid, question.version, question.answers, question.correct, question.success_rate]
        )
    writer.writerow([])
    writer.writerow(["article", "reponses", "erreurs", "erreurs_pct"])
    for article in dashboard.articles:
        writer.writerow([article.citation, article.answers, article.missed, article.miss_rate])
    return response

"""The invigilator's page for one centre: roll call, opening the online exam, extra time."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from exams import invigilation, permissions
from exams.forms import ExtendForm
from exams.services import ExamError


def _context(centre, **extra) -> dict:
    return {
        "centre": centre,
        "session": centre.session,
        "registrations": invigilation.candidates(centre),
        "extend_form": ExtendForm(),
        **extra,
    }


@require_GET
@login_required
def centre_page(request: HttpRequest, centre_id: int) -> HttpResponse:
    centre = permissions.get_centre_to_invigilate(request.user, centre_id)
    return render(request, "exams/invigilate.html", _context(centre))


@require_POST
@login_required
def roll_call(request: HttpRequest, centre_id: int) -> HttpResponse:
    centre = permissions.get_centre_to_invigilate(request.user, centre_id)
    present = invigilation.mark_presence(
        centre=centre, present_ids=set(request.POST.getlist("present")), actor=request.user
    )
    messages.success(request, _("Appel enregistré : %(count)s présent(s).") % {"count": present})
    return redirect("exams:invigilate", centre.pk)


@require_POST
@login_required
def open_exam(request: HttpRequest, centre_id: int) -> HttpResponse:
    centre = permissions.get_centre_to_invigilate(request.user, centre_id)
    try:
        started = invigilation.open_attempts(centre=centre, actor=request.user)
    except ExamError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Épreuve ouverte : %(count)s copie(s) démarrée(s). Code de démarrage : %(code)s.")
            % {"count": started, "code": centre.start_code},
        )
    return redirect("exams:invigilate", centre.pk)


@require_POST
@login_required
def extend(request: HttpRequest, centre_id: int) -> HttpResponse:
    centre = permissions.get_centre_to_invigilate(request.user, centre_id)
    form = ExtendForm(request.POST)
    registration = None
    if form.is_valid() and request.POST.get("registration"):
        registration = (
            centre.registrations.active()
            .select_related("attempt")
            .filter(pk=request.POST["registration"])
            .first()
            if _is_uuid(request.POST["registration"])
            else None
        )
        if registration is None:
            form.add_error(None, _("Ce candidat n'est pas inscrit dans ce centre."))
    if form.is_valid():
        try:
            count = invigilation.extend(
                centre=centre,
                minutes=form.cleaned_data["minutes"],
                reason=form.cleaned_data["reason"],
                actor=request.user,
                registration=registration,
            )
        except ExamError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("%(minutes)s minute(s) ajoutée(s) à %(count)s copie(s).")
                % {"minutes": form.cleaned_data["minutes"], "count": count},
            )
            return redirect("exams:invigilate", centre.pk)
    return render(request, "exams/invigilate.html", _context(centre, extend_form=form), status=422)


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True

"""Pages for candidates: upcoming sessions, registration, their lobby and their records."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from exams import invigilation, permissions, records, services
from exams.forms import ChooseCentreForm, StartCodeForm
from exams.models import Centre, ExamSession, Registration, SessionStatus


@require_GET
@login_required
def home(request: HttpRequest) -> HttpResponse:
    permissions.require_candidate(request.user)
    sessions = ExamSession.objects.upcoming().filter(status=SessionStatus.OPEN).order_by("date", "start_time")
    registrations = {
        r.session_id: r for r in request.user.exam_registrations.select_related("session", "centre")
    }
    rows = []
    for session in sessions:
        registration = registrations.get(session.pk)
        decision = None
        if registration is None or not registration.is_active:
            decision = services.check_registration(candidate=request.user, session=session)
        rows.append(
            {
                "session": session,
                "registration": registration,
                "decision": decision,
                "open": session.registration_is_open(),
            }
        )
    mine = request.user.exam_registrations.active().select_related("session", "centre")
    today = timezone.localdate()
    upcoming = mine.filter(session__date__gte=today).order_by("session__date")
    past = mine.filter(session__date__lt=today).order_by("-session__date")
    # Invigilators and regional directors find the centres they run on the day.
    centres = (
        Centre.objects.filter(
            Q(invigilators=request.user) | Q(regional_director=request.user), session__date__gte=today
        )
        .select_related("session")
        .distinct()
        .order_by("session__date", "name")
    )
    context = {"rows": rows, "registrations": upcoming, "past": past, "centres": centres}
    return render(request, "exams/home.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def register(request: HttpRequest, session_id) -> HttpResponse:
    permissions.require_candidate(request.user)
    session = get_object_or_404(ExamSession.objects.exclude(status=SessionStatus.DRAFT), pk=session_id)
    registered = (
        request.user.exam_registrations.active().select_related("centre").filter(session=session).first()
    )
    if registered is not None:
        # Nothing to choose: the page points to the registration instead of offering the form.
        context = {"session": session, "registered": registered}
        status = 422 if request.method == "POST" else 200
        return render(request, "exams/register.html", context, status=status)
    decision = services.check_registration(candidate=request.user, session=session)
    form = ChooseCentreForm(request.POST or None, session=session)
    context = {"session": session, "decision": decision, "form": form}
    if request.method == "GET":
        return render(request, "exams/register.html", context)
    if not form.is_valid():
        return render(request, "exams/register.html", context, status=422)
    try:
        registration = services.register(
            session=session, centre=form.cleaned_data["centre"], candidate=request.user, actor=request.user
        )
    except services.ExamError as error:
        context["error"] = error.message
        return render(request, "exams/register.html", context, status=422)
    messages.success(
        request,
        _("Vous êtes inscrit(e). Votre code d'anonymat : %(code)s.") % {"code": registration.anonymity_code},
    )
    return redirect(registration)


def _lobby_context(registration: Registration, start_form: StartCodeForm | None) -> dict:
    return {
        "registration": registration,
        "session": registration.session,
        "centre": registration.centre,
        "attempt_url": attempt_url(registration),
        "convocation_url": reverse("exams:convocation", args=[registration.pk]),
        "start_form": start_form,
    }


def attempt_url(registration: Registration) -> str | None:
    if registration.attempt_id is None:
        return None
    try:
        return reverse("delivery:attempt", args=[registration.attempt_id])
    except NoReverseMatch:  # the engine's pages are not installed
        return None


@require_GET
@login_required
def lobby(request: HttpRequest, registration_id) -> HttpResponse:
    registration = permissions.get_own_registration(request.user, registration_id)
    start_form = StartCodeForm() if invigilation.can_start_with_code(registration) else None
    return render(request, "exams/lobby.html", _lobby_context(registration, start_form))


@require_POST
@login_required
def withdraw(request: HttpRequest, registration_id) -> HttpResponse:
    registration = permissions.get_own_registration(request.user, registration_id)
    try:
        services.withdraw(registration=registration, actor=request.user)
    except services.ExamError as error:
        messages.error(request, error.message)
        return redirect(registration)
    messages.success(
        request,
        _("Votre inscription à la session %(session)s est annulée.") % {"session": registration.session},
    )
    return redirect("exams:home")


@require_POST
@login_required
def start(request: HttpRequest, registration_id) -> HttpResponse:
    """The candidate types the centre's start code shown by the invigilator."""
    registration = permissions.get_own_registration(request.user, registration_id)
    form = StartCodeForm(request.POST)
    if form.is_valid():
        try:
            invigilation.start_with_code(
                registration=registration, code=form.cleaned_data["code"], actor=request.user
            )
        except services.ExamError as error:
            form.add_error("code", error.message)
    if not form.is_valid():
        return render(request, "exams/lobby.html", _lobby_context(registration, form), status=422)
    registration.refresh_from_db()
    return redirect(attempt_url(registration) or registration.get_absolute_url())


@require_GET
@login_required
def my_records(request: HttpRequest) -> HttpResponse:
    permissions.require_candidate(request.user)
    return render(request, "exams/records.html", records.records_context(request.user))

"""Pages for exam staff: sessions, centres, registrations and accommodations."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from delivery import services as delivery
from exams import anonymity, lifecycle, permissions, services
from exams.audit import log_action
from exams.forms import AccommodationForm, CentreForm, SessionForm, StaffRegistrationForm
from exams.models import AuditEntry, Centre, ExamSession, Registration, RegistrationStatus


def _staff_session(request: HttpRequest, session_id) -> ExamSession:
    return permissions.get_session_to_run(request.user, session_id)


@require_GET
@login_required
def session_list(request: HttpRequest) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    sessions = ExamSession.objects.annotate(
        # Both counts join their table: without distinct, each multiplies the other.
        registered=Count(
            "registrations", filter=Q(registrations__status=RegistrationStatus.REGISTERED), distinct=True
        ),
        centre_count=Count("centres", distinct=True),
    ).order_by("-date")
    return render(request, "exams/staff/session_list.html", {"sessions": sessions})


@require_http_methods(["GET", "POST"])
@login_required
def session_form(request: HttpRequest, session_id=None) -> HttpResponse:
    session = _staff_session(request, session_id) if session_id else None
    if session is None:
        permissions.require_exam_staff(request.user)
    form = SessionForm(request.POST or None, instance=session)
    if request.method == "GET" or not form.is_valid():
        status = 200 if request.method == "GET" else 422
        return render(
            request, "exams/staff/session_form.html", {"form": form, "session": session}, status=status
        )
    saved = form.save(commit=False)
    if session is None:
        saved.created_by = request.user
        saved.save()
    else:
        # Only the form's fields: the state moves through exams.lifecycle, and a state moved
        # by an event while the form was open must not be written back.
        saved.save(update_fields=[*SessionForm.Meta.fields, "duration"])
    messages.success(request, _("Session enregistrée."))
    return redirect(saved)


@require_GET
@login_required
def session_detail(request: HttpRequest, session_id) -> HttpResponse:
    session = _staff_session(request, session_id)
    lifecycle.advance(session)
    centres = session.centres.annotate(
        registered=Count("registrations", filter=Q(registrations__status=RegistrationStatus.REGISTERED))
    ).select_related("regional_director")
    registrations = list(
        session.registrations.select_related("candidate", "centre", "attempt").order_by(
            "status", "candidate__last_name", "candidate__first_name"
        )
    )
    context = {
        "session": session,
        "steps": lifecycle.next_steps(session),
        "centres": centres,
        "registrations": registrations,
        "ungraded": [r for r in registrations if r.attempt and r.attempt.awaits_automatic_grading],
        "batch": session.convocation_batches.first(),
        "keeps_mapping": anonymity.may_read_mapping(request.user, session),
    }
    if context["keeps_mapping"] and registrations:
        anonymity.record_mapping_read(request.user, session)
    return render(request, "exams/staff/session_detail.html", context)


@require_POST
@login_required
def session_transition(request: HttpRequest, session_id, transition: str) -> HttpResponse:
    """A move staff make by hand from the session's page; the jury's moves are on its page."""
    session = _staff_session(request, session_id)
    step = next((s for s in lifecycle.next_steps(session) if s.name == transition), None)
    if step is None or step.by != lifecycle.STAFF:
        messages.error(request, _("Ce changement d'état ne se fait pas depuis cette page."))
        return redirect(session)
    try:
        lifecycle.fire(session, transition, by=request.user, cause=_("Par l'équipe des examens."))
    except lifecycle.LifecycleError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, _("Session passée à l'état « %(status)s ».") % {"status": session.get_status_display()}
        )
    return redirect(session)


@require_http_methods(["GET", "POST"])
@login_required
def centre_form(request: HttpRequest, session_id=None, centre_id=None) -> HttpResponse:
    permissions.require_exam_staff(request.user)
    if centre_id is not None:
        centre = get_object_or_404(Centre.objects.select_related("session"), pk=centre_id)
        session = permissions.get_session_to_run(request.user, centre.session_id)
    else:
        centre = None
        session = permissions.get_session_to_run(request.user, session_id)
    form = CentreForm(request.POST or None, instance=centre or Centre(session=session))
    if request.method == "GET" or not form.is_valid():
        status = 200 if request.method == "GET" else 422
        return render(
            request,
            "exams/staff/centre_form.html",
            {"form": form, "session": session, "centre": centre},
            status=status,
        )
    form.save()
    messages.success(request, _("Centre enregistré."))
    return redirect(session)


@require_http_methods(["GET", "POST"])
@login_required
def staff_register(request: HttpRequest, session_id) -> HttpResponse:
    session = _staff_session(request, session_id)
    anonymity.require_mapping(request.user, session)
    form = StaffRegistrationForm(request.POST or None, session=session)
    context = {"session": session, "form": form}
    if request.method == "GET":
        return render(request, "exams/staff/register.html", context)
    if form.is_valid():
        candidate = form.cleaned_data["candidate"]
        try:
            registration = services.register(
                session=session,
                centre=form.cleaned_data["centre"],
                candidate=candidate,
                actor=request.user,
                override_reason=form.cleaned_data["override_reason"],
                by_staff=True,
            )
        except services.ExamError as error:
            decision = services.check_registration(candidate=candidate, session=session, for_staff=True)
            context["decision"] = decision
            context["error"] = error.message
            if not decision.eligible and not form.cleaned_data["override_reason"].strip():
                # The RIDNA's reasons, listed below, name the candidate; say what staff can do.
                context["error"] = _(
                    "Le RIDNA refuse ce candidat (conditions ci-dessous). Pour l'inscrire quand même, "
                    "indiquez un motif de dérogation."
                )
        else:
            messages.success(
                request,
                _("%(name)s est inscrit(e) (code %(code)s).")
                % {"name": candidate, "code": registration.anonymity_code},
            )
            return redirect("exams:staff_registration", registration.pk)
    return render(request, "exams/staff/register.html", context, status=422)


def _staff_registration(request: HttpRequest, registration_id) -> Registration:
    permissions.require_exam_staff(request.user)
    registration = get_object_or_404(
        Registration.objects.select_related("session", "centre", "candidate"), pk=registration_id
    )
    anonymity.require_mapping(request.user, registration.session)
    return registration


@require_http_methods(["GET", "POST"])
@login_required
def registration_detail(request: HttpRequest, registration_id) -> HttpResponse:
    """A candidate's registration as staff see it; the accommodations are edited here."""
    registration = _staff_registration(request, registration_id)
    before = {name: getattr(registration, name) for name in AccommodationForm.Meta.fields}
    form = AccommodationForm(request.POST or None, instance=registration)
    context = {"registration": registration, "session": registration.session, "form": form}
    if request.method == "GET":
        return render(request, "exams/staff/registration.html", context)
    if not form.is_valid():
        return render(request, "exams/staff/registration.html", context, status=422)
    form.save()
    after = {name: form.cleaned_data[name] for name in AccommodationForm.Meta.fields}
    if registration.attempt is not None and after["large_print"] != before["large_print"]:
        delivery.set_large_print(attempt=registration.attempt, large_print=after["large_print"])
    if after != before:
        log_action(
            actor=request.user,
            action=AuditEntry.Action.ACCOMMODATION,
            target=registration,
            session=registration.session,
            reason=form.cleaned_data["reason"],
            details={"before": before, "after": after},
        )
    messages.success(request, _("Aménagements enregistrés."))
    return redirect("exams:staff_registration", registration.pk)


@require_POST
@login_required
def staff_withdraw(request: HttpRequest, registration_id) -> HttpResponse:
    registration = _staff_registration(request, registration_id)
    try:
        services.withdraw(registration=registration, actor=request.user, by_staff=True)
    except services.ExamError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Inscription annulée."))
    return redirect("exams:staff_registration", registration.pk)

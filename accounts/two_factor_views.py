"""Pages of the second factor: enrolment, the code after the password, recovery codes."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts import two_factor
from accounts.forms import EnrolmentCodeForm, TwoFactorCodeForm

NEW_CODES_SESSION_KEY = "two_factor_new_codes"


def _next_url(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return "/"


def _locked_out(request: HttpRequest) -> HttpResponse:
    logout(request)
    return render(request, "accounts/two_factor/locked_out.html", status=429)


@login_required
@require_safe
def overview(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "accounts/two_factor/overview.html",
        {
            "device": two_factor.authenticator(request.user),
            "required": two_factor.is_required_for(request.user),
            "remaining_codes": two_factor.remaining_recovery_codes(request.user),
            "disable_form": TwoFactorCodeForm(),
        },
    )


@login_required
@never_cache
@require_http_methods(["GET", "POST"])
def setup(request: HttpRequest) -> HttpResponse:
    if two_factor.authenticator(request.user) is not None:
        return redirect("accounts:two_factor")
    device = two_factor.pending_authenticator(request.user)
    form = EnrolmentCodeForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            codes = two_factor.confirm_enrolment(request, device, form.cleaned_data["code"])
            if codes is not None:
                request.session[NEW_CODES_SESSION_KEY] = codes
                messages.success(request, _("La double authentification est activée."))
                return redirect("accounts:two_factor_recovery_codes")
            form.add_error(
                "code",
                _(
                    "Ce code ne correspond pas. Vérifiez l'heure de votre téléphone et saisissez le code "
                    "affiché maintenant."
                ),
            )
        status = 422
    context = {
        "form": form,
        "qr_code": two_factor.qr_code_svg(device),
        "secret": two_factor.secret_for_display(device),
        "required": two_factor.is_required_for(request.user),
        "next": _next_url(request),
    }
    return render(request, "accounts/two_factor/setup.html", context, status=status)


@login_required
@never_cache
@require_http_methods(["GET", "POST"])
def verify(request: HttpRequest) -> HttpResponse:
    if not two_factor.owes_second_factor(request):
        return redirect(_next_url(request))
    if not two_factor.has_device(request):
        return redirect("accounts:two_factor_setup")
    if two_factor.is_locked_out(request.user):
        return _locked_out(request)
    form = TwoFactorCodeForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid() and two_factor.verify(request, form.cleaned_data["code"]):
            two_factor.clear_failures(request.user)
            return redirect(_next_url(request))
        if two_factor.record_failure(request.user):
            return _locked_out(request)
        if form.is_valid():
            form.add_error(
                "code",
                _(
                    "Ce code n'est pas valable (déjà utilisé, expiré ou mal saisi). Réessayez avec le "
                    "code affiché maintenant."
                ),
            )
        status = 422
    context = {"form": form, "next": _next_url(request)}
    return render(request, "accounts/two_factor/verify.html", context, status=status)


@login_required
@never_cache
@require_http_methods(["GET", "POST"])
def recovery_codes(request: HttpRequest) -> HttpResponse:
    """The new codes, shown once: they leave the session when the person says they kept them."""
    codes = request.session.get(NEW_CODES_SESSION_KEY)
    if not codes:
        return redirect("accounts:two_factor")
    if request.method == "POST":
        del request.session[NEW_CODES_SESSION_KEY]
        return redirect(_next_url(request))
    if request.GET.get("format") == "txt":
        lines = [_("Codes de secours Arbitre pour %(email)s") % {"email": request.user.email}, ""]
        lines += codes
        lines += ["", _("Chaque code ne sert qu'une fois.")]
        response = HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="arbitre-codes-de-secours.txt"'
        return response
    return render(request, "accounts/two_factor/recovery_codes.html", {"codes": codes})


@login_required
@require_POST
def regenerate_recovery_codes(request: HttpRequest) -> HttpResponse:
    if two_factor.authenticator(request.user) is None:
        return redirect("accounts:two_factor_setup")
    request.session[NEW_CODES_SESSION_KEY] = two_factor.new_recovery_codes(request.user)
    return redirect("accounts:two_factor_recovery_codes")


@login_required
@require_POST
def disable(request: HttpRequest) -> HttpResponse:
    """Removes the app and the recovery codes, once a current code confirms it is the owner."""
    form = TwoFactorCodeForm(request.POST)
    if two_factor.is_locked_out(request.user):
        return _locked_out(request)
    if form.is_valid() and two_factor.verify(request, form.cleaned_data["code"]):
        two_factor.clear_failures(request.user)
        two_factor.disable(request)
        messages.success(request, _("La double authentification est désactivée."))
        return redirect("accounts:two_factor")
    if two_factor.record_failure(request.user):
        return _locked_out(request)
    if form.is_valid():
        form.add_error("code", _("Ce code n'est pas valable : la double authentification reste activée."))
    context = {
        "device": two_factor.authenticator(request.user),
        "required": two_factor.is_required_for(request.user),
        "remaining_codes": two_factor.remaining_recovery_codes(request.user),
        "disable_form": form,
    }
    return render(request, "accounts/two_factor/overview.html", context, status=422)

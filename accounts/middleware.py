from __future__ import annotations

from collections.abc import Callable

from django.apps import apps
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext
from django_otp.middleware import OTPMiddleware as DjangoOTPMiddleware
from django_otp.models import Device

from config.lookups import UniqueLookup


class UserLanguageMiddleware:
    """Applies a logged-in user's preferred language when the browser has no choice yet.

    Runs before LocaleMiddleware: it only fills the language cookie LocaleMiddleware
    reads, so an explicit switch (which also updates the profile) always wins.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
            user_id = request.session.get("_auth_user_id")
            language = request.session.get("preferred_language")
            if user_id and language:
                request.COOKIES[settings.LANGUAGE_COOKIE_NAME] = language
        return self.get_response(request)


class OTPMiddleware(DjangoOTPMiddleware):
    """django-otp's, reading the session's device by its primary key in SQL written once
    (``config.lookups.UniqueLookup``): every page a grader, exam staff or an administrator opens
    reads it, and the ORM spent longer building that query than the database answering it."""

    _lookups: dict[type[Device], UniqueLookup] = {}

    def _device_from_persistent_id(self, persistent_id: str) -> Device | None:
        # django-otp's Device.from_persistent_id: "app_label.model_name/pk", anything else is none.
        model_label, _slash, device_id = self._normalize_persistent_id(persistent_id).rpartition("/")
        try:
            device_class, pk = apps.get_model(model_label), int(device_id)
        except (ValueError, LookupError):
            return None
        if not issubclass(device_class, Device):
            return None
        if device_class not in self._lookups:
            self._lookups[device_class] = UniqueLookup(device_class, "pk")
        return self._lookups[device_class].get(pk=pk)


class TwoFactorMiddleware:
    """Sends a logged-in person who owes their second factor to the code (or enrolment) page.

    After django-otp's OTPMiddleware. Every page is closed to them except the few in
    ``two_factor.OPEN_PATH_PREFIXES`` (the 2FA pages, logout, language, static files and
    the health check); the API answers 403 in JSON and htmx requests get a full-page redirect.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        from accounts import two_factor

        if two_factor.is_open_path(request.path_info) or not two_factor.owes_second_factor(request):
            return self.get_response(request)
        if request.path_info.startswith("/api/"):
            return JsonResponse(
                {"detail": gettext("Validez d'abord votre second facteur d'authentification.")}, status=403
            )
        if request.headers.get("HX-Request") == "true":  # django-htmx's middleware runs later
            return HttpResponse(status=204, headers={"HX-Redirect": two_factor.step_url(request)})
        back_to = request.get_full_path() if request.method == "GET" else None
        return redirect(two_factor.step_url(request, back_to))

"""Cross-cutting middleware: security headers on every response (error pages included)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HandlerType = Callable[[HttpRequest], HttpResponse]


class SecurityHeadersMiddleware:
    """The headers Django's SecurityMiddleware does not set.

    First in MIDDLEWARE, so that it also dresses the responses other middleware produce
    (lock-out pages, redirects to the second factor, the 500 page of an exception).
    X-Frame-Options, Referrer-Policy, Cross-Origin-Opener-Policy, nosniff and HSTS come from
    Django's settings; the Content-Security-Policy from django-csp.
    """

    def __init__(self, get_response: HandlerType) -> None:
        self.get_response = get_response
        self.permissions_policy = ", ".join(f"{feature}=()" for feature in settings.PERMISSIONS_POLICY_DENIED)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", self.permissions_policy)
        response.headers.setdefault("X-Frame-Options", settings.X_FRAME_OPTIONS)
        return response

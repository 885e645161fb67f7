from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse


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

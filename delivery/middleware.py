"""A candidate sitting a closed-book exam reaches their copy and nothing else.

One place guards the whole site: while the user has an exam attempt in progress on a paper
that is not open-book, every page but that attempt's, the exam lobby and signing out answers
a 403 page that says why and leads back to the copy (JSON for the API). The rulebook is closed,
and so are practice, mock exams, courses and past corrections, whose answer keys may hold the
exam's own questions. Practice and mock papers never close anything.

The exam's own requests (the autosave every few seconds, the clock) are never slowed by the
check: it runs only for the other pages.
"""

from __future__ import annotations

import re
import uuid

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from delivery.permissions import closed_book_exam_attempts

# The attempt's pages: /delivery/<uuid>/ and what follows it.
_ATTEMPT_PATH = re.compile(r"^/delivery/(?P<id>[0-9a-fA-F-]{32,36})/(?P<rest>[a-z]*/?)$")
# Sent by the exam page itself, every few seconds: never checked here (the views accept only
# the candidate's own attempt; a save to another attempt shows no answer key).
_EXAM_TRAFFIC = ("save/", "clock/")


class ClosedBookMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self._open_prefixes: tuple[str, ...] | None = None

    def open_prefixes(self) -> tuple[str, ...]:
        """What stays open during the exam: signing in and out, the language, the exam lobby
        (the start code, the convocation), static files and the health check."""
        if self._open_prefixes is None:
            self._open_prefixes = (
                settings.STATIC_URL,
                reverse("healthz"),
                reverse("accounts:login"),
                reverse("accounts:logout"),
                reverse("accounts:set_language"),
                reverse("set_language"),
                reverse("exams:home"),
                "/jsi18n/",
            )
        return self._open_prefixes

    def __call__(self, request):
        user = getattr(request, "user", None)
        path = request.path_info
        if user is None or not user.is_authenticated or path.startswith(self.open_prefixes()):
            return self.get_response(request)
        attempt = _ATTEMPT_PATH.match(path)
        if attempt is not None and attempt["rest"] in _EXAM_TRAFFIC:
            return self.get_response(request)
        sitting = closed_book_exam_attempts(user)
        if not sitting or (attempt is not None and _uuid(attempt["id"]) in sitting):
            return self.get_response(request)
        message = _("Pendant une épreuve sans documents, seule votre copie est accessible.")
        if path.startswith("/api/"):
            return JsonResponse({"detail": message}, status=403)
        return render(request, "delivery/closed_book.html", {"attempt_id": next(iter(sitting))}, status=403)


def _uuid(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text)
    except ValueError:
        return None

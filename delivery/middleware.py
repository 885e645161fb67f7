"""The rulebook is closed to a candidate sitting a closed-book exam.

One place guards every rulebook page and the rulebook's API: while the user has an exam
attempt in progress on a paper that is not open-book, they get a 403 page that says why.
Practice and mock papers never close the book.
"""

from __future__ import annotations

from django.shortcuts import render
from django.urls import reverse

from delivery.permissions import in_closed_book_exam


class ClosedBookMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self._prefixes: tuple[str, ...] | None = None

    def prefixes(self) -> tuple[str, ...]:
        if self._prefixes is None:
            self._prefixes = (reverse("rules:index"), "/api/rules/")
        return self._prefixes

    def __call__(self, request):
        user = getattr(request, "user", None)
        if (user is not None and user.is_authenticated and request.path.startswith(self.prefixes())
                and in_closed_book_exam(user)):
            return render(request, "delivery/closed_book.html", status=403)
        return self.get_response(request)

from __future__ import annotations

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse


def partial(request: HttpRequest, template: str, name: str) -> str:
    """The page template, or only its partial ``name`` when htmx asks for a fragment."""
    if getattr(request, "htmx", False) and not request.htmx.boosted:
        return f"{template}#{name}"
    return template


def language(request: HttpRequest) -> str:
    return "en" if (getattr(request, "LANGUAGE_CODE", "fr") or "fr").startswith("en") else "fr"


def analyse_panel_url() -> str:
    """The positions app's engine panel, or "" when that app does not offer it."""
    try:
        return reverse("positions:analyse_panel")
    except NoReverseMatch:
        return ""

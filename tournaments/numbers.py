"""Scores and tie-break values as the reader writes them: 2,5 in French, 2.5 in English."""

from __future__ import annotations

from django.utils.translation import get_language


def with_decimal_separator(text: str, language: str | None = None) -> str:
    """``text``, a number Python wrote ("2.5"), with the decimal separator of ``language``
    (the active one by default)."""
    language = (language or get_language() or "fr")[:2]
    return text.replace(".", ",") if language == "fr" else text

"""Scores and tie-break values as the reader writes them: 2,5 in French, 2.5 in English."""

from __future__ import annotations

from django.utils import formats


def with_decimal_separator(text: str) -> str:
    """``text``, a number Python wrote ("2.5"), with the active language's decimal separator
    (Django's number_format, as the templates' numbers get it)."""
    return formats.number_format(text)

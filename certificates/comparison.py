"""Does a certificate's page say exactly what its signed statement says?

One comparison for every check (the /verify/ page, the API, ``verify_certificate`` online
and ``--offline``): the page's text must be, word for word, the text the certificate's
template prints from the statement, in French, English or both. Only the signatory's block
is not signed (the settings name the signatory, who changes over the years): it may hold
any short text without a digit and without any of the words a certificate certifies with.
So a genuine statement cannot be carried by a page that states another title, another
date or "Camille Martinez-Dupont" for "Camille Martinez".

Compared without whitespace and case: the PDF's text extraction breaks lines where the page
wraps, spaces out letter-spaced headings and returns the capitals of ``text-transform``.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field

from django.conf import settings
from django.utils.translation import gettext as _

from certificates import rendering, wording

LANGUAGES = ("fr", "en", "both")
MAX_SIGNATORY_CHARACTERS = 200


def normalise(text: str) -> str:
    return re.sub(r"\s+", "", text).casefold()


_MARK = normalise(rendering.SIGNATORY_MARK)
# What a signatory's name and function never contain, and a forged claim needs.
_CLAIM_WORDS = [
    normalise(name[language])
    for names in (wording.TITLES, wording.UNITS, wording.STAGES)
    for name in names.values()
    for language in ("fr", "en")
] + [
    normalise(wording.LABELS[key][language])
    for key in ("valid_until", "passed_on", "awarded_on", "stage_date", "session", "kind_title")
    for language in ("fr", "en")
]


@dataclass
class Comparison:
    matches: bool
    language: str | None = None  # the layout that matched
    differing: list[str] = field(default_factory=list)  # what the page does not state as signed


def _current_signatory(language: str) -> str:
    titles = {"fr": settings.CERTIFICATE_SIGNATORY_TITLE_FR, "en": settings.CERTIFICATE_SIGNATORY_TITLE_EN}
    chosen = ["fr", "en"] if language == "both" else [language]
    return normalise(settings.CERTIFICATE_SIGNATORY_NAME + "".join(titles[code] for code in chosen))


def _plausible_signatory(text: str, language: str) -> bool:
    if text == _current_signatory(language):  # whatever words the settings give the signatory
        return True
    if len(text) > MAX_SIGNATORY_CHARACTERS or any(character.isdigit() for character in text):
        return False
    return not any(word in text for word in _CLAIM_WORDS)


def _expected(statement: dict, language: str) -> tuple[str, str]:
    parts = normalise(rendering.printed_text(statement=statement, language=language)).split(_MARK)
    return parts[0], parts[-1]


def _fields(statement: dict) -> dict[str, list[list[str]]]:
    """Each certified field: its values, each with the ways the page may print it."""
    details = statement.get("details") or {}
    dates = [
        [wording.date_text(datetime.date.fromisoformat(value), language) for language in ("fr", "en")]
        for key, value in details.items()
        if key in {"session", "passed_on", "valid_until", "awarded_on", "date"} and value
    ]
    return {
        str(_("titulaire")): [[statement["holder"]]],
        str(_("ce qui est certifié")): [list(statement["awarded"].values())],
        str(_("dates")): dates,
        str(_("code de vérification")): [[statement["code"]]],
    }


def compare(statement: dict, text: str) -> Comparison:
    """Whether ``text`` (the PDF's extracted text) is the page of ``statement``."""
    page = normalise(text)
    try:
        layouts = [(language, *_expected(statement, language)) for language in LANGUAGES]
    except (KeyError, TypeError, ValueError, AttributeError):  # a statement of another shape
        return Comparison(False, differing=[str(_("ce qui est certifié"))])
    for language, before, after in layouts:
        if (
            len(page) >= len(before) + len(after)
            and page.startswith(before)
            and page.endswith(after)
            and _plausible_signatory(page[len(before) : len(page) - len(after)], language)
        ):
            return Comparison(True, language)
    differing = [
        name
        for name, values in _fields(statement).items()
        if not all(any(normalise(way) in page for way in ways) for ways in values)
    ]
    return Comparison(False, differing=differing)

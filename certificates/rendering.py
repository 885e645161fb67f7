"""Rendering a certificate: the HTML (Django template, QR code) in the calling process, the
PDF/A-3b (WeasyPrint) in a pool of processes for batches.

``write_pdf`` takes only plain data (HTML text, attachments) so that it runs in a worker
process that never touches the database.
"""

from __future__ import annotations

import datetime
import decimal
import multiprocessing
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from html.parser import HTMLParser

import segno
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse

from certificates import wording

Attachments = list[tuple[str, bytes, str]]  # (file name, bytes, description)


def verification_url(code: str) -> str:
    return settings.SITE_URL.rstrip("/") + reverse("certificates:verify_code", args=[code])


def qr_data_uri(url: str) -> str:
    # A fixed mask: choosing the best of eight (the default) takes six times as long, and
    # any mask is valid QR; the page renders it large and sharp, far above what readers need.
    return segno.make(url, error="m", micro=False, mask=2).svg_data_uri(scale=4, border=0, dark="#14213d")


@dataclass(frozen=True)
class Line:
    """A label and its value in the primary language, and in the second one when bilingual."""

    label: str
    value: str
    second_label: str = ""
    second_value: str = ""


def _pair(key: str, languages: list[str]) -> tuple[str, str]:
    first = wording.LABELS[key][languages[0]]
    second = wording.LABELS[key][languages[1]] if len(languages) > 1 else ""
    return first, second


def _facts(kind: str, details: dict, languages: list[str]) -> list[tuple[str, object]]:
    def day(iso: str | None) -> datetime.date | None:
        return datetime.date.fromisoformat(iso) if iso else None

    if kind == "unit_pass":
        return [
            ("session", day(details["session"])),
            ("passed_on", day(details["passed_on"])),
            ("valid_until", day(details["valid_until"])),
        ]
    if kind == "title":
        facts: list[tuple[str, object]] = [("awarded_on", day(details["awarded_on"]))]
        if details["title"] in wording.LEVELLED_TITLES:
            facts.append(("level", str(details["level"])))
        return facts
    return [
        ("stage_date", day(details["date"])),
        ("hours", decimal.Decimal(details["hours"])),
        ("place", details["place"]),
        ("trainer", details["trainer"]),
    ]


def _value(value: object, language: str) -> str:
    if isinstance(value, datetime.date):
        return wording.date_text(value, language)
    if isinstance(value, decimal.Decimal):
        return wording.hours_text(value, language)
    return str(value or "")


def _context(statement: dict, language: str) -> dict:
    languages = ["fr", "en"] if language == "both" else [language]
    kind, details = statement["kind"], statement["details"]
    lines = []
    for key, value in [
        *_facts(kind, details, languages),
        ("issued_on", datetime.date.fromisoformat(statement["issued_on"])),
    ]:
        if value in (None, ""):
            continue
        label, second_label = _pair(key, languages)
        first_value = _value(value, languages[0])
        second_value = _value(value, languages[1]) if len(languages) > 1 else ""
        lines.append(
            Line(label, first_value, second_label, "" if second_value == first_value else second_value)
        )
    return {
        "statement": statement,
        "languages": languages,
        "bilingual": len(languages) > 1,
        "lang": languages[0],
        "heading": _pair("heading", languages),
        "kind_label": _pair(f"kind_{kind}", languages),
        "certifies": _pair("certifies", languages),
        "verb": _pair(f"verb_{kind}", languages),
        "awarded": [statement["awarded"][language] for language in languages],
        "issuer": [wording.ISSUER[language] for language in languages],
        "lines": lines,
        "code_label": _pair("code", languages),
        "version_label": _pair("version", languages),
        "verify": _pair("verify", languages),
        "signed": _pair("signed", languages),
        "signatory_name": settings.CERTIFICATE_SIGNATORY_NAME,
        "signatory_titles": [
            {"fr": settings.CERTIFICATE_SIGNATORY_TITLE_FR, "en": settings.CERTIFICATE_SIGNATORY_TITLE_EN}[
                language
            ]
            for language in languages
        ],
    }


def html(*, statement: dict, language: str) -> str:
    """The certificate's HTML, from its statement alone (what is printed is what is signed)."""
    context = {**_context(statement, language), "qr": qr_data_uri(statement["verify_url"])}
    return render_to_string("certificates/pdf/certificate.html", context)


SIGNATORY_MARK = "[[signatory]]"


def printed_text(*, statement: dict, language: str) -> str:
    """The text the page of ``statement`` in ``language`` shows, in reading order, with the
    signatory's block (not part of the signed statement: the settings name them) replaced
    by ``SIGNATORY_MARK``."""
    context = {
        **_context(statement, language),
        "qr": "",
        "signatory_name": "",
        "signatory_titles": [SIGNATORY_MARK] * (2 if language == "both" else 1),
    }
    parser = _BodyText()
    parser.feed(render_to_string("certificates/pdf/certificate.html", context))
    return "\n".join(parser.chunks)


class _BodyText(HTMLParser):
    """The visible text of the page's body (no head, no style, no image)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self._in_body = False

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "body":
            self._in_body = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "body":
            self._in_body = False

    def handle_data(self, data: str) -> None:
        if self._in_body and data.strip():
            self.chunks.append(data.strip())


_local = threading.local()


def _font_config():
    """One font configuration per thread, kept across documents: building it (fontconfig,
    Pango's font map) is a fifth of the rendering time of a certificate. Per thread
    because Pango's font map is not meant to be shared between threads."""
    if getattr(_local, "font_config", None) is None:
        from weasyprint.text.fonts import FontConfiguration

        _local.font_config = FontConfiguration()
    return _local.font_config


def write_pdf(page: str, attachments: Attachments, base_url: str) -> bytes:
    """PDF/A-3b bytes with embedded (subset) fonts and the given files attached."""
    from weasyprint import HTML, Attachment  # late: Pango is slow to load and only needed here

    files = [
        Attachment(string=data, name=name, description=description, relationship="Source")
        for name, data, description in attachments
    ]
    return HTML(string=page, base_url=base_url).write_pdf(
        pdf_variant="pdf/a-3b", attachments=files, font_config=_font_config()
    )


def plain_pdf(page: str, base_url: str, *, reuse_fonts: bool = False) -> bytes:
    """WeasyPrint's own rendering of the same page: the benchmark's baseline (and, with
    ``reuse_fonts``, the same with the font configuration kept, as ``write_pdf`` does)."""
    from weasyprint import HTML

    return HTML(string=page, base_url=base_url).write_pdf(font_config=_font_config() if reuse_fonts else None)


def _write_job(job: tuple[str, Attachments, str]) -> bytes:
    return write_pdf(*job)


def _plain_job(job: tuple[str, Attachments, str]) -> bytes:
    return plain_pdf(job[0], job[2])


def _plain_reused_fonts_job(job: tuple[str, Attachments, str]) -> bytes:
    return plain_pdf(job[0], job[2], reuse_fonts=True)


def _warm() -> None:
    import weasyprint  # noqa: F401


def render_many(
    jobs: Iterable[tuple[str, Attachments]],
    *,
    processes: int | None = None,
    plain: bool = False,
    reuse_fonts: bool = False,
) -> Iterator[bytes]:
    """The PDFs of ``jobs`` in order, rendered by ``processes`` worker processes (forked:
    they inherit the loaded fonts and never use the parent's database connection)."""
    processes = processes or settings.CERTIFICATE_RENDER_PROCESSES
    base_url = str(settings.BASE_DIR)
    work = ((page, attachments, base_url) for page, attachments in jobs)
    function = (_plain_reused_fonts_job if reuse_fonts else _plain_job) if plain else _write_job
    if processes <= 1:
        yield from map(function, work)
        return
    _warm()
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=processes, mp_context=context) as pool:
        yield from pool.map(function, work, chunksize=4)

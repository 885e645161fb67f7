"""Bounds on an uploaded PDF, checked on its raw bytes before any PDF library parses it.

A certificate is one page (two at most) of a few dozen objects. A PDF library reads a page
tree object by object in Python: a 0.5 MB file declaring 55,000 pages (objects compressed
in an object stream) kept a worker busy for seconds before the check could even start.
Here the bytes are only scanned with regular expressions and the object streams inflated
by zlib, with a budget, so that refusing such a file costs milliseconds.
"""

from __future__ import annotations

import re
import zlib

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

MAX_PAGES = 4  # a certificate has one page; leave room for a two-page bilingual layout
MAX_REFERENCES = 5_000  # a certificate holds about a hundred; a page tree of 55,000 needs 55,000
MAX_INFLATED_BYTES = 16 * 1024 * 1024  # object streams inflated, all together
MAX_STREAMS = 1_000  # a certificate has about twenty (fonts, attachments, the QR code)
_LOOK_BACK = 4096  # how far before "stream" its dictionary may start

_STREAM = re.compile(rb"(?<![A-Za-z])stream\r?\n")  # not the end of "endstream"
_OBJ = re.compile(rb"\bobj\b")
_COUNT = re.compile(rb"/Count\s*(\d{1,12})")
_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
_REFERENCE = re.compile(rb"\d+\s+\d+\s+R\b")


class TooComplex(ValueError):
    """The file is beyond what a certificate can be; the message is for the person who sent it."""


def _object_streams(data: bytes) -> list[bytes]:
    """The inflated object streams (PDF 1.5), within the budget."""
    inflated: list[bytes] = []
    budget = MAX_INFLATED_BYTES
    view = memoryview(data)
    for number, match in enumerate(_STREAM.finditer(data)):
        if number >= MAX_STREAMS:
            raise TooComplex(_("Ce PDF est trop complexe pour être un certificat de la fédération."))
        head = data[max(0, match.start() - _LOOK_BACK) : match.start()]
        objects = list(_OBJ.finditer(head))
        dictionary = head[objects[-1].end() :] if objects else head
        if b"/ObjStm" not in dictionary:
            continue
        if b"/FlateDecode" not in dictionary or b"/DecodeParms" in dictionary:
            # Our certificates compress with Flate alone; anything else is not one of them.
            raise TooComplex(_("Ce PDF n'a pas la structure d'un certificat de la fédération."))
        decompressor = zlib.decompressobj()
        try:
            chunk = decompressor.decompress(view[match.end() :], budget + 1)
        except zlib.error as error:
            raise TooComplex(_("Ce PDF est endommagé : il ne peut pas être vérifié.")) from error
        budget -= len(chunk)
        if budget < 0:
            raise TooComplex(_("Ce PDF est trop complexe pour être un certificat de la fédération."))
        inflated.append(chunk)
    return inflated


def check(data: bytes) -> None:
    """Raise ``TooComplex`` unless ``data`` is small enough in pages and objects to be read."""
    parts = [data, *_object_streams(data)]
    declared = max((int(count) for part in parts for count in _COUNT.findall(part)), default=0)
    pages = max(declared, sum(len(_PAGE.findall(part)) for part in parts))
    if pages > MAX_PAGES:
        raise TooComplex(
            ngettext(
                "Ce PDF compte %(count)d page : un certificat n'en a qu'une ou deux.",
                "Ce PDF compte %(count)d pages : un certificat n'en a qu'une ou deux.",
                pages,
            )
            % {"count": pages}
        )
    if sum(len(_REFERENCE.findall(part)) for part in parts) > MAX_REFERENCES:
        raise TooComplex(_("Ce PDF est trop complexe pour être un certificat de la fédération."))

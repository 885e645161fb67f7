"""changes-baf144.json: the "Avant/Après" comparisons of BAF 144 (2014 → 2017 Laws).

Which lines of the BAF hold each old text and each editorial remark is data
(``sources/baf144.json``), as are our English renderings of the remarks. The new text is
always taken from the full 2017 text printed later in the same BAF (lines 625–1914),
because the "Après" extracts are sometimes abridged (C.8, D.2.6, 11.3.2).
"""

from __future__ import annotations

import json
import re

from rules.importer import DATA_DIR, read_seed
from rules.importer._numbered import join_lines
from rules.importer._ocr import clean_french

SOURCES = DATA_DIR / "sources" / "baf144.json"

# The printed number at the start of a BAF extract, in its OCR'd forms ("A2", "Cc.8", "I11.2").
_LEADING_NUMBER = re.compile(r"^\s*(?:[A-Za-z]{0,2}\.?)?[\dI.]*\d[\d.]*\s+")
_BULLET = re.compile(r"^[eo•]\s+")
_LIST_ITEM = re.compile(r"^[a-z]\.\s")


def _sources() -> dict:
    return json.loads(SOURCES.read_text(encoding="utf-8"))


def _lines(first: int, last: int) -> list[str]:
    return list(read_seed("000")[first - 1 : last])


def _text(first: int, last: int, *, strip_number: bool) -> str:
    lines = _lines(first, last)
    if strip_number:
        lines[0] = _LEADING_NUMBER.sub("", lines[0], count=1)
    paragraphs: list[str] = []
    for paragraph in (clean_french(p) for p in join_lines(lines)):
        if paragraphs and _LIST_ITEM.match(paragraph):
            paragraphs[-1] = f"{paragraphs[-1]}\n{paragraph}"
        else:
            paragraphs.append(paragraph)
    return "\n\n".join(paragraphs)


def old_texts() -> list[tuple[str, str]]:
    """(number, text) of every 2014 article the BAF quotes, in the BAF's order."""
    return [
        (item["number"], _text(*item["lines"], strip_number=True)) for item in _sources()["old_2014"]
    ]


def _note(ranges: list[list[int]]) -> str:
    parts = []
    for first, last in ranges:
        lines = _lines(first, last)
        lines[0] = _BULLET.sub("", lines[0].strip())
        parts.append(" ".join(clean_french(p) for p in join_lines(lines)))
    return " ".join(parts)


def changes() -> list[dict[str, object]]:
    from rules.importer.older import parse_2017

    old = dict(old_texts())
    new = {entry.number: "\n\n".join(entry.paragraphs) for entry in parse_2017()}
    result = []
    for order, item in enumerate(_sources()["changes"], start=1):
        articles = item["new_articles"]
        if len(articles) == 1:
            new_text = new[articles[0]]
        else:
            new_text = "\n\n".join(f"{number} {new[number]}" for number in articles)
        note_fr = _note(item["note_lines"])
        result.append(
            {
                "old_edition": "2014",
                "old_number": item["old_number"],
                "new_edition": "2017",
                "new_number": item["new_number"],
                "kind": item["kind"],
                "old_text": old.get(item["old_number"], ""),
                "new_text": new_text,
                "note_fr": note_fr,
                "note_en": item["note_en"] if note_fr else "",
                "order": order,
            }
        )
    return result


def build() -> dict[str, object]:
    from rules.importer import older
    from rules.importer._correspondence import correspondences

    built = {"laws-2017.json": older.build_2017(), "laws-2014.json": older.build_2014(),
             "laws-2009.json": older.build_2009(), "laws-2001.json": older.build_2001(),
             "laws-1928.json": older.build_1928()}
    return {"changes-baf144.json": changes(), "correspondence.json": correspondences(built)}

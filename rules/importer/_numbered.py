"""Shared pieces for the importers of the older editions: numbers, parents, entries."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

PREFACE = "0"
PARTS = {
    "basic-rules": ("Les règles fondamentales du jeu", "Basic Rules of Play"),
    "competition-rules": ("Les règles de compétition", "Competition Rules"),
}
ROOTS = ("A", "B", "C", "D", "I", "II", "III")

_TERMINAL = (".", ";", ":", "!", "?", "»", '"', ")")


@dataclass
class Entry:
    number: str
    printed: str
    kind: str
    heading_fr: str = ""
    heading_en: str = ""
    paragraphs: list[str] = field(default_factory=list)
    commentary: list[str] = field(default_factory=list)
    notes_fr: str = ""
    notes_en: str = ""
    text_en: str = ""
    commentary_en: str = ""


def sort_key(number: str) -> tuple:
    if number == PREFACE:
        return (0,)
    if number in PARTS:
        return (0,)
    head, *rest = number.split(".")
    if head in ROOTS:
        first = 100 + ROOTS.index(head)
    elif head.isdigit():
        first = int(head)
    else:  # the 1928 "annexe", after every article
        first = 999
    return (first, *(int(part) if part.isdigit() else ord(part) for part in rest))


def parent_of(number: str, known: set[str]) -> str:
    """The nearest enclosing number that exists in the edition ("" for top level)."""
    if number == PREFACE or number in PARTS or number in ROOTS or number.isdigit():
        return ""
    parts = number.split(".")
    while len(parts) > 1:
        parts = parts[:-1]
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
    return ""


def kind_of(number: str) -> str:
    if number == PREFACE:
        return "preface"
    if number in PARTS:
        return "part"
    if number in ROOTS or number.isdigit():
        return "article"
    return "paragraph"


def join_lines(lines: list[str], *, list_width: int = 75) -> list[str]:
    """Lines → paragraphs: blank lines separate paragraphs, except where a page or column
    break cut a sentence (no final punctuation, next part starts in lower case)."""
    paragraphs: list[str] = []
    current: list[str] = []
    pending_break = False
    for raw in lines:
        line = raw.strip()
        if not line:
            if current:
                pending_break = True
            continue
        if current and pending_break:
            previous = current[-1]
            if previous.endswith(_TERMINAL) or not (line[:1].islower() or line[:1].isdigit()):
                paragraphs.append(_join(current, list_width))
                current = []
        pending_break = False
        current.append(line)
    if current:
        paragraphs.append(_join(current, list_width))
    return paragraphs


def _join(lines: list[str], list_width: int) -> str:
    text = ""
    previous = ""
    for line in lines:
        if not text:
            text = line
        elif text.endswith("-") and line[:1].islower() and not text.endswith(" -"):
            text = text[:-1] + line
        elif _is_list_line(previous, line, list_width):
            text = f"{text}\n{line}"
        else:
            text = f"{text} {line}"
        previous = line
    return re.sub(r"[ \t]{2,}", " ", text).strip()


# "A - Anna", "E-Eva", "+ = échec", "0-0 =roque …" (not "celle-ci": a word with a hyphen).
_KEY_VALUE = re.compile(r"^\S{1,10}\s*=\s*\S|^\S{1,4}\s*-\s*\S")


def _is_list_line(previous: str, line: str, width: int) -> bool:
    """Lines of a printed list or table (short, unpunctuated, "X = meaning", or a ditto "»")
    stay lines; ``width`` is the length under which a line cannot be wrapped prose."""
    if _KEY_VALUE.match(line) or line.startswith("»"):
        return True
    if line.startswith(("I'", "I’")):  # OCR for "l'": a continuation, not a new line
        return False
    if len(previous) >= width:
        return False
    return _KEY_VALUE.match(previous) is not None or (
        not previous.endswith((".", ";", ":", ",", "!", "?")) and line[:1].isupper()
    )


def to_dict(entries: list[Entry]) -> list[dict[str, object]]:
    known = {entry.number for entry in entries}
    result = []
    for order, entry in enumerate(entries, start=1):
        result.append(
            {
                "number": entry.number,
                "printed": entry.printed,
                "parent": parent_of(entry.number, known),
                "kind": entry.kind,
                "heading_fr": entry.heading_fr,
                "heading_en": entry.heading_en,
                "text_fr": "\n\n".join(entry.paragraphs),
                "text_en": entry.text_en,
                "commentary_fr": "\n\n".join(entry.commentary),
                "commentary_en": entry.commentary_en,
                "notes_fr": entry.notes_fr,
                "notes_en": entry.notes_en,
                "diagrams": [],
                "order": order,
            }
        )
    return result

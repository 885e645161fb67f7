"""The editions other than 2018: laws-2017/2014/2009/2001/1928.json.

* 2017: the full French text printed in BAF 144 (seed 000, lines 625–1914). The BAF's own
  remarks, printed between the articles, become the article's commentary; which lines they
  are is data (``sources/laws-2017.json``), as are our English renderings of them.
* 2014: only the "Avant" texts of BAF 144's comparisons (see ``baf144.py``).
* 2009: Articles 4 to 6 from a web page (seed 003), lettered sub-articles ``4.3 a)``.
* 2001: unnumbered list items (seed 004); their numbers are assigned from
  ``sources/laws-2001.json``, which records how each one was matched.
* 1928: the Hague rules, Brussels 1930 edition (seed 002), OCR of print.
"""

from __future__ import annotations

import json
import re

from rules.importer import DATA_DIR, read_seed
from rules.importer._numbered import PARTS, PREFACE, Entry, join_lines, kind_of, sort_key, to_dict
from rules.importer._ocr import clean_french

SOURCES_DIR = DATA_DIR / "sources"

# ---------------------------------------------------------------------------------------
# 2017 (BAF 144)
# ---------------------------------------------------------------------------------------

LAWS_2017_LINES = (625, 1914)

_FURNITURE_2017 = re.compile(
    r"^(BAF 144 — .*|Page \d+|Regles du Jeu - le texte complet|ANNEXES AUX REGLES DU JEU)$"
)
_ARTICLE = re.compile(r"^Article\s+(\d+)\s*:\s*(.+)$")
_APPENDIX = re.compile(r"^Annexe\s+([A-D])\s*[:.]\s*(.+)$")
_GUIDELINES = re.compile(r"^DIRECTIVES\s+\S+\s*:\s*(.+)$")
_NUMBER = re.compile(r"^(?P<num>(?:[A-D]\.?)?\d+(?:[.,]\d+)*)\.?(?:\s+|$)(?![-=])(?P<rest>.*)$")
_GUIDELINE_NUMBER = re.compile(r"^(?P<num>[\[|IL1.][\[|IL1.\d]*)(?:\s+|$)(?P<rest>.*)$")
_ROMAN = ("I", "II", "III")


def _sources(name: str) -> dict:
    return json.loads((SOURCES_DIR / name).read_text(encoding="utf-8"))


def _line_set(ranges: list[list[int]]) -> set[int]:
    lines: set[int] = set()
    for first, last in ranges:
        lines.update(range(first, last + 1))
    return lines


def _normalise_2017(token: str, root: str) -> str | None:
    """A printed number → its normalised form inside the current article or appendix."""
    if root in _ROMAN:
        if not any(c.isdigit() for c in token):
            return None
        rest = token[len(root) :].strip(".")
        if not re.fullmatch(r"\d+(\.\d+)*", rest):
            return None
        return f"{root}.{rest}"
    token = token.replace(",", ".").rstrip(".")
    if token[:1].isalpha():
        letter, rest = token[0], token[1:].lstrip(".")
        return f"{letter}.{rest}"
    return token


class NumberingError(ValueError):
    pass


def parse_2017() -> list[Entry]:
    sources = _sources("laws-2017.json")
    skip = _line_set(sources["skip"])
    commentary_at: dict[int, dict] = {}
    for item in sources["commentary"]:
        commentary_at[item["lines"][0]] = item
    commentary_lines = _line_set([item["lines"] for item in sources["commentary"]])

    lines = read_seed("000")
    first, last = LAWS_2017_LINES
    entries: list[Entry] = []
    by_number: dict[str, Entry] = {}
    buffer: list[str] = []
    queue: list[str] = []  # numbers printed alone in a column, their texts follow later
    current: Entry | None = None
    root = ""
    guidelines_seen = 0

    owner: Entry | None = None  # the entry whose number starts the buffered text

    def flush() -> None:
        nonlocal buffer, owner
        if not buffer:
            return
        paragraphs = [clean_french(p) for p in join_lines(buffer)]
        buffer = []
        for position, paragraph in enumerate(paragraphs):
            if position == 0 and owner is not None:
                owner.paragraphs.append(paragraph)
            elif queue:
                number = queue.pop(0)
                by_number[number].paragraphs.append(paragraph)
            elif current is not None:
                current.paragraphs.append(paragraph)
            else:
                raise NumberingError(f"2017: text before any article: {paragraph[:60]!r}")
        owner = None

    def open_entry(number: str, printed: str, kind: str, heading: str = "") -> Entry:
        nonlocal current
        if number in by_number:
            raise NumberingError(f"2017: number {number} printed twice (line {index})")
        placed = [entry for entry in entries if entry.number not in queue]
        if placed and kind == "paragraph" and sort_key(number) <= sort_key(placed[-1].number):
            raise NumberingError(f"2017: {number} after {placed[-1].number} (line {index})")
        entry = Entry(number=number, printed=printed, kind=kind, heading_fr=heading)
        entries.append(entry)
        by_number[number] = entry
        current = entry
        return entry

    for index in range(first, last + 1):
        raw = lines[index - 1].strip()
        if index in skip:
            continue
        if index in commentary_lines:
            flush()
            item = commentary_at.get(index)
            if item:
                target = by_number[item["article"]]
                text = " ".join(lines[n - 1].strip() for n in range(item["lines"][0], item["lines"][1] + 1))
                if item["field"] == "notes":
                    target.notes_fr = clean_french(text)
                    target.notes_en = item["en"]
                else:
                    target.commentary.append(clean_french(text))
                    target.commentary_en = "\n\n".join(filter(None, [target.commentary_en, item["en"]]))
            continue
        if _FURNITURE_2017.match(raw):
            continue
        if raw in ("INTRODUCTION", "PREAMBULE", "LES REGLES FONDAMENTALES", "REGLES DU JEU DE COMPETITION"):
            flush()
            if raw == "INTRODUCTION":
                open_entry(PREFACE, "", "preface", "Introduction et préambule")
            elif raw == "PREAMBULE":
                buffer.append("Préambule")
                buffer.append("")
            else:
                part = "basic-rules" if raw == "LES REGLES FONDAMENTALES" else "competition-rules"
                open_entry(part, "", "part", PARTS[part][0])
            continue
        heading = _ARTICLE.match(raw) or _APPENDIX.match(raw)
        if heading:
            flush()
            root = heading.group(1)
            label = "Article" if root.isdigit() else "Annexe"
            open_entry(root, f"{label} {root}", "article", clean_french(heading.group(2)))
            continue
        heading = _GUIDELINES.match(raw)
        if heading:
            flush()
            root = _ROMAN[guidelines_seen]
            guidelines_seen += 1
            title = clean_french(heading.group(1)).capitalize()
            title = title.replace(" ko", " KO").replace("chess960", "Chess960").replace("Regles", "Règles")
            open_entry(root, f"Directives {root}", "article", title)
            continue
        match = (_GUIDELINE_NUMBER if root in _ROMAN else _NUMBER).match(raw)
        number = _normalise_2017(match.group("num"), root) if match else None
        if number and root and not number.startswith(root + "."):
            raise NumberingError(f"2017 line {index}: {raw[:40]!r} → {number} outside {root}")
        if number:
            flush()
            rest = match.group("rest").strip()
            entry = open_entry(number, match.group("num").rstrip("."), kind_of(number))
            if rest:
                owner = entry
                buffer.append(rest)
            else:
                queue.append(number)
                current = entry
            continue
        buffer.append(raw)
    flush()
    if queue:
        raise NumberingError(f"2017: numbers without text: {queue}")
    # Numbers printed in a column were opened before the sub-articles printed after them.
    return sorted(entries, key=_reading_key)


def _reading_key(entry: Entry) -> tuple:
    if entry.number == "basic-rules":
        return (1, -1)
    if entry.number == "competition-rules":
        return (6, -1)
    return sort_key(entry.number)


def build_2017() -> list[dict[str, object]]:
    return to_dict(parse_2017())


def build() -> dict[str, object]:
    return {
        "laws-2017.json": build_2017(),
    }

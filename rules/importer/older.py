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
    # A part heading comes just before its first article (Article 1, Article 6).
    if entry.number == "basic-rules":
        return (0.5,)
    if entry.number == "competition-rules":
        return (5.5,)
    return sort_key(entry.number)


def _english_headings(entries: list[Entry]) -> list[Entry]:
    """Our English names of the top-level articles (the 2017 and 2009 texts are French only)."""
    names = _sources("headings-en.json")
    for entry in entries:
        if entry.kind in ("article", "preface") and entry.number in names:
            entry.heading_en = names[entry.number]
        elif entry.kind == "part":
            entry.heading_en = PARTS[entry.number][1]
    return entries


def build_2017() -> list[dict[str, object]]:
    return to_dict(_english_headings(parse_2017()))


# ---------------------------------------------------------------------------------------
# 2014 (the "Avant" texts of BAF 144)
# ---------------------------------------------------------------------------------------


def build_2014() -> list[dict[str, object]]:
    from rules.importer.baf144 import old_texts

    entries = [
        Entry(number=number, printed=number, kind=kind_of(number), paragraphs=[text])
        for number, text in old_texts()
    ]
    for entry in entries:
        entry.notes_fr = "Texte cité comme « Avant » dans le BAF 144 (seul ce texte de 2014 est connu)."
        entry.notes_en = 'Text quoted as "before" in BAF 144 (the only part of the 2014 text we hold).'
    return to_dict(sorted(entries, key=lambda entry: sort_key(entry.number)))


# ---------------------------------------------------------------------------------------
# 2009 (seed 003, Articles 4 to 6)
# ---------------------------------------------------------------------------------------

_WEB_FURNITURE = re.compile(r"^(Echecs : règles de jeu de la FIDE.*|page 1 - 3 - 4 - 5)$")
_LETTERED = re.compile(r"^([a-z])\)\s*(.*)$")


def build_2009() -> list[dict[str, object]]:
    lines = read_seed("003")
    entries: list[Entry] = []
    current: Entry | None = None
    article = ""
    block: list[str] = []

    def flush() -> None:
        nonlocal block
        if block and current is not None:
            current.paragraphs.extend(join_lines(block))
        block = []

    for raw in lines:
        line = raw.strip()
        if not line or _WEB_FURNITURE.match(line):
            if not line:
                block.append("")
            continue
        heading = _ARTICLE.match(line)
        if heading:
            flush()
            article = heading.group(1)
            current = Entry(number=article, printed=f"Article {article}", kind="article",
                            heading_fr=heading.group(2).strip())
            entries.append(current)
            continue
        if line == "LES REGLES DE COMPETITION":
            flush()
            heading_fr, heading_en = PARTS["competition-rules"]
            current = Entry(number="competition-rules", printed="", kind="part",
                            heading_fr=heading_fr, heading_en=heading_en)
            entries.append(current)
            continue
        numbered = re.match(rf"^({article}\.\d+)(?:\s+(.*))?$", line) if article else None
        lettered = _LETTERED.match(line)
        if numbered:
            flush()
            current = Entry(number=numbered.group(1), printed=numbered.group(1), kind="paragraph")
            entries.append(current)
            parent_number = current.number
            if numbered.group(2):
                block.append(numbered.group(2))
            continue
        if lettered and current is not None:
            flush()
            number = f"{parent_number}.{lettered.group(1)}"
            current = Entry(number=number, printed=f"{parent_number} {lettered.group(1)})", kind="paragraph")
            entries.append(current)
            block.append(lettered.group(2))
            continue
        block.append(line)
    flush()
    return to_dict(_english_headings(entries))


# ---------------------------------------------------------------------------------------
# About 2001 (seed 004, no numbers)
# ---------------------------------------------------------------------------------------

_LETTER_ITEM = re.compile(r"^[a-z]\.\s+")


def build_2001() -> list[dict[str, object]]:
    sources = _sources("laws-2001.json")
    lines = read_seed("004")
    entries: dict[str, Entry] = {}
    for item in sources["items"]:
        text = _LETTER_ITEM.sub("", lines[item["line"] - 1].strip(), count=1)
        number = item["number"]
        if number in entries:
            entries[number].paragraphs.append(text)
            continue
        entry = Entry(number=number, printed="", kind=kind_of(number), paragraphs=[text])
        method_fr, method_en = sources["method_fr"], sources["method_en"]
        entry.notes_fr = f"{item['note_fr']} {method_fr}".strip() if item["note_fr"] else method_fr
        entry.notes_en = f"{item['note_en']} {method_en}".strip() if item["note_en"] else method_en
        entries[number] = entry
    return to_dict(sorted(entries.values(), key=lambda entry: sort_key(entry.number)))


# ---------------------------------------------------------------------------------------
# 1928 (seed 002, The Hague rules, Brussels 1930 edition)
# ---------------------------------------------------------------------------------------

# The title page is printed twice (lines 1–25 and 32–58); the first copy is the cleaner one.
TITLE_PAGE_1928 = (1, 25)
BODY_1928 = (65, 758)
CERTIFICATE_1928 = (760, 769)

_ART_1928 = re.compile(r"^Art\.\s*(\d+)\.\s*[—-]+\s*(.+?)\.?$")
_PARAGRAPH_1928 = re.compile(r"^(\d+)°?\)\s*(.*)$")
_LETTER_1928 = re.compile(r"^([a-f])\)\s*(.*)$")
_NOISE_1928 = re.compile(r"^[^A-Za-zÀ-ÿ]{0,6}$|^[A-Za-z]{1,2}[ ,.]*$")


_TRAILING_JUNK = re.compile(r"([.;,])\s*[|:;‘’'\"”-]+$")


def _clean_1928_block(lines: list[str]) -> list[str]:
    # "==" is how the OCR read the "=" of the definitions ("Pièce clouée == pièce dont …").
    lines = [_TRAILING_JUNK.sub(r"\1", line.strip()).replace(" == ", " = ") for line in lines]
    lines = [re.sub(r"(?<=\w)~(?=\w)", "-", line) for line in lines]
    # The 1928 print has narrow columns: only very short lines can be list items.
    return [clean_french(paragraph) for paragraph in join_lines(lines, list_width=40)]


def build_1928() -> list[dict[str, object]]:
    sources = _sources("laws-1928.json")
    skip = _line_set(sources["skip"])
    lines = read_seed("002")
    first, last = TITLE_PAGE_1928
    title_lines = [lines[n - 1].strip() for n in range(first, last + 1) if n not in skip]
    preface = Entry(number=PREFACE, printed="", kind="preface", heading_fr="Page de titre",
                    heading_en="Title page")
    preface.paragraphs = _clean_1928_block(title_lines)
    first, last = CERTIFICATE_1928
    certificate = _clean_1928_block([lines[n - 1] for n in range(first, last + 1)])
    preface.notes_fr = " ".join(certificate).replace("\n", " ")
    preface.notes_en = sources["certificate_en"]
    entries: list[Entry] = [preface]
    current: Entry = preface
    article = ""
    paragraph_number = ""
    block: list[str] = []

    def flush() -> None:
        nonlocal block
        if block:
            current.paragraphs.extend(_clean_1928_block(block))
        block = []

    def open_entry(number: str, printed: str, kind: str, heading: str = "") -> Entry:
        entry = Entry(number=number, printed=printed, kind=kind, heading_fr=heading)
        entries.append(entry)
        return entry

    first, last = BODY_1928
    for index in range(first, last + 1):
        line = lines[index - 1].strip()
        if index in skip:
            continue
        if not line:
            block.append("")
            continue
        if _NOISE_1928.match(line):
            continue
        heading = _ART_1928.match(line)
        if heading:
            flush()
            article, paragraph_number = heading.group(1), ""
            current = open_entry(article, f"Art. {article}.", "article", clean_french(heading.group(2)))
            continue
        if line == "ANNEXE.":
            flush()
            article, paragraph_number = "annexe", ""
            current = open_entry("annexe", "Annexe", "article", "De la conduite des joueurs")
            continue
        if line == "De la conduite des joueurs." and article == "annexe":
            continue
        numbered = _PARAGRAPH_1928.match(line)
        lettered = _LETTER_1928.match(line)
        if numbered and article:
            flush()
            paragraph_number = f"{article}.{numbered.group(1)}"
            printed = line[: line.index(")") + 1]
            current = open_entry(paragraph_number, printed, "paragraph")
            block.append(numbered.group(2))
            continue
        if lettered and article:
            flush()
            base = paragraph_number or article
            current = open_entry(f"{base}.{lettered.group(1)}", f"{lettered.group(1)})", "paragraph")
            block.append(lettered.group(2))
            continue
        block.append(line)
    flush()
    for entry in entries:
        note = sources["notes"].get(entry.number)
        if note:
            entry.notes_fr, entry.notes_en = note["fr"], note["en"]
        heading_en = sources["headings_en"].get(entry.number)
        if heading_en:
            entry.heading_en = heading_en
    return to_dict(entries)


def build() -> dict[str, object]:
    return {
        "laws-2017.json": build_2017(),
        "laws-2014.json": build_2014(),
        "laws-2009.json": build_2009(),
        "laws-2001.json": build_2001(),
        "laws-1928.json": build_1928(),
    }

"""The 2018 FIDE Laws of Chess from *Le Livre de l'Arbitre* (seed 001).

Two sources are merged by article number:

* chapters 2.1 and 2.2 (lines 1144-2333): the French text, authoritative for French, with
  the FIDE commentary (2020) printed in ``*italics*`` after each article;
* chapter 2.4 "Version Originale" (lines 2470-3720): the official English text, interleaved
  page by page with an older French copy (sometimes as two-column tables: English in the
  first column, French in the second). Only its English is used; paragraphs split across
  pages are joined back, and paragraphs are matched by number, never by position.

Generic clean-up (list markers, bold/heading markers, ``*italics*``, joined page breaks,
spaces) is code; every one-off fix of the seed is an entry in
``rules/data/corrections/laws2018*.json`` applied by ``read_seed``. A correction may insert
``"\\n"`` to split a line that holds two paragraphs.

The English renderings of the commentary are ours, kept in
``rules/data/sources/commentary-en-2018.json`` (keyed by article number).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field

from rules.importer import DATA_DIR, read_seed
from rules.importer.diagrams import keys_by_article

SEED = "001"
EDITION = "2018"
FRENCH_LINES = (1144, 2333)
ENGLISH_LINES = (2470, 3720)
COMMENTARY_EN_PATH = DATA_DIR / "sources" / "commentary-en-2018.json"

PREFACE = "0"
PARTS = {
    "basic-rules": ("Les règles fondamentales du jeu", "Basic Rules of Play"),
    "competition-rules": ("Les règles de compétition", "Competition Rules"),
}
ROOT_ORDER = ["A", "B", "C", "D", "I", "II", "III"]

# ---------------------------------------------------------------------------------------
# Line level clean-up


_FURNITURE_LINES = re.compile(
    r"^(?:Le Livre de L'Arbitre|Direction Nationale de l'Arbitrage|2 : Les règles du jeu d'échecs"
    r"|Chapitre 2\.\d|Les règles du jeu d'échecs|Annexes aux règles du jeu|2\.1 Les règles du jeu d'Échecs"
    r"|2\.2 Annexes aux règles du jeu|Glossaire|Version Originale|Appendices|Pièces Staunton"
    r"|Staunton Pieces|p Q K B N R|P D R F C T|▪|-|•)$",
    re.IGNORECASE,
)
_CASTLING_CAPTION = re.compile(
    r"^(?:(?:Avant|Après) le (?:petit|grand) roque (?:blanc|noir)"
    r"|(?:Before|After) (?:white|black) (?:king|queen)side castling)$"
)
_NUMBER = re.compile(
    r"^(?P<example>Exemple\s+)?"
    r"(?P<num>(?:III|II|I)\.\d+(?:\.\d+)*|[A-D]\.?\d+(?:\.\d+)*|\d+(?:\.\d+)+)"
    r"\.?(?=\s|$)"
)
_ARTICLE = re.compile(r"^\.?ARTICLE\s+(\d+)\s*:\s*(.+)$", re.IGNORECASE)
_APPENDIX = re.compile(r"^[.•]?(?:Annexe|Appendix)\s+([A-D])\s*[:.]\s*(.+)$", re.IGNORECASE)
_GUIDELINES = re.compile(r"^[.•]?(?:Directives?|Guidelines)\s+(III|II|I)\s*[:.]\s*(.+)$", re.IGNORECASE)
_TERMINAL = re.compile(r"[.:;!?»\"')]$")
_DANGLING = re.compile(
    r"\b(?:the|of|to|a|an|and|or|with|by|for|in|on|le|la|les|de|du|des|et|ou|à|au|aux|par|un|une)$"
)
_SYMBOL = re.compile(r"^\(?[A-Z]\)?$")
_SYMBOL_CAPTION = re.compile(r"(?:indicated|représentée?s?) (?:by|par) (?:the|le) (?:symbol|symbole)")
# Lines of a list printed without "- " markers: "A - Anna", "x = captures", "1. jouer un coup,".
_LIST_LINE = re.compile(r"^(?:[A-H1-8] [-–] \S+$|\S+(?: (?:or|ou) \S+)? = |\d\. [a-zàâçéèêëîïôûù])")
_ENUMERATOR = re.compile(r"^(?:\(?[a-z0-9]\)|\d+\.)\s")


def clean_inline(text: str) -> str:
    """Markup and spacing that the PDF extraction left inside a line."""
    text = re.sub(r"<sup>(.*?)</sup>", r"\1", text)
    text = re.sub(r"</?(?:b|u|i|strong|em|span)[^>]*>", "", text)
    text = re.sub(r"\[([^\]]*)\]\(#\)", r"\1", text)
    text = text.replace("\\(", "(").replace("\\)", ")")
    text = html.unescape(text)
    text = text.replace("**", "")
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = re.sub(r"[ \t\u00a0]+", " ", text)
    return text.strip()


@dataclass
class Block:
    """One line of the seed after clean-up."""

    line: int
    text: str
    italic: bool = False
    item: bool = False  # an unnumbered list item ("- …")
    heading: bool = False
    table: bool = False  # read from a cell of a two-column table


def _strip_italics(text: str) -> tuple[str, bool]:
    """Remove ``*…*`` markers; report whether the line was (mostly) italic."""
    stars = text.count("*")
    if stars >= 2:
        inner = text.replace("*", "")
        match = re.match(r"^(\(?[a-z0-9]\)|[a-z0-9]\.)?\s*\*", text)
        italic = bool(match) or text.startswith("*")
        return re.sub(r"\s+", " ", inner).strip(), italic
    if text.startswith("*") and text.endswith("*") and len(text) > 2:
        return text.strip("*").strip(), True
    return text, False


def make_block(line: int, raw: str) -> Block | None:
    text = raw.rstrip()
    if not text.strip():
        return None
    stripped = text.strip()
    heading = stripped.startswith("#")
    stripped = stripped.lstrip("#").strip()
    item = False
    if re.match(r"^[-•▪]\s+", stripped):
        item = True
        stripped = re.sub(r"^[-•▪]\s+", "", stripped)
    stripped = stripped.replace("***", "*")
    stripped = stripped.replace("**", "")
    stripped, italic = _strip_italics(stripped)
    stripped = clean_inline(stripped)
    if not stripped or _FURNITURE_LINES.match(stripped) or _CASTLING_CAPTION.match(stripped):
        return None
    if _SYMBOL_CAPTION.search(stripped) or _LIST_LINE.match(stripped):
        item = True
    return Block(line=line, text=stripped, italic=italic, item=item, heading=heading)


def _table_rows(raw: str) -> list[list[str]]:
    """Cells of a one-line markdown table row, each as a list of paragraph strings."""
    cells = raw.strip().strip("|").split("|")
    result = []
    for cell in cells:
        cell = cell.strip()
        if not cell or set(cell) <= {"-"}:
            result.append([])
            continue
        paragraphs = re.findall(r"<p[^>]*>(.*?)</p>", cell) or [cell]
        lines: list[str] = []
        for paragraph in paragraphs:
            lines.extend(part for part in re.split(r"<br\s*/?>", paragraph))
        result.append(lines)
    return result


def seed_blocks(first: int, last: int, *, column: int | None = None) -> list[Block]:
    """Blocks of lines first..last. Two-column ``<p>`` tables give their ``column`` cell only
    (0 = English, 1 = French); with ``column=None`` tables are read as plain text."""
    lines = read_seed(SEED)
    blocks: list[Block] = []
    grid_row = re.compile(r"^\|\s*[a-h][1-8]\s*\|")
    open_italic = False  # an italic paragraph spread over several lines
    for number in range(first, last + 1):
        for raw in lines[number - 1].split("\n"):
            stripped = raw.strip()
            if open_italic and stripped:
                block = make_block(number, raw.replace("*", ""))
                if block:
                    block.italic = True
                    blocks.append(block)
                open_italic = not stripped.endswith("*")
                continue
            if stripped.startswith("*") and not stripped.startswith("**") and not stripped.endswith("*"):
                open_italic = True
                block = make_block(number, raw.replace("*", ""))
                if block:
                    block.italic = True
                    blocks.append(block)
                continue
            if stripped.startswith("|"):
                if grid_row.match(stripped):
                    squares = [cell.strip() for cell in stripped.strip("|").split("|")]
                    blocks.append(Block(line=number, text=" ".join(squares), item=True))
                    continue
                if "<p" not in stripped:
                    # The pieces table of 2.2 in chapter 2.1: cells make one sentence.
                    cells = [clean_inline(cell) for cell in stripped.strip("|").split("|")]
                    text = " ".join(cell for cell in cells if cell and not set(cell) <= {"-"})
                    if text and not set(text) <= {"-", " "}:
                        blocks.append(Block(line=number, text=text, item=True))
                    continue
                cells = _table_rows(stripped)
                if column is not None and column < len(cells):
                    for part in cells[column]:
                        block = make_block(number, part)
                        if block:
                            block.table = True
                            blocks.append(block)
                continue
            block = make_block(number, raw)
            if block:
                blocks.append(block)
    return blocks


# ---------------------------------------------------------------------------------------
# Numbers


def normalise_number(printed: str) -> str:
    number = printed.strip().rstrip(".")
    match = re.match(r"^([A-D])\.?(\d.*)$", number)
    if match:
        number = f"{match.group(1)}.{match.group(2)}"
    return number


def sort_key(number: str) -> tuple:
    if number == PREFACE:
        return (-1,)
    parts = number.split(".")
    if parts[0] in ROOT_ORDER:
        return (100 + ROOT_ORDER.index(parts[0]), *(int(part) for part in parts[1:]))
    return (int(parts[0]), *(int(part) for part in parts[1:]))


def root_of(number: str) -> str:
    return number.split(".")[0]


# ---------------------------------------------------------------------------------------
# Paragraph assembly


@dataclass
class Entry:
    number: str
    printed: str
    kind: str
    heading: str = ""
    text: list[Block] = field(default_factory=list)
    commentary: list[Block] = field(default_factory=list)
    notes: list[Block] = field(default_factory=list)
    first_line: int = 0


def join_blocks(blocks: list[Block]) -> str:
    """Paragraphs separated by a blank line, list items by a newline; a sentence cut by a
    page break (no final punctuation, next part in lower case) is joined back."""
    paragraphs: list[list[str]] = []
    previous: Block | None = None
    for block in blocks:
        text = block.text
        if previous is not None and paragraphs:
            last = paragraphs[-1][-1]
            continues = not block.item and not _ENUMERATOR.match(text) and not _TERMINAL.search(last) and (
                re.match(r"^[a-zàâçéèêëîïôûù(]", text)
                or _DANGLING.search(last)
                or re.match(r"^(?:[A-D]\.)?\d+\.\d+(?:\.\d+)* (?:and|et|or|ou) ", text)
            )
            if re.search(r"[a-z]-$", last) and re.match(r"^[a-z]", text):
                # A word cut by a page break ("g-" / "side castling").
                paragraphs[-1][-1] = f"{last}{text}"
                previous = block
                continue
            if _SYMBOL.match(text):
                # A piece symbol printed under its caption (Article 2.2).
                paragraphs[-1][-1] = f"{last} {text}"
                continue
            if continues:
                paragraphs[-1][-1] = f"{last} {text}"
                previous = block
                continue
            if block.item and previous.item:
                paragraphs[-1].append(text)
                previous = block
                continue
        paragraphs.append([text])
        previous = block
    return "\n\n".join("\n".join(lines) for lines in paragraphs)


def _heading_entry(text: str) -> tuple[str, str, str] | None:
    """(number, kind, heading) when the block opens an article, appendix or guidelines."""
    for pattern in (_ARTICLE, _APPENDIX, _GUIDELINES):
        match = pattern.match(text)
        if match:
            return match.group(1).upper(), "article", match.group(2).strip().rstrip(".")
    upper = text.upper().strip(". ")
    if upper in ("LES REGLES FONDAMENTALES DU JEU", "LES RÈGLES FONDAMENTALES DU JEU", "BASIC RULES OF PLAY"):
        return "basic-rules", "part", ""
    if upper in ("LES RÈGLES DE COMPÉTITION", "LES REGLES DE COMPETITION", "COMPETITION RULES"):
        return "competition-rules", "part", ""
    if upper in ("INTRODUCTION", "PREAMBULE", "PRÉAMBULE", "PREFACE"):
        return PREFACE, "preface", ""
    return None


def parse_entries(blocks: list[Block], *, with_commentary: bool) -> list[Entry]:
    """Split a stream of blocks into numbered entries. Unnumbered blocks continue the
    current entry: rule text until the first italic block, commentary after it."""
    entries: list[Entry] = []
    by_number: dict[str, Entry] = {}
    current: Entry | None = None
    last_key: tuple = (-2,)
    in_commentary = False
    for block in blocks:
        opened = _heading_entry(block.text) if not block.italic else None
        if opened:
            number, kind, heading = opened
            if number in by_number:
                current = by_number[number]
            else:
                current = Entry(number=number, printed="" if kind == "part" else number, kind=kind,
                                heading=heading, first_line=block.line)
                entries.append(current)
                by_number[number] = current
            if kind == "article":
                last_key = sort_key(number)
            in_commentary = False
            continue
        match = _NUMBER.match(block.text) if not block.italic else None
        if match and current is not None:
            number = normalise_number(match.group("num"))
            if not match.group("example") or "." in number:
                try:
                    key = sort_key(number)
                except ValueError:
                    key = None
                if key is not None and key > last_key and root_of(number) == _root_article(current):
                    rest = block.text[match.end():].strip()
                    printed = (match.group("example") or "") + match.group("num")
                    current = Entry(number=number, printed=printed.strip(), kind="paragraph",
                                    first_line=block.line)
                    if rest:
                        current.text.append(Block(line=block.line, text=rest, item=False))
                    entries.append(current)
                    by_number[number] = current
                    last_key = key
                    in_commentary = False
                    continue
        if current is None:
            continue
        if block.heading and match:
            # A numbered heading out of sequence belongs to the other language's page.
            continue
        if with_commentary and (block.italic or in_commentary):
            in_commentary = True
            current.commentary.append(block)
        else:
            current.text.append(block)
    return entries


def _root_article(entry: Entry) -> str:
    return root_of(entry.number)


# ---------------------------------------------------------------------------------------
# Language of the interleaved chapter 2.4

def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


_FRENCH_WORDS = _word_set(
    "le la les des du de un une et est sont il elle au aux ou sur dans pour par que qui ne pas "
    "joueur pièce pièces partie coup coups pendule arbitre échiquier doit sera peut cette ce "
    "lorsque si avec son sa ses leur être à été irregularites"
)
_ENGLISH_WORDS = _word_set(
    "the an and is are he his of to in on by that which not or for with be shall must may "
    "player piece pieces game move moves clock arbiter chessboard has have if when this it "
    "from as at"
)


def language(text: str) -> str | None:
    words = re.findall(r"[a-zàâçéèêëîïôûùœ']+", text.lower())
    french = sum(word in _FRENCH_WORDS for word in words)
    english = sum(word in _ENGLISH_WORDS for word in words)
    if re.search(r"[àâçéèêëîïôûùœ]", text.lower()):
        french += 2
    if french == english == 0:
        return None
    return "en" if english > french else "fr"


def english_blocks() -> list[Block]:
    """The English blocks of chapter 2.4, in reading order. A block too short to tell
    (``12.2.1 ensure fair play,``) takes the language of the block before it; cells of the
    first column of the two-column tables are English."""
    first, last = ENGLISH_LINES
    result: list[Block] = []
    previous = "en"
    for block in seed_blocks(first, last, column=0):
        if block.table:
            lang = "en"
        elif re.match(r"^[.•]?(?:Annexe|Directives?)\b", block.text, re.IGNORECASE):
            lang = "fr"
        elif re.match(r"^[.•]?(?:Appendix|Guidelines)\b", block.text, re.IGNORECASE):
            lang = "en"
        else:
            lang = language(block.text) or previous
        previous = lang
        if lang == "en":
            result.append(block)
    return result


# ---------------------------------------------------------------------------------------
# Build


def _commentary_en() -> dict[str, str]:
    if not COMMENTARY_EN_PATH.exists():
        return {}
    return json.loads(COMMENTARY_EN_PATH.read_text(encoding="utf-8"))


def _parent(number: str, known: set[str]) -> str:
    if number == PREFACE or number in PARTS or number in ROOT_ORDER or number.isdigit():
        return ""
    parts = number.split(".")
    while len(parts) > 1:
        parts = parts[:-1]
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
    return ""


def french_entries() -> list[Entry]:
    first, last = FRENCH_LINES
    return parse_entries(seed_blocks(first, last), with_commentary=True)


def english_entries() -> list[Entry]:
    return parse_entries(english_blocks(), with_commentary=False)


def articles() -> list[dict[str, object]]:
    french = french_entries()
    english = {entry.number: entry for entry in english_entries()}
    commentary_en = _commentary_en()
    diagrams = keys_by_article()
    known = {entry.number for entry in french}
    result = []
    for order, entry in enumerate(french, start=1):
        counterpart = english.get(entry.number)
        notes_fr = ""
        text_fr = join_blocks(entry.text)
        commentary_fr = join_blocks(entry.commentary)
        if entry.number == PREFACE and entry.commentary:
            # The first italic paragraph is the book's note on where the commentary comes from.
            notes_fr = entry.commentary[0].text
            commentary_fr = join_blocks(entry.commentary[1:])
        commentary_fr, translator_note = _translator_note(commentary_fr)
        notes_fr = notes_fr or translator_note
        heading_fr = entry.heading
        heading_en = counterpart.heading if counterpart else ""
        if entry.kind == "part":
            heading_fr, heading_en = PARTS[entry.number]
        if entry.number == PREFACE:
            heading_fr, heading_en = "Introduction et préambule", "Introduction and Preface"
        translated = commentary_en.get(entry.number, {})
        result.append(
            {
                "number": entry.number,
                "printed": entry.printed,
                "parent": _parent(entry.number, known),
                "kind": entry.kind,
                "heading_fr": _tidy_heading(heading_fr),
                "heading_en": _tidy_heading(heading_en),
                "text_fr": text_fr,
                "text_en": join_blocks(counterpart.text) if counterpart else "",
                "commentary_fr": commentary_fr,
                "commentary_en": translated.get("commentary", "") if commentary_fr else "",
                "notes_fr": notes_fr,
                "notes_en": translated.get("notes", "") if notes_fr else "",
                "diagrams": diagrams.get(entry.number, []),
                "order": order,
            }
        )
    return result


_NDT = re.compile(r"\s*\(NdT\s*:\s*([^)]*)\)")


def _translator_note(commentary: str) -> tuple[str, str]:
    """Move an inline translator's note "(NdT : …)" out of the commentary, quoting the
    words it qualifies."""
    match = _NDT.search(commentary)
    if not match:
        return commentary, ""
    context = " ".join(commentary[: match.start()].split()[-4:])
    note = f"NdT (« …{context} ») : {match.group(1).strip()}."
    return commentary[: match.start()] + commentary[match.end():], note


def _tidy_heading(heading: str) -> str:
    heading = heading.strip().strip("*").strip()
    if heading.isupper():
        heading = heading[:1] + heading[1:].lower()
    return heading[:1].upper() + heading[1:]


def build() -> dict[str, object]:
    return {"laws-2018.json": articles()}

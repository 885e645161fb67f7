"""The glossary of the 2018 Laws of Chess, French and English (seed 001, chapter 2.4).

Chapter 2.4 holds both glossaries (lines 3721-4130), each in its own alphabetical order and
interleaved page by page; the French copy there is cleaner than the one of chapter 2.3.
Entries are ``**term:** reference. definition``; a page break can cut a definition, whose
end then follows the other language's page. Terms are paired by meaning in
``rules/data/sources/glossary-pairs.json`` (which also links each term to the 2018 articles
that define it, since the printed references often date from older editions). A term that
exists in only one glossary gets a definition we wrote ourselves in that file, marked so.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from rules.importer import DATA_DIR, read_seed
from rules.importer.laws2018 import _TERMINAL, _table_rows, clean_inline, language

SEED = "001"
EDITION = "2018"
GLOSSARY_LINES = (3723, 4130)
PAIRS_PATH = DATA_DIR / "sources" / "glossary-pairs.json"

_ENTRY = re.compile(
    r"^\s*(?:<b>)?\*{0,2}(?:<b>)?(?P<term>[^*:<]+?)\s*(?:</b>)?\s*"
    r"(?:\*\*\s*:|:\s*\*\*|:\s*</b>|</b>\s*:|\.\*\*)\s*(?P<rest>.*)$"
)
# A reference printed before the definition: "5.1.2.", "Préambule.", "Annexe B", "G.5.", …
_REFERENCE = re.compile(
    r"^(?:Préambule\.|Preface\.|Introduction\.|Annexe [A-D]\.?|Directives? I{1,3}(?:\.\d+)?\.?"
    r"|[A-G](?:\.?\d+)*\.|\d+(?:\.\d+)+\.?|[3-9]\.|1\d\.|\d\.(?= \d\.)|\.\d+\.)\s+"
)


@dataclass
class RawEntry:
    line: int
    term: str
    text: str
    language: str


def _fragments() -> list[tuple[int, str]]:
    """(line, text) of every non-empty piece of the glossary pages, table cells unpacked
    (column 1 English, column 2 French; each cell paragraph on its own)."""
    lines = read_seed(SEED)
    first, last = GLOSSARY_LINES
    pieces: list[tuple[int, str]] = []
    for number in range(first, last + 1):
        for raw in lines[number - 1].split("\n"):
            stripped = raw.strip()
            if not stripped or set(stripped) <= {"|", "-", " "} or stripped.startswith("#"):
                continue
            if stripped.startswith(("Le nombre après", "The number after")):
                continue
            if stripped.startswith("|"):
                for cell in _table_rows(stripped):
                    pieces.extend((number, part) for part in cell if part.strip())
                continue
            pieces.append((number, stripped))
    return pieces


def raw_entries() -> list[RawEntry]:
    entries: list[RawEntry] = []
    last_by_language: dict[str, RawEntry] = {}
    previous_language = "en"
    for line, piece in _fragments():
        match = _ENTRY.match(piece)
        if match and len(match.group("term")) < 45:
            term = clean_inline(match.group("term")).strip(" .")
            rest = clean_inline(match.group("rest"))
            lang = _entry_language(term, rest, piece)
            entry = RawEntry(line=line, term=term, text=rest, language=lang)
            entries.append(entry)
            last_by_language[lang] = entry
            previous_language = lang
            continue
        text = clean_inline(piece)
        lang = language(text) or previous_language
        previous_language = lang
        entry = last_by_language.get(lang)
        if entry is None:
            continue
        if re.match(r"^\d\.\s", text) or _TERMINAL.search(entry.text):
            entry.text = f"{entry.text}\n{text}"
        else:
            entry.text = f"{entry.text} {text}".strip()
    return entries


def _entry_language(term: str, rest: str, piece: str) -> str:
    # French typography puts a space before the colon; the English entries do not.
    if re.search(r"\s:\*\*|\*\*\s+:|</b>\s+:", piece):
        return "fr"
    return language(f"{term} {rest}") or language(rest) or "en"


def definition(text: str) -> str:
    """The definition without the printed reference that opens it."""
    text = re.sub(r"\s+\n", "\n", text.strip())
    text = _REFERENCE.sub("", text, count=1).strip()
    return text[:1].upper() + text[1:]


def _load_pairs() -> list[dict]:
    return json.loads(PAIRS_PATH.read_text(encoding="utf-8"))["pairs"]


def glossary() -> list[dict[str, object]]:
    french: dict[str, RawEntry] = {}
    english: dict[str, RawEntry] = {}
    for entry in raw_entries():
        target = french if entry.language == "fr" else english
        target.setdefault(entry.term, entry)
    result = []
    for pair in _load_pairs():
        term_fr, term_en = pair["term_fr"], pair["term_en"]
        definition_fr = pair.get("definition_fr") or definition(french[term_fr].text)
        definition_en = pair.get("definition_en") or definition(english[term_en].text)
        result.append(
            {
                "key": pair["key"],
                "term_fr": pair.get("display_fr", term_fr),
                "term_en": pair.get("display_en", term_en),
                "definition_fr": definition_fr,
                "definition_en": definition_en,
                "articles": pair["articles"],
                "edition": EDITION,
            }
        )
    return result


def build() -> dict[str, object]:
    return {"glossary.json": glossary()}

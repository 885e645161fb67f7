"""livre.json: the Livre de l'Arbitre (seed 001) other than the Laws, chapters 0.2 to 8.1.

The seed is Markdown-like text extracted from the PDF: ``#`` headings, ``|`` tables,
``- `` lists, ``**bold**``/``*italics*``, a little HTML. Each chapter (line ranges, titles,
English titles, page furniture to drop: ``sources/livre.json``) becomes sections (cut at
the chapter's top headings) made of blocks: heading, paragraph, list, table, bilingual.

* Exam units come from the reference table of chapter 0.2 (lines 91–137), matched by
  chapter number; the FIDE chapters the table numbers differently are mapped in the sources.
* Chapter 4.1 (FIDE Swiss rules C.04) interleaves French and English: both streams are
  followed separately and aligned by rule number into ``bilingual`` blocks.
* Personal data (e-mail addresses, telephone numbers) is removed, with the sentence that
  only introduced it ("Par mail : …").
"""

from __future__ import annotations

import json
import re
import unicodedata

from rules.importer import DATA_DIR, read_seed

SOURCES = DATA_DIR / "sources" / "livre.json"
SEED = "001"

EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
PHONE = re.compile(r"(?:\+33\s?|\b0)[1-9](?:[\s.-]?\d{2}){4}\b")

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_BOLD_LINE = re.compile(r"^\*\*([^*].*?)\*\*\s*$")
_LIST_ITEM = re.compile(r"^(\s*)[-*+]\s+(.*)$")
_ORDERED_ITEM = re.compile(r"^(\s*)(\d+)[.)]\s+(.*)$")
_TABLE_SEPARATOR = re.compile(r"^\|?[\s:|-]+\|?$")
_MAILTO = re.compile(r"\[[^\]]*\]\(mailto:[^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\(([^)]*)\)")
_AUTOLINK = re.compile(r"<(https?://[^>]+)>")
_TAG = re.compile(r"</?[a-zA-Z][^>]*>")
_LIST_ITEM_TAG = re.compile(r"<li[^>]*>", re.IGNORECASE)
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)


def _sources() -> dict:
    return json.loads(SOURCES.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------
# Inline cleanup
# ---------------------------------------------------------------------------------------


def strip_personal_data(text: str) -> str:
    text = _MAILTO.sub("", text)
    text = EMAIL.sub("", text)
    return PHONE.sub("", text)


_LATEX = (
    (re.compile(r"\\(?:begin|end)\{[^}]*\}"), ""),
    (re.compile(r"\s*\\\\\s*$"), ""),
    (re.compile(r"\s&\s"), " "),
    (re.compile(r"\\(?:left|right|displaystyle|quad|qquad)\b|\\[,;!]"), ""),
    (re.compile(r"\\times"), "×"),
    (re.compile(r"\\cdot"), "·"),
    (re.compile(r"\\(?:geq|ge)\b"), "≥"),
    (re.compile(r"\\(?:leq|le)\b"), "≤"),
    (re.compile(r"\\neq\b"), "≠"),
    (re.compile(r"\\pm\b"), "±"),
    (re.compile(r"\\approx\b"), "≈"),
    (re.compile(r"\\Sigma|\\sum"), "Σ"),
    (re.compile(r"\\frac\{([^{}]*)\}\{([^{}]*)\}"), r"(\1)/(\2)"),
    (re.compile(r"\\sqrt\{([^{}]*)\}"), r"√(\1)"),
    (re.compile(r"\\text\{([^{}]*)\}|\\mathrm\{([^{}]*)\}"), r"\1\2"),
    (re.compile(r"\^\{([^{}]*)\}"), r"^\1"),
    (re.compile(r"_\{([^{}]*)\}"), r"\1"),
    (re.compile(r"(?<=[A-Za-z])_(?=\w)"), ""),
)


def latex_to_text(text: str) -> str:
    """The PDF extraction left some formulas as LaTeX ($2k-1$, \\frac{…}{…}): plain text."""
    if "$" not in text and not re.search(r"\\[a-zA-Z]{2,}", text):
        return text
    for pattern, replacement in _LATEX:
        text = pattern.sub(replacement, text)
    return text.replace("$", "").replace("{", "").replace("}", "")


def _link_text(match: re.Match) -> str:
    label, target = match.group(1), match.group(2)
    if target in ("#", "") or label.replace("\\", "") == target:
        return label
    return f"{label} ({target})"


def inline(text: str) -> str:
    """Markdown/HTML inline markup → plain text (no personal data)."""
    text = strip_personal_data(text)
    text = latex_to_text(text)
    text = _AUTOLINK.sub(r"\1", text)
    text = _BREAK.sub(" ", text)
    text = _LIST_ITEM_TAG.sub(" • ", text)
    text = _TAG.sub("", text)
    text = re.sub(r"•(\s*•)+", "•", text)
    text = _LINK.sub(_link_text, text)
    text = text.replace("&nbsp;", " ").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    # Escaped characters ("\*\*" for a two-star hotel) are text, not markup.
    text = text.replace("\\*", "\x00").replace("\\_", "\x01")
    text = re.sub(r"\*\*|__", "", text)
    text = re.sub(r"(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])", "", text)
    text = text.replace("\\", "").replace("\x00", "*").replace("\x01", "_")
    return re.sub(r"\s+", " ", text).strip()


def _introduces_address(text: str) -> bool:
    return (
        len(text.split()) < 5
        or re.match(r"(?i)(adresse|mail|par mail|contacter)\b", text) is not None
        or re.search(r"\b(Monsieur|Madame)\b", text) is not None
    )


def _without_addresses(lines: list[str]) -> list[str]:
    """The lines of a paragraph, cleaned, without the e-mail addresses and phone numbers and
    without what only introduced them ("Par mail :", "Mail du directeur : Monsieur X")."""
    cleaned = [re.sub(r"\s*\(\s*\)", "", inline(line)) for line in lines]
    had = [bool(EMAIL.search(line) or PHONE.search(line)) for line in lines]
    drop = [False] * len(lines)
    for index, (text, address) in enumerate(zip(cleaned, had, strict=True)):
        if not address:
            continue
        if text.endswith(":") and not _introduces_address(text):
            # "… au secrétariat fédéral : <address>": the sentence stays, without its address.
            cleaned[index] = text.rstrip(" :") + "."
        elif _introduces_address(text):
            drop[index] = True
            previous = cleaned[index - 1] if index else ""
            if previous and not had[index - 1] and (
                previous.rstrip().endswith(":")
                or re.match(r"(?i)(adresse|mail|contacter)\b", previous)
                or re.search(r"\b(Monsieur|Madame)\b", previous)
            ):
                drop[index - 1] = True
    return [text for text, dropped in zip(cleaned, drop, strict=True) if text and not dropped]


def _is_introduction_only(text: str) -> bool:
    """What is left of a line whose only content was an address ("Par mail :")."""
    return bool(re.fullmatch(r"[\w\s'’]{0,30}:?\s*\(?\)?\.?", text)) and text.rstrip().endswith(":")


def slug(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = re.sub(r"[^a-zA-Z0-9]+", "-", text).strip("-").lower()
    return text[:60].strip("-") or "section"


# ---------------------------------------------------------------------------------------
# Blocks
# ---------------------------------------------------------------------------------------


def _cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [inline(cell) for cell in line.split("|")]


def table_block(lines: list[str], caption: str = "") -> dict:
    rows = [line for line in lines if line.strip()]
    header: list[str] = []
    body: list[list[str]] = []
    if len(rows) > 1 and _TABLE_SEPARATOR.match(rows[1].strip()):
        header = _cells(rows[0])
        rows = rows[2:]
    for line in rows:
        if _TABLE_SEPARATOR.match(line.strip()):
            continue
        body.append(_cells(line))
    width = max([len(header), *(len(row) for row in body)], default=0)
    header = header + [""] * (width - len(header)) if header else []
    body = [row + [""] * (width - len(row)) for row in body]
    # Columns empty from top to bottom are extraction artefacts (a trailing "|").
    keep = [i for i in range(width) if (header and header[i]) or any(row[i] for row in body)]
    return {
        "type": "table",
        "caption": caption,
        "header": [header[i] for i in keep] if header else [],
        "rows": [[row[i] for i in keep] for row in body if any(row[i] for i in keep)],
    }


def blocks_from_lines(lines: list[str]) -> list[dict]:
    """Markdown-like lines → blocks (tables stay tables, lists stay lists)."""
    blocks: list[dict] = []
    index = 0
    paragraph: list[str] = []

    def flush_paragraph() -> None:
        nonlocal paragraph
        if paragraph:
            # Lines ended by a hard break ("  ") stay lines of one paragraph.
            kept = _without_addresses(paragraph)
            text = "\n".join(kept)
            had_address = any(EMAIL.search(line) or PHONE.search(line) for line in paragraph)
            if text and not (had_address and _is_introduction_only(text)) and re.search(r"[\w]", text):
                blocks.append({"type": "paragraph", "text": text})
        paragraph = []

    while index < len(lines):
        raw = lines[index]
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped in ("---", "***"):
            flush_paragraph()
            index += 1
            continue
        if stripped.startswith("$$"):
            # A display formula (\begin{aligned} … \end{aligned}): one paragraph, one line per row.
            flush_paragraph()
            formula = [stripped]
            while not formula[-1].endswith("$$") or (len(formula) == 1 and formula[0] == "$$"):
                index += 1
                if index >= len(lines):
                    break
                formula.append(lines[index].strip())
            index += 1
            rows = [re.sub(r"\s+", " ", latex_to_text(row)).strip() for row in formula]
            text = "\n".join(row for row in rows if row)
            if text:
                blocks.append({"type": "paragraph", "text": text})
            continue
        if stripped.startswith("|"):
            flush_paragraph()
            table_lines = []
            while index < len(lines) and lines[index].strip().startswith("|"):
                table_lines.append(lines[index])
                index += 1
            block = table_block(table_lines)
            previous = blocks[-1] if blocks else None
            if (
                previous
                and previous["type"] == "table"
                and not any(block["header"])
                and block["rows"]
                and previous["rows"]
                and len(block["rows"][0]) == len(previous["rows"][0])
            ):
                # A table cut by a page break: the continuation has an empty header row.
                previous["rows"].extend(block["rows"])
            elif block["rows"] or any(block["header"]):
                if not any(block["header"]):
                    block["header"] = []
                blocks.append(block)
            continue
        heading = _HEADING.match(stripped)
        bold = _BOLD_LINE.match(stripped)
        if heading or (bold and len(stripped) < 120 and not paragraph):
            flush_paragraph()
            level = len(heading.group(1)) if heading else 4
            text = inline(heading.group(2) if heading else bold.group(1)).lstrip(". ").strip()
            if text:
                blocks.append({"type": "heading", "level": level, "text": text})
            index += 1
            continue
        item = _LIST_ITEM.match(line)
        ordered = _ORDERED_ITEM.match(line)
        if item or ordered:
            flush_paragraph()
            is_ordered = bool(ordered) and not item
            items: list[str] = []
            labels: list[str] = []
            while index < len(lines):
                current = lines[index].rstrip()
                match = _LIST_ITEM.match(current) if not is_ordered else _ORDERED_ITEM.match(current)
                if match:
                    text = inline(match.group(match.lastindex))
                    depth = len(match.group(1).expandtabs(4)) // 2
                    had_address = bool(EMAIL.search(current) or PHONE.search(current))
                    if text and not (had_address and _is_introduction_only(text)):
                        items.append(("  " * depth + text) if depth else text)
                        labels.append(match.group(2) if is_ordered else "")
                    index += 1
                elif (
                    items
                    and current.startswith("  ")
                    and current.strip()
                    and not _HEADING.match(current.strip())
                    and not current.strip().startswith("|")
                ):
                    items[-1] = f"{items[-1]} {inline(current)}"
                    index += 1
                else:
                    break
            if is_ordered and labels != [str(n) for n in range(1, len(labels) + 1)]:
                # Numbered from elsewhere than 1 (a list cut by a paragraph, "4. Récidive"): the
                # printed numbers are kept in the items rather than renumbered by the reader.
                items = [f"{label}. {text}" for label, text in zip(labels, items, strict=True)]
                is_ordered = False
            if items:
                blocks.append({"type": "list", "ordered": is_ordered, "items": items})
            continue
        paragraph.append(stripped)
        if not raw.endswith("  "):
            flush_paragraph()
        index += 1
    flush_paragraph()
    return blocks


# ---------------------------------------------------------------------------------------
# Chapters and sections
# ---------------------------------------------------------------------------------------


def _chapter_lines(chapter: dict) -> list[str]:
    first, last = chapter["lines"]
    lines = list(read_seed(SEED)[first - 1 : last])
    furniture = [re.compile(pattern) for pattern in _sources()["furniture"] + chapter.get("furniture", [])]
    skip = set()
    for first_skip, last_skip in chapter.get("skip", []):
        skip.update(range(first_skip, last_skip + 1))
    kept = []
    for number, line in enumerate(lines, start=first):
        if number in skip or any(pattern.search(line.strip()) for pattern in furniture):
            kept.append("")
        else:
            kept.append(line)
    return kept


def sections_from_blocks(chapter: dict, blocks: list[dict]) -> list[dict]:
    level = chapter.get("section_level", 2)
    sections: list[dict] = []
    anchors: set[str] = set()

    def new_section(heading: str) -> dict:
        article = re.match(r"^Article\s+(\d+)\b", heading)
        anchor = f"art-{article.group(1)}" if article else slug(heading) if heading else "introduction"
        base, counter = anchor, 2
        while anchor in anchors:
            anchor, counter = f"{base}-{counter}", counter + 1
        anchors.add(anchor)
        section = {
            "number": f"{chapter['number']}.{len(sections) + 1}",
            "anchor": anchor,
            "heading": heading,
            "blocks": [],
        }
        sections.append(section)
        return section

    current: dict | None = None
    for block in blocks:
        if block["type"] == "heading" and block["level"] <= level:
            current = new_section(block["text"])
            continue
        if current is None:
            current = new_section("")
        current["blocks"].append(block)
    return [section for section in sections if section["blocks"] or section["heading"]]


def exam_units() -> dict[str, list[str]]:
    """Chapter number → exam units, from the reference table of chapter 0.2."""
    units: dict[str, list[str]] = {}
    for line in read_seed(SEED)[90:137]:
        if not line.startswith("|"):
            continue
        cells = _cells(line)
        if len(cells) >= 3 and re.fullmatch(r"\d\.\d+", cells[0]):
            units[cells[0]] = [unit.strip() for unit in cells[2].split("/") if unit.strip()]
    return units


def _roles_only(block: dict) -> dict:
    """A table of officials (name | function) → the list of functions: names of officials
    are personal data and are not imported."""
    if block["type"] != "table":
        return block
    return {"type": "list", "ordered": False, "items": [row[-1] for row in block["rows"] if row[-1]]}


def build_chapter(chapter: dict, units_table: dict[str, list[str]]) -> dict:
    lines = _chapter_lines(chapter)
    if chapter.get("bilingual"):
        from rules.importer._swiss import bilingual_sections

        sections = bilingual_sections(chapter, lines)
    else:
        sections = sections_from_blocks(chapter, blocks_from_lines(lines))
    if chapter.get("names_to_roles"):
        sections = [
            {**section, "blocks": [_roles_only(block) for block in section["blocks"]]} for section in sections
        ]
    units = chapter["units"] if "units" in chapter else units_table.get(chapter["number"], [])
    return {
        "number": chapter["number"],
        "title_fr": chapter["title_fr"],
        "title_en": chapter["title_en"],
        "units": units,
        "language": "fr+en" if chapter.get("bilingual") else "fr",
        "sections": sections,
    }


def chapters() -> list[dict]:
    units_table = exam_units()
    return [build_chapter(chapter, units_table) for chapter in _sources()["chapters"]]


def build() -> dict[str, object]:
    return {"livre.json": chapters()}

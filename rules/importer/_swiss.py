"""Chapter 4.1 of the Livre: the FIDE Swiss rules (C.04), French and English interleaved.

The book prints a French stretch, then the English of the same stretch, but the stretches
are of any size (a whole subsection, one rule, half a sentence cut by a page break), so the
text is aligned by rule number, never by position: the French and the English are read as
two separate streams, every paragraph is filed under the number of the rule it belongs to
("C.04.2.B.3", "C.04.3.A.6.c"), and each number becomes one ``bilingual`` block.
"""

from __future__ import annotations

import re

from rules.importer.livre import blocks_from_lines, inline

_FRENCH = {
    "le", "la", "les", "des", "du", "de", "un", "une", "est", "sont", "et", "à", "au", "aux",
    "pour", "par", "qui", "que", "ne", "pas", "il", "ils", "doit", "doivent", "joueur", "joueurs",
    "sera", "seront", "peut", "dans", "avec", "sur", "son", "sa", "ses", "leur", "être", "ronde",
    "couleur", "niveau", "appariement", "appariements", "parties", "partie", "voir", "si", "ou",
    "cette", "ce",
}
_ENGLISH = {
    "the", "of", "and", "is", "are", "to", "a", "an", "in", "for", "by", "who", "that", "not",
    "he", "shall", "be", "player", "players", "with", "on", "his", "their", "round", "colour",
    "bracket", "pairing", "pairings", "games", "game", "see", "if", "or", "this", "it", "which",
    "from", "way",
}
_CODE = re.compile(r"C\.04\.(\d)")
_SECTION = re.compile(r"^[.*\s]*([A-E])(?:\.?\s?(\d{1,2}))?\.?(?=[\s:*-]|$)")
_LABEL = re.compile(
    r"^(?:[-*]\s*)?\.?\**(?:(?P<section>[A-E])\.?(?P<number>\d{1,2})\s*[.)]?|(?P<letter>[a-i])(?P<sub>\d)?\s*[.)]"
    r"|(?P<digit>\d{1,2})\s*[.)]?)\**\s+(?=\S)"
)
_TITLE_NUMBER = re.compile(r"^[.]?(?:C\.04\.\d\.?|[A-E](?:\.?\d{1,2})?(?:\.|\s|$))\s*")
_WORD = re.compile(r"[a-zàâçéèêëîïôûùüœ']+")


def language_of(text: str, *, previous: str = "fr") -> str:
    """French or English by telling words; a tie keeps the language of the previous line."""
    words = _WORD.findall(text.lower())
    french = sum(word in _FRENCH or "é" in word or "è" in word or word.endswith("ement") for word in words)
    english = sum(word in _ENGLISH for word in words)
    if french == english:
        return previous
    return "fr" if french > english else "en"


class _Stream:
    """The position reached in one language."""

    def __init__(self) -> None:
        self.top = ""
        self.section = ""
        self.rule = ""
        self.key = ""
        self.untitled: dict[str, int] = {}


def _heading_key(stream: _Stream, text: str) -> tuple[str, bool]:
    code = _CODE.search(text)
    if code:
        stream.top, stream.section, stream.rule = f"C.04.{code.group(1)}", "", ""
        return stream.top, True
    match = _SECTION.match(text)
    if match and stream.top:
        letter, number = match.group(1), match.group(2)
        if number:
            stream.section, stream.rule = f"{letter}.{number}", ""
        else:
            stream.section, stream.rule = letter, ""
        return f"{stream.top}.{stream.section}", True
    # A heading without a code ("Critères absolus" / "Absolute Criteria"): the n-th of its
    # language under the same parent.
    parent = f"{stream.top}.{stream.section.split('.')[0]}" if stream.section else stream.top
    count = stream.untitled.get(parent, 0) + 1
    stream.untitled[parent] = count
    return f"{parent}.h{count}", False


def _paragraph_key(stream: _Stream, text: str) -> tuple[str, str]:
    """(rule key, text without its label)."""
    base = f"{stream.top}.{stream.section}" if stream.section else stream.top
    bare = re.fullmatch(r"[a-i]\.", text)
    if bare and stream.top:
        # A label printed alone ("h.") heads the sub-items that follow (h1, h2).
        stream.key = f"{base}.{text[0]}"
        return stream.key, ""
    match = _LABEL.match(text)
    if match and stream.top:
        if match.group("section"):
            stream.section = match.group("section")
            stream.rule = match.group("number")
            key = f"{stream.top}.{stream.section}.{stream.rule}"
        elif match.group("letter"):
            letter = match.group("letter") + (match.group("sub") or "")
            parent = f"{base}.{stream.rule}" if stream.rule and stream.rule.isdigit() else base
            key = f"{parent}.{letter}"
        else:
            stream.rule = match.group("digit")
            key = f"{base}.{stream.rule}"
        stream.key = key
        return key, text[match.end() :]
    return stream.key or base or "intro", text


def _heading_language(streams: dict[str, _Stream], headings: dict, text: str, detected: str) -> str:
    """Short headings ("Initial Order") carry too few words to tell the language: the
    English heading is the one whose French counterpart has already been read."""
    words = _WORD.findall(text.lower())
    french = sum(word in _FRENCH or "é" in word or "è" in word for word in words)
    english = sum(word in _ENGLISH for word in words)
    if abs(french - english) >= 2:
        return detected
    probe = _Stream()
    probe.__dict__.update({**streams["fr"].__dict__, "untitled": dict(streams["fr"].untitled)})
    key, coded = _heading_key(probe, text)
    if coded:
        return "en" if headings.get(key, {}).get("fr") else "fr"
    parent = key.rsplit(".", 1)[0]
    english = streams["en"]
    english_parent = f"{english.top}.{english.section.split('.')[0]}" if english.section else english.top
    if english_parent != parent:
        return "fr"
    french_count = streams["fr"].untitled.get(parent, 0)
    english_count = english.untitled.get(parent, 0)
    return "en" if french_count > english_count else detected


def _paragraph_language(streams: dict[str, _Stream], texts: dict, text: str, detected: str) -> str:
    """A labelled item with few telling words ("b. FIDE-title (GM-IM-…)") belongs to the
    language that still lacks that item."""
    words = _WORD.findall(text.lower())
    french = sum(word in _FRENCH or "é" in word or "è" in word for word in words)
    english = sum(word in _ENGLISH for word in words)
    if abs(french - english) >= 2 or not _LABEL.match(text):
        return detected
    other = "en" if detected == "fr" else "fr"
    probe = _Stream()
    probe.__dict__.update({**streams[detected].__dict__, "untitled": dict(streams[detected].untitled)})
    key, _ = _paragraph_key(probe, text)
    if key in texts and texts[key][detected] and not texts[key][other]:
        return other
    return detected


def bilingual_sections(chapter: dict, lines: list[str]) -> list[dict]:
    streams = {"fr": _Stream(), "en": _Stream()}
    order: list[str] = []
    texts: dict[str, dict[str, list[str]]] = {}
    headings: dict[str, dict[str, str]] = {}
    heading_keys: set[str] = set()
    intro: list[str] = []
    split_headings = chapter.get("split_headings", {})
    last_language = "fr"

    def add(key: str, language: str, text: str) -> None:
        if key not in texts:
            texts[key] = {"fr": [], "en": []}
            order.append(key)
        parts = texts[key][language]
        if parts and text[:1].islower() and not parts[-1].endswith((".", ":", ";", "!", "?")):
            parts[-1] = f"{parts[-1]} {text}"
        else:
            parts.append(text)

    first_rule = next(
        (i for i, line in enumerate(lines) if line.lstrip().startswith("#") and _CODE.search(line)),
        len(lines),
    )
    intro.extend(lines[:first_rule])
    for raw in lines[first_rule:]:
        stripped = raw.strip()
        if not stripped or stripped.startswith("|") or stripped in ("---", "I"):
            continue
        heading = re.match(r"^#{1,6}\s+(.*)$", stripped)
        bold_heading = re.match(r"^\*\*([^*]{1,80})\*\*$", stripped)
        text = inline(heading.group(1) if heading else bold_heading.group(1) if bold_heading else stripped)
        text = text.lstrip("- ").strip()
        if not text:
            continue
        language = language_of(text, previous=last_language)
        if text in split_headings:
            # A heading printed once for both languages.
            key, _ = _heading_key(streams["fr"], text)
            english = streams["en"]
            english.top, english.section, english.rule = streams["fr"].top, streams["fr"].section, ""
            english.untitled = dict(streams["fr"].untitled)
            streams["fr"].key = english.key = key
            french_title, english_title = split_headings[text]
            headings[key] = {"fr": french_title, "en": english_title}
            heading_keys.add(key)
            if key not in texts:
                texts[key] = {"fr": [], "en": []}
                order.append(key)
            continue
        if heading or (bold_heading and not _LABEL.match(text)):
            language = _heading_language(streams, headings, text, language)
        else:
            language = _paragraph_language(streams, texts, text, language)
        stream = streams[language]
        if heading or (bold_heading and not _LABEL.match(text)):
            if _CODE.search(text) and language_of(text) == "fr" and " " in text:
                # "C.04.3 Le Système néerlandais C.04.3. Dutch System": both titles on one line.
                both = _CODE.split(text)
                if len(both) >= 5:
                    french_title, english_title = both[2].strip(" .-"), both[4].strip(" .-")
                    key, _ = _heading_key(streams["fr"], text)
                    _heading_key(streams["en"], text)
                    streams["fr"].key = streams["en"].key = key
                    headings[key] = {"fr": french_title, "en": english_title}
                    heading_keys.add(key)
                    if key not in texts:
                        texts[key] = {"fr": [], "en": []}
                        order.append(key)
                    continue
            key, _coded = _heading_key(stream, text)
            title = _TITLE_NUMBER.sub("", text).strip(" .:-")
            headings.setdefault(key, {"fr": "", "en": ""})[language] = title or text
            heading_keys.add(key)
            if key not in texts:
                texts[key] = {"fr": [], "en": []}
                order.append(key)
            stream.key = key
            continue
        key, body = _paragraph_key(stream, text)
        if body.strip():
            add(key, language, body.strip())
        last_language = language

    sections: list[dict] = []
    intro_blocks = blocks_from_lines(intro)
    if intro_blocks:
        sections.append({
            "number": f"{chapter['number']}.1",
            "anchor": "note-preliminaire",
            "heading": "Note préliminaire",
            "blocks": intro_blocks,
        })
    current: dict | None = None
    for key in order:
        top = ".".join(key.split(".")[:3])
        if current is None or current["_top"] != top:
            title = headings.get(top, {"fr": "", "en": ""})
            both = " / ".join(part for part in (title["fr"], title["en"]) if part)
            heading = f"{top} {both}".strip()
            current = {
                "number": f"{chapter['number']}.{len(sections) + 1}",
                "anchor": top.lower().replace(".", "-"),
                "heading": heading,
                "blocks": [],
                "_top": top,
            }
            sections.append(current)
        if key in heading_keys and key != top:
            title = headings[key]
            text = " / ".join(part for part in (title["fr"], title["en"]) if part)
            current["blocks"].append({"type": "heading", "level": 3, "text": text})
        fr, en = "\n\n".join(texts[key]["fr"]), "\n\n".join(texts[key]["en"])
        if fr or en:
            current["blocks"].append({"type": "bilingual", "fr": fr, "en": en, "number": key})
    for section in sections:
        section.pop("_top", None)
    return sections

"""Reading the HTML of imported questions back into plain text, in time linear in its size.

Moodle and GIFT files carry HTML written by anyone's editor, or by no editor at all. Python's
``html.parser`` rescans the rest of the input for some malformed tags (``<a<a<a…``), and a
stack searched from the top for every piece of text turns thousands of unclosed ``<li>`` into
minutes of work. This reader finds each tag with a pattern that stops at the next ``<``,
keeps on its stack what each element inherits (language, skipped or not) and counts the open
elements per name, so that every character is looked at a bounded number of times.
"""

from __future__ import annotations

import functools
import html
import re
from collections import Counter

# Marks the parts of an exported question text that are not part of the stem (diagram, moves),
# so that importing our own export gives the stem back.
SCENARIO_CLASS = "arbitre-scenario"
RUBRIC_OPEN = '<ul class="arbitre-rubric">'
MODEL_ANSWER_OPEN = '<div class="arbitre-model-answer">'

BLOCKS = frozenset(
    {"p", "div", "li", "ul", "ol", "table", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "figure"}
)
# Inline formatting that plain text loses (reported, never silently): tag → kind.
FORMATTING_TAGS = {
    "em": "emphasis",
    "i": "emphasis",
    "strong": "emphasis",
    "b": "emphasis",
    "u": "emphasis",
    "sup": "emphasis",
    "sub": "emphasis",
    "table": "table",
    "pre": "preformatted",
    "code": "emphasis",
    "audio": "media",
    "video": "media",
    "iframe": "media",
    "object": "media",
    "embed": "media",
    "math": "media",
}
_TAG_RE = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9:-]*)([^<>]*)>")
_ATTRIBUTE_RE = re.compile(r"""([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
_TOKEN_SPLIT_RE = re.compile(r"(<[^<>]*>)")
_SPACES_RE = re.compile(r"[ \t\r\n]+")
_RUBRIC_ITEM_RE = re.compile(r'<li data-points="([^"<>]*)">')


def _attributes(text: str) -> dict[str, str]:
    attributes: dict[str, str] = {}
    for match in _ATTRIBUTE_RE.finditer(text):
        name, double, single, bare = match.groups()
        attributes.setdefault(name.lower(), html.unescape(double or single or bare or ""))
    return attributes


class _TextCollector:
    """Text per language (Moodle multilang spans), skipping scenario blocks, scripts and styles."""

    def __init__(self) -> None:
        self.parts: dict[str, list[str]] = {"": [], "fr": [], "en": []}
        # What plain text cannot show, by kind (``FORMATTING``), for the import's report.
        self.lost: set[str] = set()
        self.preformatted = 0  # depth of <pre>: its spaces and line breaks are kept
        self.links: list[str] = []  # href of each open <a>
        # (tag, language in force, skipped) — inherited values, so reading them is O(1).
        self.stack: list[tuple[str, str, bool]] = []
        self.open_tags: Counter[str] = Counter()

    def write(self, text: str) -> None:
        if self.stack and self.stack[-1][2]:
            return
        language = self.stack[-1][1] if self.stack else ""
        if language:
            self.parts.setdefault(language, []).append(text)
        else:
            for pieces in self.parts.values():
                pieces.append(text)

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        if tag == "br":
            self.write("\n")
            return
        if tag in ("img", "hr", "input"):
            if tag == "img" and not (self.stack and self.stack[-1][2]):
                self.lost.add("image")
            return
        if tag in FORMATTING_TAGS:
            self.lost.add(FORMATTING_TAGS[tag])
        if tag == "pre":
            self.preformatted += 1
        if tag == "a":
            self.links.append(attributes.get("href", ""))
        classes = attributes.get("class", "").split()
        own_language = attributes.get("lang") if "multilang" in classes or tag == "lang" else None
        inherited_language = self.stack[-1][1] if self.stack else ""
        inherited_skip = bool(self.stack) and self.stack[-1][2]
        skip = inherited_skip or SCENARIO_CLASS in classes or tag in ("script", "style")
        if tag in BLOCKS:
            self.write("\n\n")
        self.stack.append((tag, own_language or inherited_language, skip))
        self.open_tags[tag] += 1

    def end(self, tag: str) -> None:
        if tag == "pre" and self.preformatted:
            self.preformatted -= 1
        if tag == "a" and self.links and self.open_tags[tag]:
            # A link keeps its address in the text: "the FIDE Handbook (https://…)".
            href = self.links.pop()
            if href.startswith(("http://", "https://", "mailto:")):
                self.write(f" ({href.removeprefix('mailto:')})")
            elif href:
                self.lost.add("link")
            # Each element is popped once at most: closing is linear over the whole text.
            while self.stack:
                popped = self.stack.pop()[0]
                self.open_tags[popped] -= 1
                if popped == tag:
                    break
        if tag in BLOCKS:
            self.write("\n\n")

    def data(self, text: str) -> None:
        if "&" in text:
            text = html.unescape(text)
        if self.preformatted:
            self.write(text.replace("\r\n", "\n"))
            return
        self.write(_SPACES_RE.sub(" ", text))


def _without_comments(fragment: str) -> str:
    """``fragment`` without its ``<!-- -->`` comments; an unclosed one hides the rest, as in a
    browser. Every search starts where the previous one ended."""
    if "<!--" not in fragment:
        return fragment
    kept, position = [], 0
    while True:
        start = fragment.find("<!--", position)
        if start < 0:
            kept.append(fragment[position:])
            break
        kept.append(fragment[position:start])
        end = fragment.find("-->", start + 4)
        if end < 0:
            break
        position = end + 3
    return "".join(kept)


@functools.lru_cache(maxsize=4096)
def _tag(token: str) -> tuple[bool, str, dict[str, str], bool] | None:
    """(closing, name, attributes, self-closing) of ``<…>``, or None for declarations and text."""
    match = _TAG_RE.fullmatch(token)
    if match is None:
        return None
    attribute_text = match.group(3)
    attributes = _attributes(attribute_text) if attribute_text.strip(" /") else {}
    return bool(match.group(1)), match.group(2).lower(), attributes, attribute_text.rstrip().endswith("/")


def _collect(fragment: str) -> _TextCollector:
    collector = _TextCollector()
    # One pass in C splits text from tags (a tag never spans a "<"); Python then looks at each
    # token once. Repeated tags (thousands of "<li>") are parsed once thanks to the cache.
    tokens = _TOKEN_SPLIT_RE.split(_without_comments(fragment))
    raw_until = ""  # inside <script> or <style>: skip up to its end tag
    for index, token in enumerate(tokens):
        if not token:
            continue
        if index % 2 == 0:
            if not raw_until:
                collector.data(token)
            continue
        tag = _tag(token)
        if raw_until:
            if tag is not None and tag[0] and tag[1] == raw_until:
                raw_until = ""
                collector.end(tag[1])
            continue
        if tag is None:
            if not token.startswith(("<!", "<?")):
                collector.data(token)
            continue
        closing, name, attributes, self_closing = tag
        if closing:
            collector.end(name)
            continue
        collector.start(name, attributes)
        if self_closing:
            collector.end(name)
        elif name in ("script", "style"):
            raw_until = name
    return collector


def _tidy(text: str) -> str:
    lines = [line.strip() for line in text.replace("\xa0", " ").split("\n")]
    text = "\n".join(lines)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


def html_to_texts(fragment: str) -> tuple[str, str]:
    """See ``html_to_texts_noting``, without the notes."""
    french, english, _lost = html_to_texts_noting(fragment)
    return french, english


def html_to_texts_noting(fragment: str) -> tuple[str, str, set[str]]:
    """(French, English, lost) plain text of an HTML fragment, and the kinds of what plain text
    could not keep (``FORMATTING_TAGS`` values, "image", "link"). Links to a web address keep it
    in brackets after their text; ``<pre>`` keeps its line breaks. English is "" without
    multilang spans.

    Text outside any language span belongs to both; with spans, a language missing from them
    falls back to nothing (English) or the shared text (French).
    """
    collector = _collect(fragment or "")
    parts = collector.parts
    has_languages = any(parts.get(language) != parts[""] for language in ("fr", "en"))
    shared = _tidy("".join(parts[""]))
    if not has_languages:
        return shared, "", collector.lost
    french = _tidy("".join(parts.get("fr", [])))
    english = _tidy("".join(parts.get("en", [])))
    return french or shared, english, collector.lost


def _cut(fragment: str, opening: str, closing: str) -> tuple[str, list[str]]:
    """``fragment`` without its ``opening…closing`` spans, and the inside of each span (an
    unclosed span runs to the end). Every search starts where the previous one ended."""
    kept, insides = [], []
    position = 0
    while True:
        start = fragment.find(opening, position)
        if start < 0:
            kept.append(fragment[position:])
            break
        kept.append(fragment[position:start])
        inside_start = start + len(opening)
        end = fragment.find(closing, inside_start)
        if end < 0:
            insides.append(fragment[inside_start:])
            break
        insides.append(fragment[inside_start:end])
        position = end + len(closing)
    return "".join(kept), insides


def split_rubric(grader_info: str) -> tuple[str, list[tuple[str, str]]]:
    """The HTML of a grader information without its rubric lists, and the rubric items as
    ``(points as written, item HTML)``: the lists ``rubric_html`` writes."""
    rest, lists = _cut(grader_info, RUBRIC_OPEN, "</ul>")
    items = []
    for inside in lists:
        starts = list(_RUBRIC_ITEM_RE.finditer(inside))
        for index, match in enumerate(starts):
            stop = starts[index + 1].start() if index + 1 < len(starts) else len(inside)
            end = inside.find("</li>", match.end(), stop)
            items.append((match.group(1), inside[match.end() : stop if end < 0 else end]))
    return rest, items


def split_model_answer(feedback: str) -> tuple[str, str | None, str]:
    """A GIFT general feedback of an open question: (explanation HTML, model answer HTML or
    None, rubric list HTML or "")."""
    rest, models = _cut(feedback, MODEL_ANSWER_OPEN, "</div>")
    rest, rubrics = _cut(rest, RUBRIC_OPEN, "</ul>")
    rubric = "".join(f"{RUBRIC_OPEN}{inside}</ul>" for inside in rubrics)
    return rest, (models[0] if models else None), rubric

"""Plain text ↔ HTML for the exchange formats, bilingual text through Moodle's multilang spans,
and the scenario's diagram.

Our texts are plain, paragraphs separated by a blank line. Moodle and GIFT carry HTML; both
languages travel as ``<span lang="fr" class="multilang">…</span><span lang="en"
class="multilang">…</span>`` (what Moodle's multi-language content filter reads).
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

# Marks the parts of an exported question text that are not part of the stem (diagram, moves),
# so that importing our own export gives the stem back.
SCENARIO_CLASS = "arbitre-scenario"


def text_to_html(text: str) -> str:
    """Escaped text; paragraphs become <br><br>, line breaks <br> (inline, so it fits in a span)."""
    paragraphs = [
        html.escape(paragraph, quote=False).replace("\n", "<br>") for paragraph in text.split("\n\n")
    ]
    return "<br><br>".join(paragraphs)


def bilingual_html(french: str, english: str) -> str:
    if not english:
        return text_to_html(french)
    return (
        f'<span lang="fr" class="multilang">{text_to_html(french)}</span>'
        f'<span lang="en" class="multilang">{text_to_html(english)}</span>'
    )


class _TextExtractor(HTMLParser):
    """Collects the text of an HTML fragment per language (multilang spans), skipping our
    scenario blocks, scripts and styles."""

    BLOCKS = {
        "p",
        "div",
        "li",
        "ul",
        "ol",
        "table",
        "tr",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "pre",
        "figure",
    }

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: dict[str, list[str]] = {"": [], "fr": [], "en": []}
        self.stack: list[tuple[str, str | None, bool]] = []  # tag, language, skipped

    @property
    def language(self) -> str:
        for _tag, language, _skip in reversed(self.stack):
            if language:
                return language
        return ""

    @property
    def skipping(self) -> bool:
        return any(skip for _tag, _language, skip in self.stack)

    def _write(self, text: str) -> None:
        if self.skipping:
            return
        language = self.language
        if language:
            self.parts.setdefault(language, []).append(text)
        else:
            for key in self.parts:
                self.parts[key].append(text)

    def handle_starttag(self, tag: str, attrs) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag in ("br",):
            self._write("\n")
            return
        if tag in ("img", "hr", "input"):
            return
        language = attributes.get("lang") if "multilang" in classes or tag == "lang" else None
        skip = SCENARIO_CLASS in classes or tag in ("script", "style")
        if tag in self.BLOCKS:
            self._write("\n\n")
        self.stack.append((tag, language, skip))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break
        if tag in self.BLOCKS:
            self._write("\n\n")

    def handle_data(self, data: str) -> None:
        self._write(re.sub(r"[ \t\r\n]+", " ", data))


def _tidy(text: str) -> str:
    lines = [line.strip() for line in text.replace("\xa0", " ").split("\n")]
    text = "\n".join(lines)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


def rubric_html(rubric: list[dict]) -> str:
    """An open question's rubric as a list whose items carry their points (read back on import)."""
    items = "".join(
        f'<li data-points="{criterion["points"]}">'
        f"{bilingual_html(criterion['criterion_fr'], criterion['criterion_en'])}</li>"
        for criterion in rubric
    )
    return f'<ul class="arbitre-rubric">{items}</ul>'


def html_to_texts(fragment: str) -> tuple[str, str]:
    """(French, English) plain text of an HTML fragment; English is "" without multilang spans.

    Text outside any language span belongs to both; with spans, a language missing from them
    falls back to nothing (English) or the shared text (French).
    """
    parser = _TextExtractor()
    parser.feed(fragment or "")
    parser.close()
    has_languages = any(parser.parts.get(language) != parser.parts[""] for language in ("fr", "en"))
    shared = _tidy("".join(parser.parts[""]))
    if not has_languages:
        return shared, ""
    french = _tidy("".join(parser.parts.get("fr", [])))
    english = _tidy("".join(parser.parts.get("en", [])))
    return french or shared, english


def scenario_board(scenario: dict) -> tuple[str, str | None]:
    """The FEN of the diagram the candidate sees and its last move (UCI), as the question's page
    shows them (``questions.ui_services.diagram_for``): after ``ply`` half-moves, or just before
    an illegal move that left the mover's own king in check (drawn as a red arrow)."""
    from questions.ui_services import diagram_for

    diagram = diagram_for(scenario)
    return diagram.fen, diagram.last_move


def scenario_svg(scenario: dict) -> str:
    """The candidate's diagram as SVG, drawn by ``positions.diagrams`` as the question's page
    draws it, positions left by an illegal move included (``as_played``)."""
    from positions.diagrams import make_spec, render_spec
    from questions.ui_services import diagram_for

    diagram = diagram_for(scenario)
    spec = make_spec(
        diagram.fen,
        orientation=diagram.orientation,
        arrows=diagram.arrows,
        circles=diagram.circles,
        squares=diagram.squares,
        last_move=diagram.last_move,
        as_played=True,
    )
    return render_spec(spec)

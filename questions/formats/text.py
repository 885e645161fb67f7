"""Plain text ↔ HTML for the exchange formats, bilingual text through Moodle's multilang spans,
and the scenario's diagram.

Our texts are plain, paragraphs separated by a blank line. Moodle and GIFT carry HTML; both
languages travel as ``<span lang="fr" class="multilang">…</span><span lang="en"
class="multilang">…</span>`` (what Moodle's multi-language content filter reads).
"""

from __future__ import annotations

import html

# Reading HTML back (linear in its size) lives in html_text; re-exported for the format modules.
from questions.formats.html_text import SCENARIO_CLASS, html_to_texts

__all__ = [
    "SCENARIO_CLASS", "bilingual_html", "html_to_texts", "rubric_html", "scenario_board", "text_to_html",
]


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


def rubric_html(rubric: list[dict]) -> str:
    """An open question's rubric as a list whose items carry their points (read back on import)."""
    items = "".join(
        f'<li data-points="{criterion["points"]}">'
        f"{bilingual_html(criterion['criterion_fr'], criterion['criterion_en'])}</li>"
        for criterion in rubric
    )
    return f'<ul class="arbitre-rubric">{items}</ul>'


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

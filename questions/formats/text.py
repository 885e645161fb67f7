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
    """The FEN shown by the diagram (after ``ply`` half-moves) and the last move in UCI."""
    from positions.validation import parse_moves

    fen = scenario.get("fen") or ""
    moves = scenario.get("moves") or ""
    if not moves:
        return fen or "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", None
    game = parse_moves(moves, fen=fen or None, allow_illegal=True)
    ply = scenario.get("ply")
    ply = len(game.moves) if ply is None else min(ply, len(game.moves))
    last = game.moves[ply - 1].uci if ply > 0 else None
    return game.fen_at(ply), last


def scenario_svg(scenario: dict) -> str:
    from positions.diagrams import diagram_svg

    fen, last_move = scenario_board(scenario)
    return diagram_svg(
        fen,
        orientation=scenario.get("orientation") or "white",
        arrows=tuple(scenario.get("arrows") or ()),
        circles=tuple(scenario.get("circles") or ()),
        squares=dict(scenario.get("squares") or {}),
        last_move=last_move,
    )

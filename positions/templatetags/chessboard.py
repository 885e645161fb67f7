"""Template tags for chess diagrams: ``{% load chessboard %}``.

- ``{% chessboard fen orientation="white" arrows=… circles=… squares=… last_move=… size=360
  caption="" clocks=None %}``: a ``<figure>`` with the SVG diagram, its text alternative and
  optional clocks.
- ``{% pgn_replay moves fen="" ply=None %}``: a replay widget that works without JavaScript
  (links to ``?ply=N``), with keyboard arrows when JavaScript runs, and prints the chosen ply.
- ``{% board_editor name="fen" value=fen %}``: a click-to-set-up board writing a FEN into a
  text input (which alone works without JavaScript).

Invalid input never raises: the tag renders the error message in place of the diagram. A
position left by an illegal move (the mover's own king in check) is drawn, with the king and
the move marked, because the arbiter must see it to apply 7.5.
"""

from __future__ import annotations

from itertools import count
from urllib.parse import urlencode

import chess
from django import template
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from positions.diagrams import (
    MAX_MARKS,
    DiagramError,
    describe_position,
    diagram_query,
    make_spec,
    render_spec,
)
from positions.notation import moves_in_language as _moves_in_language
from positions.validation import FenError, PgnError, format_clock, parse_move_list, parse_moves, piece_name

register = template.Library()
_ids = count(1)

PIECE_GLYPHS = {
    "K": "♔",
    "Q": "♕",
    "R": "♖",
    "B": "♗",
    "N": "♘",
    "P": "♙",
    "k": "♚",
    "q": "♛",
    "r": "♜",
    "b": "♝",
    "n": "♞",
    "p": "♟",
}


def _language() -> str:
    return (get_language() or "fr")[:2]


def _normalise_marks(value) -> list[str] | str:
    """Accept a list of strings, a list of dicts ({"from", "to", "color"}) or a comma string."""
    if not value:
        return []
    if isinstance(value, str):
        return value
    items = []
    for item in value:
        if isinstance(item, dict):
            source = item.get("from") or item.get("square") or ""
            target = item.get("to") or ""
            colour = item.get("color") or item.get("colour") or ""
            items.append(f"{source}{target}" + (f":{colour}" if colour else ""))
        else:
            items.append(str(item))
    return items


def _mark_list(value) -> list[str]:
    marks = _normalise_marks(value)
    return [item.strip() for item in marks.split(",") if item.strip()] if isinstance(marks, str) else marks


def _normalise_squares(value) -> dict | str | None:
    """Accept ``{"e4": "yellow"}``, ``"e4:yellow,d5"`` or a list of such strings or of dicts."""
    if not value:
        return None
    if isinstance(value, (dict, str)):
        return value
    items = []
    for item in value:
        if isinstance(item, dict):
            square = item.get("square") or item.get("from") or ""
            colour = item.get("color") or item.get("colour") or ""
            items.append(f"{square}:{colour}" if colour else str(square))
        else:
            items.append(str(item))
    return ",".join(items)


def _clocks(clocks) -> dict | None:
    if not clocks or not isinstance(clocks, dict):
        return None
    return {
        "white": clocks.get("white") or "",
        "black": clocks.get("black") or "",
        "to_move": clocks.get("to_move") or "",
    }


def render_board(
    fen: str,
    *,
    orientation: str = "white",
    arrows=None,
    circles=None,
    squares=None,
    last_move: str | None = None,
    size: int = 360,
    caption: str = "",
    clocks: dict | None = None,
    coordinates: bool = True,
) -> str:
    """The HTML of ``{% chessboard %}`` (also usable from Python)."""
    try:
        spec = make_spec(
            fen or "",
            orientation=orientation or "white",
            arrows=_normalise_marks(arrows),
            circles=_normalise_marks(circles),
            squares=_normalise_squares(squares),
            last_move=last_move or None,
            size=size or 360,
            coordinates=coordinates,
            as_played=True,  # a position after an illegal move must be shown (7.5)
        )
    except (FenError, DiagramError) as error:
        return render_to_string("positions/_chessboard.html", {"error": error.message, "caption": caption})
    context = {
        "svg": mark_safe(render_spec(spec)),  # our own renderer's markup, no user text inside
        "description": describe_position(spec.fen, language=_language(), as_played=True),
        "caption": caption,
        "clocks": _clocks(clocks),
        "size": spec.size,
        "figure_id": f"board-{spec.digest}-{next(_ids)}",
    }
    return render_to_string("positions/_chessboard.html", context)


@register.simple_tag
def chessboard(
    fen,
    orientation="white",
    arrows=None,
    circles=None,
    squares=None,
    last_move=None,
    size=360,
    caption="",
    clocks=None,
    coordinates=True,
):
    return mark_safe(
        render_board(
            fen,
            orientation=orientation,
            arrows=arrows,
            circles=circles,
            squares=squares,
            last_move=last_move,
            size=size,
            caption=caption,
            clocks=clocks,
            coordinates=coordinates,
        )
    )


def _clock_at(moves, ply: int, side: str) -> str:
    for parsed in reversed(moves[:ply]):
        if parsed.side == side and parsed.clock is not None:
            return format_clock(parsed.clock)
    return ""


def replay_context(
    moves,
    *,
    fen: str = "",
    ply=None,
    size: int = 360,
    orientation: str = "white",
    base_url: str = "",
    marks: dict | None = None,
) -> dict:
    """The context of the replay widget (the moves are replayed as played, illegal ones included).

    ``marks`` (``{"ply": n, "arrows": …, "circles": …, "squares": …}``): annotations drawn on
    the diagram after ``n`` plies only (a question's arrows on its decisive position)."""
    try:
        if isinstance(moves, (list, tuple)):
            game = parse_move_list([str(m) for m in moves], fen=fen or None, allow_illegal=True)
        else:
            game = parse_moves(str(moves or ""), fen=fen or None, allow_illegal=True)
    except PgnError as error:
        return {"error": _moves_in_language(error.message)}  # as the replay writes its moves
    total = len(game.moves)
    try:
        current = total if ply in (None, "") else max(0, min(total, int(ply)))
    except (TypeError, ValueError):
        current = total
    language = _language()
    diagram_url = reverse("positions:diagram")

    def position(index: int) -> dict:
        fen_at = game.fen_at(index)
        move = game.moves[index - 1] if index else None
        # The move's [%cal] arrows and [%csl] circles are drawn on the diagram after it.
        arrows = [
            f"{mark.from_square}{mark.to_square}:{mark.color}"
            for mark in (move.arrows if move else [])
            if mark.from_square != mark.to_square
        ]
        circles = [f"{mark.from_square}:{mark.color}" for mark in (move.circles if move else [])]
        squares = None
        if marks and marks.get("ply") == index:
            arrows += _mark_list(marks.get("arrows"))
            circles += _mark_list(marks.get("circles"))
            squares = _normalise_squares(marks.get("squares"))
        try:
            spec = make_spec(
                fen_at,
                orientation=orientation,
                last_move=move.uci if move else None,
                size=size,
                arrows=arrows[:MAX_MARKS],
                circles=circles[:MAX_MARKS],
                squares=squares,
                as_played=True,
            )
        except DiagramError:  # a mark written wrongly must not hide the game
            spec = make_spec(
                fen_at,
                orientation=orientation,
                last_move=move.uci if move else None,
                size=size,
                as_played=True,
            )
        return {
            "ply": index,
            "src": f"{diagram_url}?{diagram_query(spec)}",
            "alt": describe_position(fen_at, language=language, as_played=True),
            "white_clock": _clock_at(game.moves, index, "white"),
            "black_clock": _clock_at(game.moves, index, "black"),
            "to_move": "white" if chess.Board(fen_at).turn else "black",
        }

    positions = [position(index) for index in range(total + 1)]
    rows = []
    for parsed in game.moves:
        if parsed.side == "white" or not rows:
            rows.append({"number": parsed.move_number, "white": None, "black": None})
        rows[-1][parsed.side] = {"move": parsed, "position": positions[parsed.ply]}
    has_clocks = any(parsed.clock is not None for parsed in game.moves)
    return {
        "widget_id": f"replay-{next(_ids)}",
        "game": game,
        "rows": rows,
        "positions": positions,
        "current": positions[current],
        "current_move": game.moves[current - 1] if current else None,
        "total": total,
        "previous_ply": max(0, current - 1),
        "next_ply": min(total, current + 1),
        "base_url": base_url,
        "size": size,
        "has_clocks": has_clocks,
    }


@register.simple_tag(takes_context=True)
def pgn_replay(
    context,
    moves,
    fen="",
    ply=None,
    size=360,
    orientation="white",
    query=None,
    opening_ply=None,
    arrows=None,
    circles=None,
    squares=None,
):
    """``query``: parameters the ``?ply=N`` links must carry (a dict or an encoded string);
    by default the current page's query string, so links keep the page's other parameters.

    ``opening_ply``: the position shown first when neither ``ply`` nor the page's ``?ply=``
    chooses one (a question opens at its decisive moment, not at the start); ``arrows``,
    ``circles`` and ``squares`` are drawn on that position."""
    request = context.get("request")
    if ply is None and request is not None:
        ply = request.GET.get("ply")
    if ply in (None, "") and opening_ply is not None:
        ply = opening_ply
    base_url = request.path if request is not None else ""
    if query is None and request is not None:
        params = request.GET.copy()
        params.pop("ply", None)
        query = params.urlencode()
    elif isinstance(query, dict):
        query = urlencode({key: value for key, value in query.items() if key != "ply"})
    marks = None
    if opening_ply is not None and (arrows or circles or squares):
        marks = {"ply": _as_int(opening_ply), "arrows": arrows, "circles": circles, "squares": squares}
    data = replay_context(
        moves, fen=fen, ply=ply, size=size, orientation=orientation, base_url=base_url, marks=marks
    )
    data["link_prefix"] = f"{base_url}?{query}&" if query else f"{base_url}?"
    return mark_safe(render_to_string("positions/_replay.html", data))


@register.simple_tag
def chessboard_clocks(clocks) -> str:
    """The two clocks of a scenario (``{"white", "black", "to_move"}``) beside a replay."""
    data = _clocks(clocks)
    return render_to_string("positions/_clocks.html", {"clocks": data}) if data else ""


def _as_int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@register.filter
def moves_in_language(value, language=None) -> str:
    """``{{ san|moves_in_language }}``: SAN moves (a move, a line, a list of moves, or a text
    quoting moves) with the piece letters of the reader's language (R D T F C in French)."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        value = " ".join(str(item) for item in value)
    return _moves_in_language(str(value), language)


@register.simple_tag
def board_editor(name="fen", value="", label=None, field_id=None):
    field_id = field_id or f"id_{name}"
    try:
        board = chess.Board(value) if value else chess.Board()
    except ValueError:
        board = chess.Board()
    ranks = []
    for rank in range(7, -1, -1):
        ranks.append(
            [
                {
                    "name": chess.square_name(chess.square(file, rank)),
                    "piece": (board.piece_at(chess.square(file, rank)) or "")
                    and board.piece_at(chess.square(file, rank)).symbol(),
                    "dark": (file + rank) % 2 == 0,
                }
                for file in range(8)
            ]
        )
    for row in ranks:
        for square in row:
            square["glyph"] = PIECE_GLYPHS.get(square["piece"], "")
    palette = [
        {"symbol": symbol, "glyph": glyph, "label": piece_name(chess.Piece.from_symbol(symbol))}
        for symbol, glyph in PIECE_GLYPHS.items()
    ]
    return mark_safe(
        render_to_string(
            "positions/_board_editor.html",
            {
                "name": name,
                "value": value or "",
                "field_id": field_id,
                "label": label or _("Position (FEN)"),
                "ranks": ranks,
                "palette": palette,
                "initial_fen": chess.STARTING_FEN,
            },
        )
    )

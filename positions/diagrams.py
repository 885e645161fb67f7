"""Chess diagrams as SVG (python-chess's renderer) and their text alternatives.

Rendering is pure: the same arguments give the same bytes, so :func:`diagram_svg` caches
by content (an LRU cache keyed by the canonical form of the arguments). The SVG contains
no script and no external reference, so it can be inlined under a strict CSP, served from
``/positions/diagram.svg?…`` for ``<img>`` tags and Moodle exports, or embedded in PDFs.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlencode

import chess
import chess.svg
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from positions.validation import king_in_check_illegally, validate_fen

# Arrows are drawn above the pieces, nearly opaque and outlined in white (see _outline_marks):
# half-transparent arrows vanished into the dark men they cross or point at (a black king).
ARROW_COLOURS = {
    "green": "#15781BCC",
    "red": "#882020CC",
    "yellow": "#e68f00CC",
    "blue": "#003088CC",
}
_MARK = re.compile(r'<(line|polygon|circle) [^>]*class="(?:arrow|circle)"[^>]*/>')
SQUARE_COLOURS = {
    "yellow": "#f7ec5a99",
    "green": "#6fc26f99",
    "red": "#e0505099",
    "blue": "#5a8fe099",
}
MIN_SIZE = 80
MAX_SIZE = 1200
MAX_MARKS = 64


class DiagramError(ValueError):
    """An argument of :func:`diagram_svg` is invalid; ``field`` names it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class DiagramSpec:
    """The canonical, hashable form of a diagram's arguments."""

    fen: str
    orientation: str = "white"
    arrows: tuple[tuple[str, str, str], ...] = ()
    circles: tuple[tuple[str, str], ...] = ()
    squares: tuple[tuple[str, str], ...] = ()
    last_move: str | None = None
    size: int = 360
    coordinates: bool = True

    def query(self) -> dict[str, str]:
        """The query string of ``/positions/diagram.svg`` for this diagram (canonical order)."""
        params = {"fen": self.fen}
        if self.orientation != "white":
            params["orientation"] = self.orientation
        if self.arrows:
            params["arrows"] = ",".join(f"{a}{b}:{colour}" for a, b, colour in self.arrows)
        if self.circles:
            params["circles"] = ",".join(f"{square}:{colour}" for square, colour in self.circles)
        if self.squares:
            params["squares"] = ",".join(f"{square}:{colour}" for square, colour in self.squares)
        if self.last_move:
            params["last_move"] = self.last_move
        if self.size != 360:
            params["size"] = str(self.size)
        if not self.coordinates:
            params["coordinates"] = "0"
        return params

    @property
    def digest(self) -> str:
        return hashlib.sha256(repr(self).encode()).hexdigest()[:20]


def _parse_square(value: str, field: str) -> str:
    value = value.strip().lower()
    if value not in chess.SQUARE_NAMES:
        raise DiagramError(field, _("« %(value)s » n'est pas une case (a1 à h8).") % {"value": value[:10]})
    return value


def _parse_colour(value: str, field: str, palette: dict[str, str], default: str) -> str:
    value = (value or default).strip().lower()
    if value not in palette:
        raise DiagramError(
            field,
            _("Couleur « %(value)s » inconnue ; couleurs possibles : %(choices)s.")
            % {"value": value[:12], "choices": ", ".join(palette)},
        )
    return value


def _parse_last_move(value: str) -> str:
    """The last move as four UCI characters: two different squares, and a promotion letter
    (q, r, b, n) only when one is written. A move that stays on its square ("a1a1") is not a
    move: python-chess cannot draw it, and it is refused here rather than at rendering."""
    value = value.strip().lower()
    if (
        len(value) not in (4, 5)
        or value[:2] not in chess.SQUARE_NAMES
        or value[2:4] not in chess.SQUARE_NAMES
        or (len(value) == 5 and value[4] not in "qrbn")
    ):
        raise DiagramError(
            "last_move",
            _("Dernier coup « %(value)s » : écrivez-le en UCI, par exemple e2e4.") % {"value": value[:10]},
        )
    if value[:2] == value[2:4]:
        raise DiagramError(
            "last_move",
            _("Dernier coup « %(value)s » : la case de départ et la case d'arrivée doivent être différentes.")
            % {"value": value[:10]},
        )
    return value[:4]


def _split(items) -> list[str]:
    if items is None:
        return []
    if isinstance(items, str):
        items = items.split(",")
    result = [str(item).strip() for item in items if str(item).strip()]
    if len(result) > MAX_MARKS:
        raise DiagramError(
            "arrows", _("Trop de marques sur le diagramme (%(max)d au plus).") % {"max": MAX_MARKS}
        )
    return result


def make_spec(
    fen: str,
    *,
    orientation: str = "white",
    arrows=(),
    circles=(),
    squares: dict[str, str] | str | None = None,
    last_move: str | None = None,
    size: int | str = 360,
    coordinates: bool = True,
    as_played: bool = False,
) -> DiagramSpec:
    """Validate the arguments of a diagram and return their canonical form.

    ``arrows``: items ``"e2e4"`` or ``"e2e4:red"`` (a list or a comma-separated string);
    ``circles``: ``"e4"`` or ``"e4:red"``; ``squares``: ``{"e4": "yellow"}`` or
    ``"e4:yellow,d5:red"``. ``as_played=True`` also accepts a position left by an illegal
    move (see :func:`~positions.validation.validate_fen`). Raises :class:`DiagramError` or
    :class:`FenError`.
    """
    board = validate_fen(fen, as_played=as_played)
    if orientation not in ("white", "black"):
        raise DiagramError("orientation", _("L'orientation doit être « white » ou « black »."))
    parsed_arrows = []
    for item in _split(arrows):
        move, _sep, colour = item.partition(":")
        if len(move) != 4:
            raise DiagramError(
                "arrows",
                _("Flèche « %(value)s » : écrivez par exemple e2e4 ou e2e4:red.") % {"value": item[:12]},
            )
        parsed_arrows.append(
            (
                _parse_square(move[:2], "arrows"),
                _parse_square(move[2:], "arrows"),
                _parse_colour(colour, "arrows", ARROW_COLOURS, "green"),
            )
        )
    parsed_circles = []
    for item in _split(circles):
        square, _sep, colour = item.partition(":")
        parsed_circles.append(
            (_parse_square(square, "circles"), _parse_colour(colour, "circles", ARROW_COLOURS, "green"))
        )
    if isinstance(squares, str):
        pairs = [item.partition(":")[::2] for item in _split(squares)]
    else:
        pairs = list((squares or {}).items())
        if len(pairs) > MAX_MARKS:
            raise DiagramError(
                "squares", _("Trop de marques sur le diagramme (%(max)d au plus).") % {"max": MAX_MARKS}
            )
    parsed_squares = sorted(
        {
            _parse_square(square, "squares"): _parse_colour(colour, "squares", SQUARE_COLOURS, "yellow")
            for square, colour in pairs
        }.items()
    )
    if last_move:
        last_move = _parse_last_move(last_move)
    try:
        size = int(size)
    except (TypeError, ValueError):
        raise DiagramError("size", _("La taille doit être un nombre de pixels.")) from None
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise DiagramError(
            "size",
            _("La taille doit être comprise entre %(min)d et %(max)d pixels.")
            % {"min": MIN_SIZE, "max": MAX_SIZE},
        )
    return DiagramSpec(
        fen=board.fen(en_passant="fen"),
        orientation=orientation,
        arrows=tuple(parsed_arrows),
        circles=tuple(parsed_circles),
        squares=tuple(parsed_squares),
        last_move=last_move or None,
        size=size,
        coordinates=bool(coordinates),
    )


@lru_cache(maxsize=2048)
def render_spec(spec: DiagramSpec) -> str:
    """Render a validated :class:`DiagramSpec` (cached: same spec, same bytes, rendered once)."""
    board = chess.Board(spec.fen)
    arrows = [
        chess.svg.Arrow(chess.parse_square(a), chess.parse_square(b), color=colour)
        for a, b, colour in spec.arrows
    ] + [
        chess.svg.Arrow(chess.parse_square(s), chess.parse_square(s), color=colour)
        for s, colour in spec.circles
    ]
    fill = {chess.parse_square(square): SQUARE_COLOURS[colour] for square, colour in spec.squares}
    check = board.king(board.turn) if board.is_check() else None
    last_move = chess.Move.from_uci(spec.last_move) if spec.last_move else None
    exposed = king_in_check_illegally(board)
    if exposed is not None:
        # A position left by an illegal move (3.9): the exposed king is marked as in check and
        # the move that exposed it is drawn as a red arrow.
        exposed_king = board.king(exposed)
        if check is None:
            check = exposed_king
        else:
            fill[exposed_king] = SQUARE_COLOURS["red"]
        if last_move is not None and last_move.from_square != last_move.to_square:
            arrows.append(chess.svg.Arrow(last_move.from_square, last_move.to_square, color="red"))
    colours = {f"arrow {name}": value for name, value in ARROW_COLOURS.items()}
    svg = chess.svg.board(
        board,
        orientation=spec.orientation == "white",
        lastmove=last_move,
        check=check,
        arrows=arrows,
        fill=fill,
        size=spec.size,
        coordinates=spec.coordinates,
        colors=colours,
    )
    svg = _outline_marks(str(svg))
    # python-chess writes the ASCII board into <desc>; the accessible text is ours, beside it.
    return svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1)


def _outline_marks(svg: str) -> str:
    """Give every arrow and circle a white outline drawn just beneath it, so that a mark
    crossing or ending on a dark man (a king, often) stays visible above it."""

    def outlined(match: re.Match) -> str:
        mark = match.group(0)
        halo = re.sub(r' opacity="[^"]*"', "", mark)
        if match.group(1) == "polygon":
            halo = halo.replace(
                "<polygon ", '<polygon stroke="#ffffff" stroke-width="4" stroke-linejoin="round" ', 1
            )
            halo = re.sub(r' fill="[^"]*"', ' fill="#ffffff"', halo)
        else:
            halo = re.sub(r' stroke="[^"]*"', ' stroke="#ffffff"', halo)
            halo = re.sub(
                r' stroke-width="([0-9.]+)"',
                lambda width: f' stroke-width="{float(width.group(1)) + 4:g}"',
                halo,
            )
        halo = halo.replace('class="arrow"', 'class="arrow-outline"').replace(
            'class="circle"', 'class="circle-outline"'
        )
        halo = halo.replace(" />", ' opacity="0.85" />')
        return halo + mark

    return _MARK.sub(outlined, svg)


def diagram_svg(
    fen: str,
    *,
    orientation: str = "white",
    arrows=(),
    circles=(),
    squares: dict[str, str] | None = None,
    last_move: str | None = None,
    size: int = 360,
    coordinates: bool = True,
) -> str:
    """SVG markup of the position ``fen``, cached by content.

    >>> diagram_svg("8/8/8/8/8/8/8/K6k w - - 0 1", arrows=["a1b2:red"], squares={"h1": "yellow"})[:4]
    '<svg'

    The king of the side to move is marked when in check. Raises :class:`DiagramError`
    or :class:`~positions.validation.FenError` for invalid arguments.
    """
    spec = make_spec(
        fen,
        orientation=orientation,
        arrows=arrows,
        circles=circles,
        squares=squares,
        last_move=last_move,
        size=size,
        coordinates=coordinates,
    )
    return render_spec(spec)


def diagram_query(spec: DiagramSpec) -> str:
    return urlencode(spec.query())


# --------------------------------------------------------------------------- text alternative


def _piece_label(piece_type: chess.PieceType, count: int) -> str:
    labels = {
        chess.KING: ngettext("roi", "rois", count),
        chess.QUEEN: ngettext("dame", "dames", count),
        chess.ROOK: ngettext("tour", "tours", count),
        chess.BISHOP: ngettext("fou", "fous", count),
        chess.KNIGHT: ngettext("cavalier", "cavaliers", count),
        chess.PAWN: ngettext("pion", "pions", count),
    }
    return labels[piece_type]


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s et %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def _describe_side(board: chess.Board, color: chess.Color) -> str:
    parts = []
    for piece_type in (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN):
        squares = sorted(
            board.pieces(piece_type, color), key=lambda s: (chess.square_file(s), chess.square_rank(s))
        )
        if squares:
            names = [chess.square_name(s) for s in squares]
            parts.append(f"{_piece_label(piece_type, len(names))} {_join(names)}")
    return pgettext("separator between kinds of pieces in a position description", " ; ").join(parts)


def describe_position(fen: str, *, language: str, as_played: bool = False) -> str:
    """A text alternative for a diagram: side to move, check, then pieces by square.

    >>> describe_position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", language="fr")
    'Trait aux Blancs. Blancs : roi e1 ; pion e2. Noirs : roi e8.'

    With ``as_played=True``, a position left by an illegal move is described, saying that the
    king of the side that just moved is in check illegally.
    """
    board = validate_fen(fen, as_played=as_played)
    return _describe(board.fen(), language)


@lru_cache(maxsize=2048)
def _describe(fen: str, language: str) -> str:
    board = chess.Board(fen)
    with translation.override(language):
        sentences = [_("Trait aux Blancs.") if board.turn == chess.WHITE else _("Trait aux Noirs.")]
        if board.is_checkmate():
            sentences.append(
                _("Les Blancs sont mat.") if board.turn == chess.WHITE else _("Les Noirs sont mat.")
            )
        elif board.is_check():
            sentences.append(
                _("Les Blancs sont en échec.") if board.turn == chess.WHITE else _("Les Noirs sont en échec.")
            )
        exposed = king_in_check_illegally(board)
        if exposed is not None:
            sentences.append(
                _(
                    "Le roi blanc est en échec alors que les Noirs ont le trait : le dernier coup, "
                    "illégal, a laissé ou mis son propre roi en échec (article 3.9)."
                )
                if exposed == chess.WHITE
                else _(
                    "Le roi noir est en échec alors que les Blancs ont le trait : le dernier coup, "
                    "illégal, a laissé ou mis son propre roi en échec (article 3.9)."
                )
            )
        sentences.append(_("Blancs : %(pieces)s.") % {"pieces": _describe_side(board, chess.WHITE)})
        sentences.append(_("Noirs : %(pieces)s.") % {"pieces": _describe_side(board, chess.BLACK)})
        return " ".join(sentences)


def diagram_url(
    fen: str,
    *,
    orientation: str = "white",
    arrows=(),
    circles=(),
    squares: dict[str, str] | None = None,
    last_move: str | None = None,
    size: int = 360,
    coordinates: bool = True,
) -> str:
    """Path of the cacheable ``/positions/diagram.svg?…`` image of a diagram, for ``<img>``
    tags and exports (Moodle): canonical query, so the same diagram always has the same URL."""
    from django.urls import reverse

    spec = make_spec(
        fen,
        orientation=orientation,
        arrows=arrows,
        circles=circles,
        squares=squares,
        last_move=last_move,
        size=size,
        coordinates=coordinates,
    )
    return f"{reverse('positions:diagram')}?{diagram_query(spec)}"

"""Validation of FEN strings and PGN move text, with messages that say what is wrong.

:func:`validate_fen` returns a :class:`chess.Board` or raises :class:`FenError` naming the
faulty field. :func:`parse_moves` reads PGN (headers, comments, NAGs, ``[%clk]``, ``[%cal]``
and ``[%csl]`` annotations, a custom start position) or a bare list of SAN/UCI moves and
returns a :class:`ParsedGame`, or raises :class:`PgnError` naming the move (number and
side) that is illegal or ambiguous and the legal alternatives.

With ``allow_illegal=True`` an illegal move is not an error: it is *played physically* on
the board (a knight jumping like a bishop, a move leaving the king in check, castling
without the right, a pawn reaching the last rank without promotion…) so that a move list
recorded from a real board can be followed to its end; the move is flagged with a reason.

Messages are translated into the active language (French msgids).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

import chess
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

MAX_FEN_LENGTH = 100
MAX_PGN_BYTES = 100_000
MAX_PLIES = 1000

FenField = Literal[
    "fen",
    "placement",
    "side_to_move",
    "castling",
    "en_passant",
    "halfmove_clock",
    "fullmove_number",
    "position",
]
Side = Literal["white", "black"]
IllegalReason = Literal[
    "wrong_piece_movement",  # the piece cannot move that way (7.5.1, Art. 3)
    "path_blocked",  # a line piece jumps over another piece
    "own_piece_on_target",
    "king_left_in_check",  # 3.9: leaves or places its own king in check
    "castling_not_allowed",  # 3.8.2: castling right lost or castling prevented
    "no_promotion",  # 7.5.2: pawn reached the last rank without being promoted
    "king_capture",  # a king was "captured" (commentary to 7.5.5)
    "en_passant_not_possible",
]

PIECE_NAMES_FR = {
    chess.PAWN: "pion",
    chess.KNIGHT: "cavalier",
    chess.BISHOP: "fou",
    chess.ROOK: "tour",
    chess.QUEEN: "dame",
    chess.KING: "roi",
}


def piece_name(piece: chess.Piece) -> str:
    names = {
        (chess.PAWN, True): _("pion blanc"),
        (chess.PAWN, False): _("pion noir"),
        (chess.KNIGHT, True): _("cavalier blanc"),
        (chess.KNIGHT, False): _("cavalier noir"),
        (chess.BISHOP, True): _("fou blanc"),
        (chess.BISHOP, False): _("fou noir"),
        (chess.ROOK, True): _("tour blanche"),
        (chess.ROOK, False): _("tour noire"),
        (chess.QUEEN, True): _("dame blanche"),
        (chess.QUEEN, False): _("dame noire"),
        (chess.KING, True): _("roi blanc"),
        (chess.KING, False): _("roi noir"),
    }
    return names[(piece.piece_type, piece.color)]


class FenError(ValueError):
    """A FEN string is invalid. ``field`` names the FEN field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message

    def __str__(self) -> str:
        return self.message


class PgnError(ValueError):
    """PGN or a move list cannot be read.

    ``ply`` (1-based, counted from the start position), ``move_number`` and ``side`` locate
    the faulty move, ``move`` is the text as written and ``legal`` lists the legal
    alternatives in SAN (moves of the same piece or to the same square; all legal moves when
    few). They are ``None``/empty for errors that concern the whole text (size, headers).
    """

    def __init__(
        self,
        message: str,
        ply: int | None = None,
        move_number: int | None = None,
        side: Side | None = None,
        move: str | None = None,
        legal: list[str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.ply = ply
        self.move_number = move_number
        self.side = side
        self.move = move
        self.legal = legal or []

    def __str__(self) -> str:
        return self.message


# --------------------------------------------------------------------------- FEN

_PLACEMENT_CHARS = set("pnbrqkPNBRQK12345678")
_CASTLING_TARGETS = {
    "K": (chess.WHITE, chess.E1, chess.H1),
    "Q": (chess.WHITE, chess.E1, chess.A1),
    "k": (chess.BLACK, chess.E8, chess.H8),
    "q": (chess.BLACK, chess.E8, chess.A8),
}


def validate_fen(fen: str, *, as_played: bool = False) -> chess.Board:
    """Parse and check a FEN string; return the board or raise :class:`FenError`.

    Accepts 4 to 6 fields (the move counters default to ``0 1``). Beyond syntax, checks that
    the position could arise in a game as far as an arbiter cares: one king each, no pawn on
    the first or last rank, castling rights consistent with the king and rook squares, an en
    passant square behind a pawn that has just moved two squares, and the side not to move
    not in check.

    ``as_played=True`` accepts, besides, the positions an illegal move leaves on a real board
    (the mover's own king in check, a check no legal move could give): they must be shown
    for the procedure of 7.5, but a FEN typed by a user is always checked strictly.
    """
    if not isinstance(fen, str):
        raise FenError("fen", _("La FEN doit être une chaîne de caractères."))
    fen = fen.strip()
    if not fen:
        raise FenError("fen", _("La FEN est vide."))
    if len(fen) > MAX_FEN_LENGTH:
        raise FenError(
            "fen", _("La FEN est trop longue (%(max)d caractères au plus).") % {"max": MAX_FEN_LENGTH}
        )
    fields = fen.split()
    if len(fields) < 4 or len(fields) > 6:
        raise FenError(
            "fen",
            _(
                "Une FEN compte 6 champs séparés par des espaces (au moins les 4 premiers) ; "
                "celle-ci en a %(n)d."
            )
            % {"n": len(fields)},
        )
    placement, side, castling, en_passant = fields[:4]
    halfmove = fields[4] if len(fields) > 4 else "0"
    fullmove = fields[5] if len(fields) > 5 else "1"

    _check_placement(placement)
    if side not in ("w", "b"):
        raise FenError(
            "side_to_move",
            _("Le trait doit être « w » (Blancs) ou « b » (Noirs), pas « %(value)s ».") % {"value": side},
        )
    if not re.fullmatch(r"-|K?Q?k?q?", castling) or castling == "":
        raise FenError(
            "castling",
            _(
                "Les droits de roque doivent être « - » ou une combinaison de K, Q, k, q dans cet ordre, "
                "pas « %(value)s »."
            )
            % {"value": castling},
        )
    # ASCII digits only: str.isdigit() accepts "²", which int() then refuses.
    if not re.fullmatch(r"[0-9]+", halfmove):
        raise FenError(
            "halfmove_clock",
            _("Le compteur de demi-coups doit être un entier positif ou nul, pas « %(value)s ».")
            % {"value": halfmove},
        )
    if not re.fullmatch(r"[0-9]+", fullmove) or int(fullmove) < 1:
        raise FenError(
            "fullmove_number",
            _("Le numéro du coup doit être un entier supérieur ou égal à 1, pas « %(value)s ».")
            % {"value": fullmove},
        )
    if int(halfmove) > 10_000 or int(fullmove) > 10_000:
        raise FenError(
            "halfmove_clock" if int(halfmove) > 10_000 else "fullmove_number",
            _("Ce compteur est trop grand."),
        )

    board = chess.Board(None)
    board.set_board_fen(placement)
    board.turn = side == "w"
    board.halfmove_clock = int(halfmove)
    board.fullmove_number = int(fullmove)

    _check_material(board)
    _check_castling(board, castling)
    board.set_castling_fen(castling)
    _check_en_passant(board, en_passant)
    board.ep_square = None if en_passant == "-" else chess.parse_square(en_passant)
    if not as_played:
        _check_checks(board)
    return board


def king_in_check_illegally(board: chess.Board) -> chess.Color | None:
    """The colour whose king is attacked although it is not its turn (left or put in check by
    its own illegal move, Art. 3.9), or ``None``."""
    king = board.king(not board.turn)
    if king is not None and board.is_attacked_by(board.turn, king):
        return not board.turn
    return None


def _check_placement(placement: str) -> None:
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise FenError(
            "placement",
            _("La position des pièces doit compter 8 rangées séparées par « / » ; elle en compte %(n)d.")
            % {"n": len(ranks)},
        )
    for index, rank in enumerate(ranks):
        rank_number = 8 - index
        for char in rank:
            if char not in _PLACEMENT_CHARS:
                raise FenError(
                    "placement",
                    _(
                        "Caractère « %(char)s » inconnu dans la rangée %(rank)d (pièces : p n b r q k, "
                        "majuscules pour les Blancs, chiffres 1 à 8 pour les cases vides)."
                    )
                    % {"char": char, "rank": rank_number},
                )
        if re.search(r"\d\d", rank):
            raise FenError(
                "placement",
                _("La rangée %(rank)d contient deux chiffres consécutifs.") % {"rank": rank_number},
            )
        width = sum(int(char) if char.isdigit() else 1 for char in rank)
        if width != 8:
            raise FenError(
                "placement",
                _("La rangée %(rank)d compte %(width)d cases au lieu de 8.")
                % {"rank": rank_number, "width": width},
            )


def _check_material(board: chess.Board) -> None:
    for color in chess.COLORS:
        kings = len(board.pieces(chess.KING, color))
        if kings != 1:
            message = (
                _("Il n'y a pas de roi blanc.")
                if color and kings == 0
                else _("Il n'y a pas de roi noir.")
                if kings == 0
                else _("Il y a %(n)d rois blancs.") % {"n": kings}
                if color
                else _("Il y a %(n)d rois noirs.") % {"n": kings}
            )
            raise FenError("placement", message)
        pawns = len(board.pieces(chess.PAWN, color))
        if pawns > 8:
            raise FenError(
                "placement",
                (
                    _("Les Blancs ont %(n)d pions (8 au plus).")
                    if color
                    else _("Les Noirs ont %(n)d pions (8 au plus).")
                )
                % {"n": pawns},
            )
        pieces = chess.popcount(board.occupied_co[color])
        if pieces > 16:
            raise FenError(
                "placement",
                (
                    _("Les Blancs ont %(n)d pièces et pions (16 au plus).")
                    if color
                    else _("Les Noirs ont %(n)d pièces et pions (16 au plus).")
                )
                % {"n": pieces},
            )
        promoted_at_least = max(0, len(board.pieces(chess.QUEEN, color)) - 1) + sum(
            max(0, len(board.pieces(piece_type, color)) - 2)
            for piece_type in (chess.ROOK, chess.BISHOP, chess.KNIGHT)
        )
        if pawns + promoted_at_least > 8:
            raise FenError(
                "placement",
                (
                    _("Les Blancs ont plus de pièces promues que de pions disparus.")
                    if color
                    else _("Les Noirs ont plus de pièces promues que de pions disparus.")
                ),
            )
    for square in chess.SquareSet(board.pawns & (chess.BB_RANK_1 | chess.BB_RANK_8)):
        piece = board.piece_at(square)
        raise FenError(
            "placement",
            _("%(piece)s en %(square)s : un pion ne peut pas se trouver sur la rangée %(rank)d.")
            % {
                "piece": piece_name(piece).capitalize(),
                "square": chess.square_name(square),
                "rank": chess.square_rank(square) + 1,
            },
        )


def _check_castling(board: chess.Board, castling: str) -> None:
    if castling == "-":
        return
    for right in castling:
        color, king_square, rook_square = _CASTLING_TARGETS[right]
        if board.piece_at(king_square) != chess.Piece(chess.KING, color):
            raise FenError(
                "castling",
                (
                    _("Droit de roque %(right)s, mais le roi blanc n'est pas en %(square)s.")
                    if color
                    else _("Droit de roque %(right)s, mais le roi noir n'est pas en %(square)s.")
                )
                % {"right": right, "square": chess.square_name(king_square)},
            )
        if board.piece_at(rook_square) != chess.Piece(chess.ROOK, color):
            raise FenError(
                "castling",
                (
                    _("Droit de roque %(right)s, mais il n'y a pas de tour blanche en %(square)s.")
                    if color
                    else _("Droit de roque %(right)s, mais il n'y a pas de tour noire en %(square)s.")
                )
                % {"right": right, "square": chess.square_name(rook_square)},
            )


def _check_en_passant(board: chess.Board, en_passant: str) -> None:
    if en_passant == "-":
        return
    if not re.fullmatch(r"[a-h][1-8]", en_passant):
        raise FenError(
            "en_passant",
            _("La case de prise en passant doit être « - » ou une case comme « e3 », pas « %(value)s ».")
            % {"value": en_passant},
        )
    square = chess.parse_square(en_passant)
    expected_rank = 5 if board.turn == chess.WHITE else 2  # 0-based: rank 6 or rank 3
    if chess.square_rank(square) != expected_rank:
        raise FenError(
            "en_passant",
            (
                _(
                    "Les Blancs ont le trait : la case de prise en passant doit être sur la 6e "
                    "rangée, pas %(square)s."
                )
                if board.turn
                else _(
                    "Les Noirs ont le trait : la case de prise en passant doit être sur la 3e "
                    "rangée, pas %(square)s."
                )
            )
            % {"square": en_passant},
        )
    step = -8 if board.turn == chess.WHITE else 8
    pawn_square = square + step
    origin_square = square - step
    if board.piece_at(pawn_square) != chess.Piece(chess.PAWN, not board.turn):
        raise FenError(
            "en_passant",
            _(
                "Case de prise en passant %(square)s, mais aucun pion adverse ne vient "
                "d'avancer de deux cases "
                "en %(pawn)s."
            )
            % {"square": en_passant, "pawn": chess.square_name(pawn_square)},
        )
    if board.piece_at(square) or board.piece_at(origin_square):
        raise FenError(
            "en_passant",
            _(
                "Case de prise en passant %(square)s, mais les cases %(square)s et %(origin)s "
                "doivent être vides."
            )
            % {"square": en_passant, "origin": chess.square_name(origin_square)},
        )


def _check_checks(board: chess.Board) -> None:
    opponent_king = board.king(not board.turn)
    if opponent_king is not None and board.is_attacked_by(board.turn, opponent_king):
        raise FenError(
            "position",
            (
                _("Les Noirs, qui n'ont pas le trait, sont en échec : la position est impossible.")
                if board.turn
                else _("Les Blancs, qui n'ont pas le trait, sont en échec : la position est impossible.")
            ),
        )
    status = board.status()
    if status & chess.STATUS_TOO_MANY_CHECKERS:
        raise FenError(
            "position", _("Le roi est en échec par plus de deux pièces : la position est impossible.")
        )
    if status & chess.STATUS_IMPOSSIBLE_CHECK:
        raise FenError(
            "position",
            _("Ce double échec (ou cet échec après une prise en passant) ne peut résulter d'aucun coup."),
        )


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class Annotation:
    """An arrow (``from_square != to_square``) or a circled square from ``[%cal]``/``[%csl]``."""

    from_square: str
    to_square: str
    color: str  # "green", "red", "yellow" or "blue"


@dataclass
class ParsedMove:
    """One half-move of a parsed game, as it was played on the board."""

    ply: int  # 1-based, counted from the start position
    move_number: int
    side: Side
    text: str  # as written
    san: str  # normalised SAN (or the long form for an illegal move)
    uci: str
    fen_before: str
    fen_after: str
    legal: bool = True
    illegal_reason: IllegalReason | None = None
    comment: str = ""
    nags: list[int] = field(default_factory=list)
    clock: float | None = None  # seconds left after the move, from [%clk]
    arrows: list[Annotation] = field(default_factory=list)
    circles: list[Annotation] = field(default_factory=list)

    @property
    def label(self) -> str:
        """``"12."`` for White, ``"12…"`` for Black."""
        return f"{self.move_number}." if self.side == "white" else f"{self.move_number}…"

    @property
    def nag_symbols(self) -> str:
        """NAGs as the usual glyphs (``!``, ``?!``…), others as ``$n``."""
        symbols = {value: key for key, value in _SUFFIX_NAGS.items()}
        return " ".join(symbols.get(nag, f"${nag}") for nag in self.nags)

    @property
    def clock_display(self) -> str:
        return format_clock(self.clock) if self.clock is not None else ""


@dataclass
class ParsedGame:
    start_fen: str
    moves: list[ParsedMove]
    headers: dict[str, str] = field(default_factory=dict)
    comment: str = ""  # comment before the first move
    result: str = "*"

    @property
    def final_fen(self) -> str:
        return self.moves[-1].fen_after if self.moves else self.start_fen

    def fen_at(self, ply: int) -> str:
        """FEN after ``ply`` half-moves (0 = start position); ``ply`` is clamped."""
        if ply <= 0 or not self.moves:
            return self.start_fen
        return self.moves[min(ply, len(self.moves)) - 1].fen_after


def format_clock(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


_TOKEN_RE = re.compile(
    r"""
    (?P<comment>\{[^}]*\}?)
    | (?P<linecomment>;[^\n]*)
    | (?P<open>\()
    | (?P<close>\))
    | (?P<nag>\$\d+)
    | (?P<suffix>[!?]{1,2})
    | (?P<result>1-0|0-1|1/2-1/2|½-½|\*)
    | (?P<number>\d+\s*\.+)
    | (?P<move>[^\s{}();$!?]+)
    | (?P<stray>\S)
    """,
    re.VERBOSE,
)
_HEADER_RE = re.compile(r'^\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_CLK_RE = re.compile(r"\[%clk\s+(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)\]")
_CAL_RE = re.compile(r"\[%(cal|csl)\s+([^\]]*)\]")
_COMMAND_RE = re.compile(r"\[%[^\]]*\]")
_SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
_ANNOTATION_COLOURS = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}


def parse_moves(movetext: str, *, fen: str | None = None, allow_illegal: bool = False) -> ParsedGame:
    """Read PGN or a plain move list (SAN or UCI) from ``fen`` (default: initial position).

    A ``FEN`` header (with ``SetUp "1"``) sets the start position; an explicit ``fen``
    argument wins over the header. Variations are skipped; the main line is kept
    with its comments, NAGs, ``[%clk]`` clocks and ``[%cal]``/``[%csl]`` annotations.

    Raises :class:`PgnError` for an illegal (unless ``allow_illegal``) or ambiguous move,
    for text that is not a move, and for input over the limits (100 kB, 1,000 plies).
    """
    if not isinstance(movetext, str):
        raise PgnError(_("Le texte des coups doit être une chaîne de caractères."))
    if len(movetext.encode("utf-8")) > MAX_PGN_BYTES:
        raise PgnError(_("Le PGN est trop long (%(max)d ko au plus).") % {"max": MAX_PGN_BYTES // 1000})
    headers: dict[str, str] = {}
    body_lines = []
    for line in movetext.splitlines():
        match = _HEADER_RE.match(line)
        if match:
            headers[match.group(1)] = match.group(2).replace('\\"', '"')
        elif line.lstrip().startswith("[") and not line.lstrip().startswith("[%") and not body_lines:
            raise PgnError(_("En-tête PGN mal formé : %(line)s") % {"line": line.strip()[:80]})
        else:
            body_lines.append(line)
    start_fen = fen
    if not start_fen and headers.get("FEN"):
        start_fen = headers["FEN"]
    try:
        board = validate_fen(start_fen) if start_fen else chess.Board()
    except FenError as error:
        raise PgnError(_("Position de départ invalide : %(error)s") % {"error": error.message}) from error
    game = ParsedGame(start_fen=board.fen(), moves=[], headers=headers, result=headers.get("Result", "*"))
    depth = 0
    variation_opened: list[list[ParsedMove]] = []  # the main line where each open "(" was read
    pending_comment: list[str] = []
    for match in _TOKEN_RE.finditer("\n".join(body_lines)):
        kind = match.lastgroup
        token = match.group(kind)
        if kind == "comment" and not token.endswith("}"):
            # An unclosed comment would silently swallow every move after it.
            raise PgnError(
                _("Commentaire ouvert par « { » jamais refermé, %(where)s.")
                % {"where": _position_text(game)},
                **_next_ply(board, game),
            )
        if kind == "stray":
            raise PgnError(_stray_text(token, game), **_next_ply(board, game))
        if kind == "open":
            depth += 1
            variation_opened.append(game.moves[:])
            continue
        if kind == "close":
            if not depth:
                raise PgnError(
                    _("« ) » ferme une variante qui n'a pas été ouverte, %(where)s.")
                    % {"where": _position_text(game)},
                    **_next_ply(board, game),
                )
            depth -= 1
            variation_opened.pop()
            continue
        if depth or kind == "linecomment":
            continue
        if kind == "comment":
            text = token.strip("{}")
            if game.moves:
                _attach_comment(game.moves[-1], text)
            else:
                pending_comment.append(text)
            continue
        if kind in ("nag", "suffix"):
            if game.moves:
                nag = int(token[1:]) if kind == "nag" else _SUFFIX_NAGS.get(token)
                if nag is not None:
                    game.moves[-1].nags.append(nag)
            continue
        if kind == "result":
            game.result = token.replace("½-½", "1/2-1/2")
            continue
        if kind == "number":
            continue
        if len(game.moves) >= MAX_PLIES:
            raise PgnError(
                ngettext(
                    "La partie est trop longue (%(max)d demi-coup au plus).",
                    "La partie est trop longue (%(max)d demi-coups au plus).",
                    MAX_PLIES,
                )
                % {"max": MAX_PLIES}
            )
        game.moves.append(_play(board, token, len(game.moves) + 1, allow_illegal=allow_illegal))
    if depth:
        # Like an unclosed comment, an unclosed variation would swallow the rest of the game.
        opened = ParsedGame(start_fen=game.start_fen, moves=variation_opened[0])
        raise PgnError(
            _("Variante ouverte par « ( » jamais refermée, %(where)s.") % {"where": _position_text(opened)}
        )
    if pending_comment:
        game.comment = _COMMAND_RE.sub("", " ".join(pending_comment)).strip()
    return game


def _position_text(game: ParsedGame) -> str:
    """Where the reader is in the main line: "après 12. Nf3", "après 12… Nf6" or "avant le premier coup"."""
    if not game.moves:
        return _("avant le premier coup")
    last = game.moves[-1]
    return _("après %(label)s %(move)s") % {"label": last.label, "move": last.text}


def _next_ply(board: chess.Board, game: ParsedGame) -> dict:
    return _locate(board, len(game.moves) + 1)


def _stray_text(char: str, game: ParsedGame) -> str:
    where = _position_text(game)
    if char == "}":
        return _("« } » ferme un commentaire qui n'a pas été ouvert, %(where)s.") % {"where": where}
    if char == "$":
        return _("« $ » doit être suivi du numéro d'une annotation (par exemple $1), %(where)s.") % {
            "where": where
        }
    return _("Caractère « %(char)s » inattendu, %(where)s.") % {"char": char, "where": where}


def parse_move_list(moves: list[str], *, fen: str | None = None, allow_illegal: bool = False) -> ParsedGame:
    """Like :func:`parse_moves` for a list of moves, one SAN or UCI move per item."""
    if len(moves) > MAX_PLIES:
        raise PgnError(_("La partie est trop longue (%(max)d demi-coups au plus).") % {"max": MAX_PLIES})
    for item in moves:
        if (
            not isinstance(item, str)
            or not item.strip()
            or len(item) > 12
            or re.search(r"[\s{}();]", item.strip())
        ):
            raise PgnError(_("« %(move)s » n'est pas un coup.") % {"move": str(item)[:20]})
    return parse_moves(" ".join(item.strip() for item in moves), fen=fen, allow_illegal=allow_illegal)


def _attach_comment(move: ParsedMove, text: str) -> None:
    clock = _CLK_RE.search(text)
    if clock:
        hours, minutes, seconds = clock.groups()
        move.clock = int(hours) * 3600 + int(minutes) * 60 + float(seconds)
    for command, value in _CAL_RE.findall(text):
        for item in value.split(","):
            item = item.strip()
            if command == "cal" and re.fullmatch(r"[GRYB][a-h][1-8][a-h][1-8]", item):
                move.arrows.append(Annotation(item[1:3], item[3:5], _ANNOTATION_COLOURS[item[0]]))
            elif command == "csl" and re.fullmatch(r"[GRYB][a-h][1-8]", item):
                move.circles.append(Annotation(item[1:3], item[1:3], _ANNOTATION_COLOURS[item[0]]))
    plain = " ".join(_COMMAND_RE.sub("", text).split())
    if plain:
        move.comment = f"{move.comment} {plain}".strip()


def _locate(board: chess.Board, ply: int) -> dict:
    return {
        "ply": ply,
        "move_number": board.fullmove_number,
        "side": "white" if board.turn == chess.WHITE else "black",
    }


def _where(board: chess.Board, move: str) -> str:
    if board.turn == chess.WHITE:
        return _("coup %(number)d des Blancs (%(move)s)") % {"number": board.fullmove_number, "move": move}
    return _("coup %(number)d des Noirs (…%(move)s)") % {"number": board.fullmove_number, "move": move}


def _play(board: chess.Board, token: str, ply: int, *, allow_illegal: bool) -> ParsedMove:
    text = token
    cleaned = re.sub(r"(e\.p\.|ep)$", "", token.rstrip("+#")).rstrip("+#")
    cleaned = cleaned.replace("0-0-0", "O-O-O").replace("0-0", "O-O")
    fen_before = board.fen()
    side: Side = "white" if board.turn == chess.WHITE else "black"
    move_number = board.fullmove_number
    try:
        move = board.parse_san(cleaned)
    except chess.AmbiguousMoveError:
        candidates = _candidates(board, cleaned, legal_only=True)
        raise PgnError(
            _("%(where)s est ambigu : précisez la pièce. Coups possibles : %(legal)s.")
            % {"where": capfirst(_where(board, text)), "legal": ", ".join(candidates) or "—"},
            move=text,
            legal=candidates,
            **_locate(board, ply),
        ) from None
    except (chess.IllegalMoveError, chess.InvalidMoveError):
        move = None
    if move is not None and not move:
        # python-chess reads "--", "0000" and "Z0" as a null move, which no player can make.
        raise PgnError(
            _("%(where)s : « %(move)s » n'est pas un coup (un coup nul n'existe pas sur l'échiquier).")
            % {"where": capfirst(_where(board, text)), "move": text},
            move=text,
            **_locate(board, ply),
        )
    if move is not None:
        san = board.san(move)
        board.push(move)
        return ParsedMove(ply, move_number, side, text, san, move.uci(), fen_before, board.fen())
    if not _looks_like_move(cleaned):
        raise PgnError(
            _(
                "%(where)s : « %(move)s » n'est pas un coup en notation algébrique (ex. Nf3, "
                "exd5, O-O, e8=Q) "
                "ni UCI (ex. g1f3)."
            )
            % {"where": capfirst(_where(board, text)), "move": text},
            move=text,
            **_locate(board, ply),
        )
    legal = _candidates(board, cleaned, legal_only=True)
    if not allow_illegal:
        raise PgnError(
            _("%(where)s est illégal. %(alternatives)s")
            % {"where": capfirst(_where(board, text)), "alternatives": _alternatives_text(legal)},
            move=text,
            legal=legal,
            **_locate(board, ply),
        )
    physical = physical_move(board, cleaned)
    if physical is None:
        raise PgnError(
            _(
                "%(where)s est illégal et ne peut pas être rejoué sur l'échiquier (aucune "
                "pièce ne correspond). "
                "%(alternatives)s"
            )
            % {"where": capfirst(_where(board, text)), "alternatives": _alternatives_text(legal)},
            move=text,
            legal=legal,
            **_locate(board, ply),
        )
    move, reason = physical
    if reason == "own_piece_on_target" and board.piece_type_at(move.to_square) == chess.KING:
        # Nobody can put a man on his own king's square: replaying it would take a king off the board.
        raise PgnError(
            _(
                "%(where)s arrive sur la case de son propre roi : ce coup ne peut pas être rejoué "
                "sur l'échiquier. %(alternatives)s"
            )
            % {"where": capfirst(_where(board, text)), "alternatives": _alternatives_text(legal)},
            move=text,
            legal=legal,
            **_locate(board, ply),
        )
    if reason == "king_capture":
        raise PgnError(
            _(
                "%(where)s prend le roi : c'est un coup illégal (commentaire de l'article 7.5.5) et la suite "
                "ne peut pas être rejouée."
            )
            % {"where": capfirst(_where(board, text))},
            move=text,
            legal=legal,
            **_locate(board, ply),
        )
    long_form = _long_form(board, move)
    board.push(move)
    return ParsedMove(
        ply,
        move_number,
        side,
        text,
        long_form,
        move.uci(),
        fen_before,
        board.fen(),
        legal=False,
        illegal_reason=reason,
    )


def _alternatives_text(legal: list[str]) -> str:
    if not legal:
        return _("Aucun coup légal de cette pièce ni vers cette case.")
    return _("Coups légaux possibles : %(moves)s.") % {"moves": ", ".join(legal)}


_SAN_RE = re.compile(
    r"^(?P<piece>[NBRQK])?(?P<file>[a-h])?(?P<rank>[1-8])?(?P<capture>[x:])?-?(?P<to>[a-h][1-8])"
    r"(?:=?(?P<promotion>[NBRQnbrq]))?$"
)
_UCI_RE = re.compile(r"^(?P<from>[a-h][1-8])(?P<to>[a-h][1-8])(?P<promotion>[nbrq])?$")


def _looks_like_move(text: str) -> bool:
    return bool(text in ("O-O", "O-O-O") or _SAN_RE.match(text) or _UCI_RE.match(text))


def is_move_notation(text: str) -> bool:
    """Whether ``text`` is written as one move (SAN such as ``Nf3``, ``exd5``, ``O-O``, ``e8=Q``,
    with or without ``+``/``#``, or UCI such as ``g1f3``) on existing squares, legal or not.
    A null move (``--``, ``0000``, ``Z0``) is not a move."""
    if not isinstance(text, str):
        return False
    cleaned = re.sub(r"(e\.p\.|ep)$", "", text.strip().rstrip("+#!?")).rstrip("+#")
    cleaned = cleaned.replace("0-0-0", "O-O-O").replace("0-0", "O-O")
    return _looks_like_move(cleaned)


def _candidates(board: chess.Board, text: str, *, legal_only: bool) -> list[str]:
    """Legal moves that resemble ``text``: same piece and target, else same piece, else same target."""
    legal = list(board.legal_moves)
    if text in ("O-O", "O-O-O"):
        moves = [m for m in legal if board.piece_type_at(m.from_square) == chess.KING]
        return sorted(board.san(m) for m in moves)
    match = _SAN_RE.match(text)
    uci = _UCI_RE.match(text)
    if uci:
        source = chess.parse_square(uci.group("from"))
        piece_type = board.piece_type_at(source) or chess.PAWN
        target = chess.parse_square(uci.group("to"))
        same_piece = [m for m in legal if m.from_square == source]
    elif match:
        piece_type = (
            chess.PIECE_SYMBOLS.index(match.group("piece").lower()) if match.group("piece") else chess.PAWN
        )
        target = chess.parse_square(match.group("to"))
        same_piece = [m for m in legal if board.piece_type_at(m.from_square) == piece_type]
        if match.group("file"):
            same_piece = [
                m for m in same_piece if chess.square_file(m.from_square) == ord(match.group("file")) - 97
            ]
        if match.group("rank"):
            same_piece = [
                m for m in same_piece if chess.square_rank(m.from_square) == int(match.group("rank")) - 1
            ]
    else:
        return []
    exact = [m for m in same_piece if m.to_square == target]
    chosen = exact or same_piece or [m for m in legal if m.to_square == target]
    if not chosen and len(legal) <= 12:
        chosen = legal
    return sorted({board.san(m) for m in chosen})


def physical_move(board: chess.Board, text: str) -> tuple[chess.Move, IllegalReason] | None:
    """Interpret an illegal move as it would be made on a real board.

    Returns the move to push (python-chess's ``push`` applies any move physically) and the
    reason it is illegal, or ``None`` when no piece of the side to move fits the notation.
    A pawn reaching the last rank without promotion is promoted to a queen (Art. 7.5.2).
    """
    turn = board.turn
    if text in ("O-O", "O-O-O"):
        rank = 0 if turn == chess.WHITE else 7
        king_square = chess.square(4, rank)
        rook_square = chess.square(7 if text == "O-O" else 0, rank)
        if board.piece_at(king_square) != chess.Piece(chess.KING, turn):
            return None
        if board.piece_at(rook_square) != chess.Piece(chess.ROOK, turn):
            return None
        if chess.between(king_square, rook_square) & board.occupied:
            return None  # nobody castles through pieces on a real board
        return chess.Move(king_square, chess.square(6 if text == "O-O" else 2, rank)), "castling_not_allowed"
    uci = _UCI_RE.match(text)
    promotion = None
    if uci:
        source = chess.parse_square(uci.group("from"))
        target = chess.parse_square(uci.group("to"))
        piece = board.piece_at(source)
        if piece is None or piece.color != turn:
            return None
        if uci.group("promotion"):
            promotion = chess.PIECE_SYMBOLS.index(uci.group("promotion"))
    else:
        match = _SAN_RE.match(text)
        if not match:
            return None
        piece_type = (
            chess.PIECE_SYMBOLS.index(match.group("piece").lower()) if match.group("piece") else chess.PAWN
        )
        target = chess.parse_square(match.group("to"))
        if match.group("promotion"):
            promotion = chess.PIECE_SYMBOLS.index(match.group("promotion").lower())
        sources = list(board.pieces(piece_type, turn))
        if match.group("file"):
            sources = [s for s in sources if chess.square_file(s) == ord(match.group("file")) - 97]
        if match.group("rank"):
            sources = [s for s in sources if chess.square_rank(s) == int(match.group("rank")) - 1]
        sources = [s for s in sources if s != target]
        if piece_type == chess.PAWN and not match.group("file") and not match.group("capture"):
            sources = [s for s in sources if chess.square_file(s) == chess.square_file(target)]
        if len(sources) > 1:
            # Prefer a piece whose move is at least pseudo-legal (e.g. it leaves the king in check),
            # then the nearest one: that is the move a player most plausibly made.
            pseudo = [
                s
                for s in sources
                if board.is_pseudo_legal(chess.Move(s, target, promotion=promotion))
                or board.is_pseudo_legal(chess.Move(s, target, promotion=chess.QUEEN))
            ]
            pattern = [s for s in sources if _pattern_fits(board.piece_type_at(s), s, target, turn)]
            if len(pseudo) == 1:
                sources = pseudo
            elif len(pattern) == 1:
                sources = pattern
            else:
                sources.sort(key=lambda s: chess.square_distance(s, target))
                if len(sources) > 1 and chess.square_distance(sources[0], target) == chess.square_distance(
                    sources[1], target
                ):
                    return None
        if not sources:
            return None
        source = sources[0]
        piece = board.piece_at(source)
    assert piece is not None
    target_piece = board.piece_at(target)
    move = chess.Move(source, target, promotion=promotion)
    last_rank = chess.square_rank(target) in (0, 7)
    if piece.piece_type == chess.PAWN and last_rank and promotion is None:
        candidate = chess.Move(source, target, promotion=chess.QUEEN)
        if board.is_pseudo_legal(candidate):
            return candidate, "no_promotion"
        move = candidate
    if target_piece is not None and target_piece.piece_type == chess.KING and target_piece.color != turn:
        return move, "king_capture"
    if target_piece is not None and target_piece.color == turn:
        return move, "own_piece_on_target"
    if board.is_pseudo_legal(move):
        return move, "king_left_in_check"
    if piece.piece_type == chess.PAWN and target == board.ep_square:
        return move, "en_passant_not_possible"
    if piece.piece_type in (chess.BISHOP, chess.ROOK, chess.QUEEN):
        ray = chess.BB_RAYS[source][target]
        if ray and ray & chess.BB_SQUARES[target]:
            pattern_ok = (
                (
                    piece.piece_type == chess.ROOK
                    and (
                        chess.square_file(source) == chess.square_file(target)
                        or chess.square_rank(source) == chess.square_rank(target)
                    )
                )
                or (
                    piece.piece_type == chess.BISHOP
                    and abs(chess.square_file(source) - chess.square_file(target))
                    == abs(chess.square_rank(source) - chess.square_rank(target))
                )
                or piece.piece_type == chess.QUEEN
            )
            if pattern_ok and chess.between(source, target) & board.occupied:
                return move, "path_blocked"
    if piece.piece_type == chess.PAWN and chess.between(source, target) & board.occupied:
        return move, "path_blocked"
    return move, "wrong_piece_movement"


def _pattern_fits(
    piece_type: chess.PieceType | None, source: chess.Square, target: chess.Square, color: chess.Color
) -> bool:
    """Whether the piece could go from ``source`` to ``target`` on an empty board."""
    if piece_type is None:
        return False
    if piece_type == chess.PAWN:
        return bool(chess.BB_PAWN_ATTACKS[color][source] & chess.BB_SQUARES[target]) or (
            chess.square_file(source) == chess.square_file(target)
        )
    empty = chess.BaseBoard.empty()
    empty.set_piece_at(source, chess.Piece(piece_type, color))
    return empty.is_attacked_by(color, target)


def _long_form(board: chess.Board, move: chess.Move) -> str:
    piece = board.piece_at(move.from_square)
    back_rank = 0 if piece and piece.color == chess.WHITE else 7
    if (
        piece
        and piece.piece_type == chess.KING
        and move.from_square == chess.square(4, back_rank)
        and move.to_square in (chess.square(2, back_rank), chess.square(6, back_rank))
    ):
        # Only e1-g1/e1-c1 (e8-g8/e8-c8) is a castling; a king jumping e1-c3 is not.
        return "O-O" if chess.square_file(move.to_square) == 6 else "O-O-O"
    letter = piece.symbol().upper() if piece and piece.piece_type != chess.PAWN else ""
    capture = "x" if board.piece_at(move.to_square) else "-"
    promotion = f"={chess.piece_symbol(move.promotion).upper()}" if move.promotion else ""
    source, target = chess.square_name(move.from_square), chess.square_name(move.to_square)
    return f"{letter}{source}{capture}{target}{promotion}"


def reason_text(reason: IllegalReason) -> str:
    """A sentence explaining why a move is illegal, in the active language."""
    texts = {
        "wrong_piece_movement": _("la pièce ne peut pas se déplacer ainsi (article 3)"),
        "path_blocked": _("la pièce saute par-dessus une autre pièce (article 3)"),
        "own_piece_on_target": _("la case d'arrivée est occupée par une pièce de même couleur (article 3.1)"),
        "king_left_in_check": _("le coup laisse ou met son propre roi en échec (article 3.9)"),
        "castling_not_allowed": _("le roque n'est pas permis dans cette position (article 3.8.2)"),
        "no_promotion": _(
            "le pion a atteint la dernière rangée sans être promu ; il est remplacé par une dame "
            "(article 7.5.2)"
        ),
        "king_capture": _("le roi adverse est pris (commentaire de l'article 7.5.5)"),
        "en_passant_not_possible": _("la prise en passant n'est pas possible (article 3.7.4)"),
    }
    return texts[reason]

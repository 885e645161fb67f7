"""Limits, error types and piece names shared by the FEN and move readers."""

from __future__ import annotations

from typing import Literal

import chess
from django.utils.translation import gettext as _

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


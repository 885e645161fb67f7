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

The code is split by concept: :mod:`.errors` (limits, error types, piece names), :mod:`.fen`,
:mod:`.games` (PGN and move lists) and :mod:`.illegal` (moves played physically).
"""

from positions.validation.errors import (
    MAX_FEN_LENGTH,
    MAX_PGN_BYTES,
    MAX_PLIES,
    PIECE_NAMES_FR,
    FenError,
    FenField,
    IllegalReason,
    PgnError,
    Side,
    piece_name,
)
from positions.validation.fen import king_in_check_illegally, validate_fen
from positions.validation.games import (
    Annotation,
    ParsedGame,
    ParsedMove,
    format_clock,
    parse_move_list,
    parse_moves,
)
from positions.validation.illegal import is_move_notation, physical_move, reason_text

__all__ = [
    "MAX_FEN_LENGTH",
    "MAX_PGN_BYTES",
    "MAX_PLIES",
    "PIECE_NAMES_FR",
    "Annotation",
    "FenError",
    "FenField",
    "IllegalReason",
    "ParsedGame",
    "ParsedMove",
    "PgnError",
    "Side",
    "format_clock",
    "is_move_notation",
    "king_in_check_illegally",
    "parse_move_list",
    "parse_moves",
    "physical_move",
    "piece_name",
    "reason_text",
    "validate_fen",
]

"""French and English piece letters: the one translation point for moves.

Moves are stored in SAN, with English letters (K, Q, R, B, N). French arbiters write
R (roi), D (dame), T (tour), F (fou), C (cavalier). ``R`` is the king in French and the rook
in English, so the notation of a text is never guessed from its moves: it is decided by the
interface language (or the API's ``notation`` parameter) and passed in.

- :func:`movetext_to_san` reads what a person typed (PGN or a move list) in a notation
  and returns the same text with English letters, comments and headers untouched;
- :func:`moves_in_language` writes the moves found in any text (a move list, a mating line,
  a sentence quoting a move) with the letters of a language; the template filter
  ``{{ san|moves_in_language }}`` (``positions.templatetags.chessboard``) calls it;
- :func:`parse_moves_in_notation` parses typed moves and, when they are wrong, says so with
  the moves in the writer's notation (the move as typed, the legal alternatives).

Castling: SAN writes ``O-O`` and ``O-O-O`` (letter O); Appendix C of the Laws, as the Livre
de l'Arbitre prints it in French, writes "0-0 roque avec la tour h1 ou h8 (petit roque)" and
"0-0-0 roque avec la tour a1 ou a8 (grand roque)" (digit zero). French moves are therefore
written 0-0 / 0-0-0, and both spellings are read in either notation.
"""

from __future__ import annotations

import re
from typing import Literal

from django.utils.translation import get_language

from positions.validation import ParsedGame, PgnError, parse_move_list, parse_moves

Notation = Literal["fr", "en"]
NOTATIONS = ("fr", "en")

_FRENCH_TO_ENGLISH = {"R": "K", "D": "Q", "T": "R", "F": "B", "C": "N"}
_ENGLISH_TO_FRENCH = {english: french for french, english in _FRENCH_TO_ENGLISH.items()}

# A piece letter starting a move: followed by an optional origin, capture, and a square.
_PIECE = r"(?<![\w\-])({letters})(?=[a-h]?[1-8]?[x:\-]?[a-h][1-8](?![a-z0-9]))"
# A promotion letter: after the promotion square (and "="), not followed by a letter.
_PROMOTION = r"(?<=[a-h][18])(=?)({letters})(?![A-Za-z0-9])"
_ENGLISH_PIECE_RE = re.compile(_PIECE.format(letters="[KQRBN]"))
_ENGLISH_PROMOTION_RE = re.compile(_PROMOTION.format(letters="[QRBN]"))
_FRENCH_PIECE_RE = re.compile(_PIECE.format(letters="[RDTFC]"))
_FRENCH_PROMOTION_RE = re.compile(_PROMOTION.format(letters="[DTFCdtfc]"))
# Castling as a whole token (then +, #, !, ? or punctuation): SAN's letter O, Appendix C's zero.
_SAN_CASTLING_RE = re.compile(r"(?<![\w\-])O-O(-O)?(?![\w\-])")
_FRENCH_CASTLING_RE = re.compile(r"(?<![\w\-])0-0(-0)?(?![\w\-])")
# A whole PGN file (it opens with tag pairs) is written in SAN by the PGN standard, whatever
# the interface: its letters are English (the format decides, not a guess on its moves).
_PGN_FILE_RE = re.compile(r'^\s*\[[A-Za-z0-9_]+\s+"')
# Parts of a PGN that are not moves: comments, line comments, header tags.
_NOT_MOVES_RE = re.compile(r"(\{[^}]*\}?|;[^\n]*|\[[^\]]*\]?)")


def notation_of_language(language: str | None = None) -> Notation:
    """The notation people type in this interface language (the active one by default)."""
    language = (language or get_language() or "fr")[:2]
    return "fr" if language == "fr" else "en"


def _outside_comments(text: str, translate) -> str:
    parts = _NOT_MOVES_RE.split(text)
    return "".join(part if index % 2 else translate(part) for index, part in enumerate(parts))


def _french_to_english(text: str) -> str:
    text = _FRENCH_CASTLING_RE.sub(lambda match: "O-O-O" if match.group(1) else "O-O", text)
    text = _FRENCH_PIECE_RE.sub(lambda match: _FRENCH_TO_ENGLISH[match.group(1)], text)
    return _FRENCH_PROMOTION_RE.sub(
        lambda match: match.group(1) + _FRENCH_TO_ENGLISH[match.group(2).upper()], text
    )


def _english_to_french(text: str) -> str:
    text = _SAN_CASTLING_RE.sub(lambda match: "0-0-0" if match.group(1) else "0-0", text)
    text = _ENGLISH_PIECE_RE.sub(lambda match: _ENGLISH_TO_FRENCH[match.group(1)], text)
    return _ENGLISH_PROMOTION_RE.sub(lambda match: match.group(1) + _ENGLISH_TO_FRENCH[match.group(2)], text)


def movetext_to_san(text: str, notation: Notation) -> str:
    """``text`` (PGN or moves) typed in ``notation``, with English piece letters. A whole PGN
    file (opening with tag pairs such as ``[Event "…"]``) is SAN already and left as it is.

    >>> movetext_to_san("1.Cf3 Cf6 2.Tg1 {Rf1 ?} Rf1 e8=D O-O 0-0-0+", "fr")
    '1.Nf3 Nf6 2.Rg1 {Rf1 ?} Kf1 e8=Q O-O O-O-O+'
    """
    if notation != "fr" or not text or _PGN_FILE_RE.match(text):
        return text
    return _outside_comments(text, _french_to_english)


def move_to_san(move: str, notation: Notation) -> str:
    """One typed move (``Rf1``, ``e8=D``, ``0-0``) with English letters (and SAN's ``O-O``)."""
    return _french_to_english(move) if notation == "fr" and move else move


def moves_in_language(text: str, language: str | None = None) -> str:
    """The SAN moves in ``text`` written with the letters of ``language`` (the active one by
    default): French letters in French, English letters otherwise.

    >>> moves_in_language("Kg1 Nf5 h1=R Kf3 Ng3# O-O O-O-O+", "fr")
    'Rg1 Cf5 h1=T Rf3 Cg3# 0-0 0-0-0+'
    """
    if not text or notation_of_language(language) != "fr":
        return text
    return _outside_comments(str(text), _english_to_french)


def typed_move_in_language(move: str, notation: Notation) -> str:
    """A move as a person typed it, written back in the conventions of ``notation`` (French:
    ``O-O`` becomes ``0-0``); its letters are those the person used."""
    return moves_in_language(move_to_san(move, notation), notation) if move else move


def parse_moves_in_notation(
    moves: str | list[str], *, notation: Notation, fen: str | None = None, allow_illegal: bool = False
) -> ParsedGame:
    """Parse moves typed in ``notation`` (a PGN text or a list of moves).

    A :class:`~positions.validation.PgnError` says what is wrong with the moves written as the
    writer wrote them: in French, the move typed and the legal alternatives in French letters.
    """
    try:
        if isinstance(moves, list):
            return parse_move_list(
                [move_to_san(move, notation) if isinstance(move, str) else move for move in moves],
                fen=fen,
                allow_illegal=allow_illegal,
            )
        return parse_moves(movetext_to_san(moves, notation), fen=fen, allow_illegal=allow_illegal)
    except PgnError as error:
        if notation == "fr":
            _error_in_french(error)
        raise


def _error_in_french(error: PgnError) -> None:
    error.message = moves_in_language(error.message, "fr")
    error.args = (error.message, *error.args[1:])
    if getattr(error, "move", None):
        error.move = moves_in_language(error.move, "fr")
    if getattr(error, "legal", None):
        error.legal = [moves_in_language(move, "fr") for move in error.legal]

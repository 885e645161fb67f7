"""Illegal moves as made on a real board: what a written move can mean, legal alternatives,
and the reason a move is illegal."""

from __future__ import annotations

import re

import chess
from django.utils.translation import gettext as _

from positions.validation.errors import IllegalReason


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

"""FEN: :func:`validate_fen` returns a board or raises :class:`FenError` naming the faulty field."""

from __future__ import annotations

import re

import chess
from django.utils.translation import gettext as _

from config.safe_input import has_lone_surrogate
from positions.validation.errors import MAX_FEN_LENGTH, FenError, piece_name

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
    if has_lone_surrogate(fen):
        raise FenError("fen", _("La FEN contient un caractère invalide (demi-caractère UTF-16 isolé)."))
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


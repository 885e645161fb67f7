"""The mating patterns of small material, enumerated once, and the guide that steers a mate
search towards the nearest of them (:func:`positions.mate.can_checkmate`, step 4).

A pattern is a checkmate of the given men near a corner; a position is scored by the number of
moves its men need to reach the nearest pattern. This finds the helpmates in which the defender's
own men must wall its king in (K+B v K+N for the knight's side, K+N v K+P, K+B v K+N+P).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import lru_cache
from typing import Literal

import chess

Verdict = Literal["yes", "no", "undetermined"]


PATTERN_MAX_MEN = 2  # men besides the kings; beyond, the enumeration would cost too much
PATTERN_TARGETS = 12  # nearest patterns kept as goals of one search
PATTERN_MAX_DEFENDERS = 3  # the defender's men beyond PATTERN_MAX_MEN are left out of the patterns
_CORNER_KING_SQUARES = (
    chess.A1, chess.B1, chess.A2, chess.H1, chess.G1, chess.H2,
    chess.A8, chess.B8, chess.A7, chess.H8, chess.G8, chess.H7,
)  # fmt: skip
_CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)


def _knight_distances() -> list[list[int]]:
    table = []
    for source in chess.SQUARES:
        distance = [99] * 64
        distance[source] = 0
        frontier = [source]
        while frontier:
            following = []
            for square in frontier:
                for target in chess.scan_forward(chess.BB_KNIGHT_ATTACKS[square]):
                    if distance[target] == 99:
                        distance[target] = distance[square] + 1
                        following.append(target)
            frontier = following
        table.append(distance)
    return table


_KNIGHT_DISTANCE = _knight_distances()
_UNREACHABLE = 99


def _moves_to_reach(piece: chess.Piece, source: chess.Square, target: chess.Square) -> int:
    """Moves a man needs to go from ``source`` to ``target`` on an empty board (99: never)."""
    if source == target:
        return 0
    piece_type = piece.piece_type
    file_step = abs(chess.square_file(source) - chess.square_file(target))
    rank_step = abs(chess.square_rank(source) - chess.square_rank(target))
    if piece_type == chess.KING:
        return max(file_step, rank_step)
    if piece_type == chess.KNIGHT:
        return _KNIGHT_DISTANCE[source][target]
    if piece_type == chess.BISHOP:
        if (file_step + rank_step) % 2:
            return _UNREACHABLE  # a bishop never changes the colour of its squares
        return 1 if file_step == rank_step else 2
    if piece_type == chess.ROOK:
        return 1 if not file_step or not rank_step else 2
    if piece_type == chess.QUEEN:
        return 1 if not file_step or not rank_step or file_step == rank_step else 2
    # A pawn only walks forward on its file (captures are left to the other guides).
    forward = chess.square_rank(target) - chess.square_rank(source)
    if piece.color == chess.BLACK:
        forward = -forward
    return forward if not file_step and forward > 0 else _UNREACHABLE


@lru_cache(maxsize=64)
def mating_patterns(attacker: tuple[str, ...], defender: tuple[str, ...], color: chess.Color) -> tuple:
    """Every checkmate by ``color`` with these men (symbols, kings excluded) in which the
    defending king stands in a corner or next to it and all other men (the attacking king
    included) stand within the 4x4 block of that corner.

    Returns tuples of ``(square, piece symbol)`` for all men, the two kings included.
    """
    men = [chess.Piece.from_symbol("K" if color == chess.WHITE else "k")]
    men += [chess.Piece.from_symbol(symbol) for symbol in attacker + defender]
    defender_king = chess.Piece(chess.KING, not color)
    patterns = []
    board = chess.Board(None)
    board.turn = not color
    for king_square in _CORNER_KING_SQUARES:
        corner = min(_CORNERS, key=lambda square: chess.square_distance(square, king_square))
        block = [
            square
            for square in chess.SQUARES
            if chess.square_distance(square, corner) <= 3 and square != king_square
        ]
        for squares in itertools.permutations(block, len(men)):
            if any(
                piece.piece_type == chess.PAWN and chess.BB_SQUARES[square] & chess.BB_BACKRANKS
                for piece, square in zip(men, squares, strict=True)
            ):
                continue
            board.clear_board()
            board.set_piece_at(king_square, defender_king)
            for piece, square in zip(men, squares, strict=True):
                board.set_piece_at(square, piece)
            if not board.is_attacked_by(color, king_square) or board.is_attacked_by(not color, squares[0]):
                continue
            if board.is_checkmate():
                placed = [(square, piece.symbol()) for piece, square in zip(men, squares, strict=True)]
                patterns.append(((king_square, defender_king.symbol()), *placed))
    return tuple(patterns)


def _material(board: chess.Board, color: chess.Color) -> tuple[str, ...]:
    return tuple(
        sorted(
            board.piece_at(square).symbol()  # type: ignore[union-attr]
            for square in chess.scan_forward(board.occupied_co[color] & ~board.kings)
        )
    )


# _REACH[(piece type, colour)][source][target]: _moves_to_reach for every pair, looked up
# for every generated position.
_REACH = {
    (piece_type, color): [
        [_moves_to_reach(chess.Piece(piece_type, color), source, target) for target in chess.SQUARES]
        for source in chess.SQUARES
    ]
    for piece_type in chess.PIECE_TYPES
    for color in chess.COLORS
}
# _PROMOTION_REACH[colour][pawn square][target]: a pawn walking to the last rank, promoted,
# then the new piece (knight or bishop, the index 0 or 1) walking to the target.
_PROMOTION_REACH = {
    (piece_type, color): [
        [
            abs((7 if color == chess.WHITE else 0) - chess.square_rank(source))
            + _moves_to_reach(
                chess.Piece(piece_type, color),
                chess.square(chess.square_file(source), 7 if color == chess.WHITE else 0),
                target,
            )
            for target in chess.SQUARES
        ]
        for source in chess.SQUARES
    ]
    for piece_type in (chess.KNIGHT, chess.BISHOP)
    for color in chess.COLORS
}


def _pattern_distance(board: chess.Board, pattern: tuple) -> int:
    """Moves the men of ``board`` need to stand as in ``pattern`` (each man walking alone).

    ``pattern`` holds ``(target square, piece type, colour, promoted)``. A man marked as
    promoted may also be a pawn of its side: it walks to the last rank, promotes, and walks
    on from the promotion square.
    """
    total = 0
    used = 0
    for target, piece_type, color, promoted in pattern:
        reach = _REACH[(piece_type, color)]
        best = _UNREACHABLE
        best_square = -1
        for square in chess.scan_forward(board.pieces_mask(piece_type, color) & ~used):
            distance = reach[square][target]
            if distance < best:
                best, best_square = distance, square
        if promoted:
            promotion_reach = _PROMOTION_REACH[(piece_type, color)]
            for square in chess.scan_forward(board.pieces_mask(chess.PAWN, color) & ~used):
                distance = promotion_reach[square][target]
                if distance < best:
                    best, best_square = distance, square
        if best >= _UNREACHABLE:
            return _UNREACHABLE
        used |= chess.BB_SQUARES[best_square]
        total += best
    return total


def _promotion_variants(defender: tuple[str, ...]) -> list[tuple[tuple[str, ...], tuple[bool, ...]]]:
    """The defender's men as they are, and with pawns promoted into knights or bishops (the
    blockers a helpmate by minor pieces often needs). Each variant flags its promoted men."""
    options = []
    for symbol in defender:
        if symbol.lower() == "p":
            knight, bishop = ("N", "B") if symbol.isupper() else ("n", "b")
            options.append([(symbol, False), (knight, True), (bishop, True)])
        else:
            options.append([(symbol, False)])
    variants = []
    for combination in itertools.product(*options):
        variants.append((tuple(symbol for symbol, _ in combination), tuple(flag for _, flag in combination)))
    return variants


def pattern_guide(board: chess.Board, color: chess.Color) -> Callable[[chess.Board], float] | None:
    """A guide towards the nearest mating patterns of this material, or None when the material
    is too large to enumerate or no pattern is reachable.

    With more men than the enumeration allows, the patterns leave some of the defender's men
    out (they stand wherever they are: more often extra blockers than a hindrance).
    """
    attacker, defender = _material(board, color), _material(board, not color)
    if not attacker or len(attacker) > PATTERN_MAX_MEN or len(defender) > PATTERN_MAX_DEFENDERS:
        return None
    kept = max(0, PATTERN_MAX_MEN - len(attacker))
    subsets = sorted(set(itertools.combinations(defender, min(kept, len(defender)))))
    variants = [variant for subset in subsets for variant in _promotion_variants(subset)]
    reachable = []
    for men, promoted in variants:
        flags: dict[str, bool] = {}
        for symbol, flag in zip(men, promoted, strict=True):
            flags[symbol] = flags.get(symbol, False) or flag  # a promoted man may also be one on the board
        for placement in mating_patterns(attacker, men, color):
            pattern = tuple(
                (square, chess.PIECE_SYMBOLS.index(name.lower()), name.isupper(), flags.get(name, False))
                for square, name in placement
            )
            distance = _pattern_distance(board, pattern)
            if distance < _UNREACHABLE:
                reachable.append((distance, pattern))
    if not reachable:
        return None
    reachable.sort(key=lambda item: item[0])
    targets = [pattern for _distance, pattern in reachable[:PATTERN_TARGETS]]

    def guide(position: chess.Board) -> float:
        return float(min(_pattern_distance(position, pattern) for pattern in targets))

    return guide

"""Can a side checkmate "by any possible series of legal moves"? (Articles 5.2.2, 6.9, 7.5.5)

The Laws ask whether a mate is *possible*, not whether it can be forced: both sides may
cooperate (a helpmate). :func:`can_checkmate` answers ``"yes"`` (with the mating line),
``"no"`` or ``"undetermined"``:

1. Material alone settles many cases (Art. 5.2.2 commentary, 6.9): a lone king never
   mates; a king and one knight, or a king and bishops all on squares of one colour, cannot
   mate a lone king; when the only pieces besides the kings are bishops all on one colour,
   nobody can mate. Careful: K+N against K+P, or K+B against K+N, *can* allow a helpmate,
   because the defender's own men may block its king; those go to the search.
2. Otherwise a best-first search over the positions reachable by legal moves, with a
   transposition table, steers towards mating patterns (defending king to the edge,
   attackers closer, pawns promoting). When the set of reachable positions is exhausted
   without a mate (blocked pawn chains where only kings and shut-in pieces move), the answer
   is ``"no"``; when the node or time budget runs out first, ``"undetermined"``.

Positions after which the game would end (checkmate of the searching side, stalemate) are
not expanded. The 75-move and fivefold rules are ignored, as a "series of legal moves" is.
"""

from __future__ import annotations

import heapq
import itertools
import time
from dataclasses import dataclass, field
from typing import Literal

import chess

Verdict = Literal["yes", "no", "undetermined"]

DEFAULT_NODE_BUDGET = 150_000
DEFAULT_TIME_BUDGET = 2.0  # seconds, per side
_PIECE_VALUES = {
    chess.PAWN: 1,
    chess.KNIGHT: 3,
    chess.BISHOP: 3,
    chess.ROOK: 5,
    chess.QUEEN: 9,
    chess.KING: 0,
}


@dataclass
class MateSearch:
    """The answer to "can ``color`` checkmate?" for one position."""

    color: chess.Color
    verdict: Verdict
    line: list[str] = field(default_factory=list)  # SAN from the position to the mate, when "yes"
    method: Literal["material", "search", "immediate"] = "search"
    nodes: int = 0
    exhausted: bool = False  # the whole reachable position space was explored

    @property
    def side(self) -> str:
        return "white" if self.color == chess.WHITE else "black"


def _square_colour_set(squares: chess.Bitboard) -> set[bool]:
    return {bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[s]) for s in chess.scan_forward(squares)}


def material_cannot_mate(board: chess.Board, color: chess.Color) -> bool:
    """True when the material alone shows that ``color`` can never checkmate.

    Only sure cases: never True when a helpmate might exist.
    """
    own = board.occupied_co[color] & ~board.kings
    other = board.occupied_co[not color] & ~board.kings
    if not own:
        return True  # a king alone never gives check
    # Only bishops on the board, all on squares of one colour: no square next to a king on
    # the other colour can ever be attacked, so no king can ever be mated.
    non_bishops = board.occupied & ~board.kings & ~board.bishops
    if not non_bishops and len(_square_colour_set(board.bishops)) <= 1:
        return True
    if other:
        return False  # the defender's men may block its own king: leave it to the search
    if own & (board.pawns | board.rooks | board.queens):
        return False
    knights = own & board.knights
    bishops = own & board.bishops
    if not bishops and chess.popcount(knights) == 1:
        return True  # K+N v K
    return bool(not knights and len(_square_colour_set(bishops)) == 1)  # K+B(s) of one colour v K


@dataclass(frozen=True)
class Strategy:
    """Weights of the guide of the search. Several are tried in turn, each with a share of
    the budget: no single guide suits both a rook hunting a bare king and a knight waiting
    for the defender to wall its own king in."""

    name: str
    share: float
    edge: float = 3.0  # defending king far from the edge
    corner: float = 1.0  # … and from a corner
    king_distance: float = 1.0  # attacking king far from the action
    pawn_to_go: float = 1.5  # attacking pawns far from promotion
    piece_distance: float = 0.7  # attacking pieces far from the defending king
    material: float = 1.5  # attacking material (bonus)
    defender_pawn_to_go: float = 1.0  # defender's pawns far from promotion (minor-piece attackers)
    free_flights: float = 0.0  # flight squares of the defending king neither covered nor blocked
    blockers: float = 0.5  # defender's men next to its own king (bonus)
    # Only moves that keep helpmate material: no captures, defender promotes to N or B only.
    # A pruned search may find a mate but never proves that there is none.
    prune: bool = False


STRATEGIES = (
    Strategy("hunt", 0.5),
    Strategy("net", 0.25, free_flights=1.5, blockers=0.0),
    Strategy(
        "corner",
        0.25,
        edge=2.0,
        corner=3.0,
        king_distance=0.5,
        piece_distance=1.0,
        material=1.0,
        defender_pawn_to_go=2.0,
        free_flights=2.0,
        blockers=1.0,
    ),
)
# Knights and bishops alone mate only a king walled in by its own men: keep every man on the
# board, promote the defender's pawns into blockers, and steer its king into a corner.
MINOR_PIECE_STRATEGIES = (
    Strategy("hunt", 0.2),
    Strategy(
        "walled-in",
        0.45,
        edge=3.0,
        corner=3.0,
        king_distance=1.0,
        piece_distance=0.5,
        material=0.0,
        defender_pawn_to_go=1.0,
        free_flights=1.0,
        blockers=3.0,
        prune=True,
    ),
    Strategy("net", 0.15, free_flights=1.5, blockers=0.0),
    Strategy("walled-in-greedy", 0.2, prune=True),
)


def _heuristic(board: chess.Board, color: chess.Color, strategy: Strategy) -> float:
    """Lower is closer to a mate by ``color``: a guide for the search, not an evaluation."""
    defender_king = board.king(not color)
    attacker_king = board.king(color)
    if defender_king is None or attacker_king is None:
        return 1000.0
    file, rank = chess.square_file(defender_king), chess.square_rank(defender_king)
    edge = min(file, 7 - file, rank, 7 - rank)
    corner = min(file, 7 - file) + min(rank, 7 - rank)
    score = strategy.edge * edge + strategy.corner * corner
    score += max(0, chess.square_distance(attacker_king, defender_king) - 2) * strategy.king_distance
    material = 0
    for square in chess.scan_forward(board.occupied_co[color] & ~board.kings):
        piece_type = board.piece_type_at(square)
        material += _PIECE_VALUES[piece_type]
        if piece_type == chess.PAWN:
            to_go = 7 - chess.square_rank(square) if color == chess.WHITE else chess.square_rank(square)
            score += strategy.pawn_to_go * to_go
        else:
            score += strategy.piece_distance * chess.square_distance(square, defender_king)
    score -= strategy.material * material
    if not board.occupied_co[color] & (board.pawns | board.rooks | board.queens):
        # Minor pieces mate only with the defender's help: its pawns promote into blockers.
        for square in chess.scan_forward(board.occupied_co[not color] & board.pawns):
            to_go = chess.square_rank(square) if color == chess.WHITE else 7 - chess.square_rank(square)
            score += strategy.defender_pawn_to_go * to_go
    neighbours = chess.BB_KING_ATTACKS[defender_king]
    score -= strategy.blockers * chess.popcount(neighbours & board.occupied_co[not color])
    if strategy.free_flights:
        free = 0
        for square in chess.scan_forward(neighbours & ~board.occupied_co[not color]):
            if not board.is_attacked_by(color, square):
                free += 1
        score += strategy.free_flights * free
    return score


def _key(board: chess.Board) -> tuple:
    return (
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.occupied_co[chess.WHITE],
        board.turn,
        board.castling_rights,
        board.ep_square,
    )


def can_checkmate(
    board: chess.Board,
    color: chess.Color,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    time_budget: float = DEFAULT_TIME_BUDGET,
) -> MateSearch:
    """Whether ``color`` can checkmate the opponent by any series of legal moves from ``board``.

    The budget bounds the number of positions generated and the wall-clock time.
    """
    if board.is_checkmate():
        # Whoever is to move is mated: the game is over.
        verdict: Verdict = "yes" if board.turn != color else "no"
        return MateSearch(color, verdict, method="immediate", exhausted=True)
    if material_cannot_mate(board, color):
        return MateSearch(color, "no", method="material", exhausted=True)
    if board.is_stalemate():
        return MateSearch(color, "no", method="immediate", exhausted=True)

    total_nodes = 0
    deadline = time.perf_counter() + time_budget
    minor_pieces_only = not board.occupied_co[color] & (board.pawns | board.rooks | board.queens)
    for strategy in MINOR_PIECE_STRATEGIES if minor_pieces_only else STRATEGIES:
        # Each guide has its share of the nodes; the time limit is shared by all of them.
        result = _best_first(
            board,
            color,
            strategy,
            node_budget=max(1, int(node_budget * strategy.share)),
            deadline=deadline,
        )
        total_nodes += result.nodes
        if result.verdict != "undetermined":
            result.nodes = total_nodes
            return result
    return MateSearch(color, "undetermined", nodes=total_nodes)


def _best_first(
    board: chess.Board, color: chess.Color, strategy: Strategy, *, node_budget: int, deadline: float
) -> MateSearch:
    """One best-first search over the reachable positions, guided by ``strategy``.

    Children are scored while their move is pushed on the parent and only materialised
    (copied) when popped: most generated positions are never expanded.
    """
    root = board.copy(stack=False)
    root_key = _key(root)
    parents: dict[tuple, tuple[tuple, chess.Move] | None] = {root_key: None}
    counter = itertools.count()
    heap: list[tuple[float, int, int, chess.Board, chess.Move | None, tuple]] = [
        (0.0, next(counter), 0, root, None, root_key)
    ]
    nodes = 0
    while heap:
        _priority, _order, depth, parent, last_move, position_key = heapq.heappop(heap)
        if last_move is None:
            position = parent
        else:
            position = parent.copy(stack=False)
            position.push(last_move)
        for move in position.generate_legal_moves():
            if strategy.prune and (
                position.is_capture(move)
                or (position.turn != color and move.promotion in (chess.QUEEN, chess.ROOK))
            ):
                continue
            position.push(move)
            nodes += 1
            key = _key(position)
            if key not in parents:
                parents[key] = (position_key, move)
                if position.is_check() and position.turn != color and position.is_checkmate():
                    line_moves = _line(parents, key)
                    position.pop()
                    return MateSearch(color, "yes", line=_san_line(board, line_moves), nodes=nodes)
                priority = _heuristic(position, color, strategy) + 0.05 * depth
                heapq.heappush(heap, (priority, next(counter), depth + 1, position, move, key))
            position.pop()
        if nodes >= node_budget or time.perf_counter() > deadline:
            return MateSearch(color, "undetermined", nodes=nodes)
    if strategy.prune:
        return MateSearch(color, "undetermined", nodes=nodes)
    return MateSearch(color, "no", nodes=nodes, exhausted=True)


def _line(parents: dict, key: tuple) -> list[chess.Move]:
    moves = []
    entry = parents[key]
    while entry is not None:
        parent_key, move = entry
        moves.append(move)
        entry = parents[parent_key]
    moves.reverse()
    return moves


def _san_line(board: chess.Board, moves: list[chess.Move]) -> list[str]:
    replay = board.copy(stack=False)
    line = []
    for move in moves:
        line.append(replay.san(move))
        replay.push(move)
    return line


@dataclass
class DeadPositionResult:
    dead: bool | None  # None: undetermined
    white: MateSearch
    black: MateSearch

    @property
    def verdict(self) -> Verdict:
        return "undetermined" if self.dead is None else ("yes" if self.dead else "no")


def dead_position(
    board: chess.Board, *, node_budget: int = DEFAULT_NODE_BUDGET, time_budget: float = DEFAULT_TIME_BUDGET
) -> DeadPositionResult:
    """Art. 5.2.2: neither player can checkmate by any series of legal moves."""
    white = can_checkmate(board, chess.WHITE, node_budget=node_budget, time_budget=time_budget)
    black = can_checkmate(board, chess.BLACK, node_budget=node_budget, time_budget=time_budget)
    if white.verdict == "yes" or black.verdict == "yes":
        dead: bool | None = False
    elif white.verdict == "no" and black.verdict == "no":
        dead = True
    else:
        dead = None
    return DeadPositionResult(dead, white, black)


def dead_by_material(board: chess.Board) -> bool:
    """The cheap test used for every ply: neither side has mating material (sure cases only)."""
    return material_cannot_mate(board, chess.WHITE) and material_cannot_mate(board, chess.BLACK)


def pawns_locked(board: chess.Board) -> bool:
    """No queen, rook or knight, and no pawn can advance or capture: the structure may be a
    fortress that only an exhaustive search can prove dead. Cheap enough to test every ply."""
    if board.queens | board.rooks | board.knights:
        return False
    if not board.pawns:
        return False
    for color in chess.COLORS:
        pawns = board.pawns & board.occupied_co[color]
        ahead = chess.shift_up(pawns) if color == chess.WHITE else chess.shift_down(pawns)
        if ahead & ~board.occupied:
            return False
        for square in chess.scan_forward(pawns):
            if chess.BB_PAWN_ATTACKS[color][square] & board.occupied_co[not color]:
                return False
    return True

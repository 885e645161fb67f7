"""Every line to a fixed depth: is there a helpmate by ``color`` within ``depth`` plies?

The guided searches of :mod:`positions.mate` find long helpmates but may miss a short one
that goes against their guide (a pawn promoted to a rook to wall its own king in). This
search looks at every series of legal moves up to a fixed number of plies, so that a short
helpmate is never missed and the answer does not depend on the machine's load.

It is a depth-first search with iterative deepening (the shortest mate is found first) and
a transposition table keyed by position without the move counters, which records the depth
to which a position is known to lead to no mate. Only pruning that cannot change the answer:

- a side that lacks mating material never mates, whatever follows (captures and promotions
  are examined anyway before the material is judged);
- on the last ply only checking moves can mate;
- with knights and bishops only (no pawn, rook or queen that could promote or check from
  afar), a mate needs a check: when none of the attacker's minor pieces can reach a square
  attacking any square the defending king can reach in the plies left, the line is dropped.
  A bishop never checks a king standing on the other colour.

The search runs in C (``positions/native/helpmate.c``, built by ``make build``: its own move
generator, checked against python-chess's by the tests), about a hundred times faster than
the Python one kept here, which serves where the C module could not be built and, in the
tests, as the reference the C search must agree with. In C, every line of ten plies is
searched (within a budget of positions that only a defender's new queen against minor pieces
exceeds), then deeper while a small extra budget lasts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import chess

try:
    from positions import _helpmate as native
except ImportError:  # not built (``make build`` compiles positions/native/helpmate.c)
    native = None

EXHAUSTIVE_DEPTH = 10
# The Python search's budget, used only where the C search could not be built.
EXHAUSTIVE_NODE_BUDGET = 30_000
# The C search (3 to 4 million positions a second): every line of EXHAUSTIVE_DEPTH plies
# within this budget (about ten seconds). In the benchmark of 200 flag-fall endings
# (bench/bench_flag_fall.py) 198 stay within it; the two that do not are knights or a bishop
# against a pawn that queens (the queen's moves multiply the lines), and stop at 9 plies.
# What is left of the extra budget goes deeper, ply after ply, up to NATIVE_MAX_DEPTH. Budgets
# count positions, not seconds: the answer depends on the position alone, not on the load.
NATIVE_NODE_BUDGET = 30_000_000
NATIVE_EXTRA_BUDGET = 4_000_000
NATIVE_MAX_DEPTH = 40
_NEVER = 99
_DEAD = 1 << 20  # transposition-table depth of a position where the material alone forbids a mate


@dataclass
class ExhaustiveResult:
    """``found``: a mate within ``depth`` plies (``line`` in SAN); ``none``: every line of
    ``depth`` plies examined, no mate; ``exhausted_space``: besides, no line was longer than
    the depth (the reachable positions are all known: there is no mate at all); ``budget``:
    the node budget ran out at ``depth_done`` fully searched plies."""

    outcome: Literal["found", "none", "budget"]
    depth_done: int
    nodes: int
    line: list[str] = field(default_factory=list)
    exhausted_space: bool = False


def _knight_distances() -> list[list[int]]:
    table = []
    for source in chess.SQUARES:
        distance = [_NEVER] * 64
        distance[source] = 0
        frontier = [source]
        while frontier:
            following = []
            for square in frontier:
                for target in chess.scan_forward(chess.BB_KNIGHT_ATTACKS[square]):
                    if distance[target] == _NEVER:
                        distance[target] = distance[square] + 1
                        following.append(target)
            frontier = following
        table.append(distance)
    return table


_KNIGHT_DISTANCE = _knight_distances()
_CHECK_COST: dict[tuple[int, int, int, int], int] = {}


def _check_cost(piece_type: chess.PieceType, source: chess.Square, king: chess.Square, radius: int) -> int:
    """Fewest moves for a knight or bishop on ``source`` to attack some square within
    ``radius`` king steps of ``king`` (on an empty board: a lower bound)."""
    key = (piece_type, source, king, radius)
    cost = _CHECK_COST.get(key)
    if cost is None:
        cost = _NEVER
        light = bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[source])
        for target in chess.SQUARES:
            if chess.square_distance(target, king) > radius:
                continue
            if piece_type == chess.KNIGHT:
                moves = 1 if target == source else _KNIGHT_DISTANCE[source][target] - 1
            else:
                if bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[target]) != light:
                    continue
                on_diagonal = target != source and chess.BB_DIAG_MASKS[source] & chess.BB_SQUARES[target]
                moves = 0 if on_diagonal else 1
            cost = min(cost, moves)
        _CHECK_COST[key] = cost
    return cost


def _can_check_in_time(
    board: chess.Board, color: chess.Color, attacker_moves: int, defender_moves: int
) -> bool:
    own = board.occupied_co[color]
    if own & (board.pawns | board.rooks | board.queens):
        return True
    king = board.king(not color)
    if king is None:
        return False
    radius = min(defender_moves, 7)
    for square in chess.scan_forward(own & board.knights):
        if _check_cost(chess.KNIGHT, square, king, radius) <= attacker_moves:
            return True
    for square in chess.scan_forward(own & board.bishops):
        if _check_cost(chess.BISHOP, square, king, radius) <= attacker_moves:
            return True
    return False


def san_line(board: chess.Board, moves: list[chess.Move]) -> list[str]:
    """``moves`` played from ``board``, in SAN (the mating lines every search returns)."""
    replay = board.copy(stack=False)
    line = []
    for move in moves:
        line.append(replay.san(move))
        replay.push(move)
    return line


class _BudgetSpent(Exception):
    pass


class _Search:
    def __init__(self, board: chess.Board, color: chess.Color, node_budget: int, cannot_mate) -> None:
        self.board = board.copy(stack=False)
        self.color = color
        self.node_budget = node_budget
        self.cannot_mate = cannot_mate
        self.nodes = 0
        self.table: dict[tuple, int] = {}
        self.line: list[chess.Move] = []
        self.cut = False  # some line was stopped by the depth, not by its end

    def mates_within(self, plies: int) -> bool:
        board = self.board
        key = board._transposition_key()
        known = self.table.get(key)
        if known is not None and known >= plies:
            if known < _DEAD:
                self.cut = True
            return False
        color = self.color
        if self.cannot_mate(board, color):
            self.table[key] = _DEAD
            return False
        attacking = board.turn == color
        attacker_moves = (plies + 1) // 2 if attacking else plies // 2
        defender_moves = attacker_moves - 1 if attacking else attacker_moves
        if not attacker_moves or not _can_check_in_time(board, color, attacker_moves, defender_moves):
            self.cut = True
            self.table[key] = plies
            return False
        if self.nodes >= self.node_budget:
            raise _BudgetSpent
        last = plies == 1
        any_legal = False
        for move in board.generate_legal_moves():
            any_legal = True
            if last and not board.gives_check(move):
                self.cut = True
                continue
            board.push(move)
            self.nodes += 1
            if attacking and board.is_check() and board.is_checkmate():
                self.line.append(move)
                board.pop()
                return True
            if not last and self.mates_within(plies - 1):
                self.line.append(move)
                board.pop()
                return True
            board.pop()
        # A position without a legal move (mate of the searching side, stalemate) ends the game:
        # nothing lies beyond it, whatever the depth.
        self.table[key] = plies if any_legal else _DEAD
        return False


def exhaustive_mate(
    board: chess.Board,
    color: chess.Color,
    *,
    depth: int = EXHAUSTIVE_DEPTH,
    node_budget: int = EXHAUSTIVE_NODE_BUDGET,
    cannot_mate=None,
) -> ExhaustiveResult:
    """Search every series of legal moves of up to ``depth`` plies for a mate by ``color``.

    ``cannot_mate(board, color)`` must be a sure test (never True when a mate is possible);
    by default :func:`positions.mate.material_cannot_mate`. This is the Python search; see
    :func:`exhaustive_mate_native` for the one :mod:`positions.mate` uses.
    """
    if cannot_mate is None:
        from positions.mate import material_cannot_mate as cannot_mate
    search = _Search(board, color, node_budget, cannot_mate)
    # Only a move of ``color`` mates: the depths whose last ply is the other side's add nothing
    # to the one before, and count as done with it.
    first = 1 if board.turn == color else 2
    done = min(first - 1, depth)
    try:
        for plies in range(first, depth + 1, 2):
            search.cut = False
            if search.mates_within(plies):
                line = san_line(board, list(reversed(search.line)))
                return ExhaustiveResult("found", plies, search.nodes, line)
            done = min(plies + 1, depth)
            if not search.cut:
                # No line reached the depth: every reachable position has been seen.
                return ExhaustiveResult("none", done, search.nodes, exhausted_space=True)
    except _BudgetSpent:
        return ExhaustiveResult("budget", done, search.nodes)
    return ExhaustiveResult("none", done, search.nodes)


def native_available(board: chess.Board | None = None) -> bool:
    """The C search was built and handles this position: standard chess (not Chess960) and a
    legal position (one king each, no pawn on the first or last rank, the side that has just
    moved not in check). Illegal positions, which the bank shows on purpose, go to the Python
    search."""
    return native is not None and (board is None or (not board.chess960 and board.is_valid()))


def _native_arguments(board: chess.Board) -> tuple:
    squares = bytearray(64)
    for square, piece in board.piece_map().items():
        squares[square] = piece.piece_type | (8 if piece.color == chess.WHITE else 0)
    ep_square = board.ep_square if board.ep_square is not None else -1
    return bytes(squares), board.turn, board.clean_castling_rights(), ep_square


def exhaustive_mate_native(
    board: chess.Board,
    color: chess.Color,
    *,
    depth: int = EXHAUSTIVE_DEPTH,
    node_budget: int = NATIVE_NODE_BUDGET,
    max_depth: int = NATIVE_MAX_DEPTH,
    extra_budget: int = NATIVE_EXTRA_BUDGET,
) -> ExhaustiveResult:
    """The same search as :func:`exhaustive_mate` in C: every line of ``depth`` plies (within
    ``node_budget`` positions), then deeper, up to ``max_depth``, while the positions searched
    stay under ``extra_budget``. Its pruning and its material test are those of this module
    and of :func:`positions.mate.material_cannot_mate`."""
    outcome, depth_done, nodes, moves, exhausted = native.search(
        *_native_arguments(board), color, depth, node_budget, max_depth=max_depth, extra_budget=extra_budget
    )
    played = [chess.Move(source, target, promotion or None) for source, target, promotion in moves]
    line = san_line(board, played) if outcome == "found" else []
    return ExhaustiveResult(outcome, depth_done, nodes, line, exhausted_space=exhausted)


def perft(board: chess.Board, depth: int) -> int:
    """Leaf count of the C move generator, to compare with python-chess's (tests)."""
    return native.perft(*_native_arguments(board), depth)

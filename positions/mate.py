"""Can a side checkmate "by any possible series of legal moves"? (Articles 5.2.2, 6.9, 7.5.5)

The Laws ask whether a mate is *possible*, not whether it can be forced: both sides may
cooperate (a helpmate). :func:`can_checkmate` answers ``"yes"`` (with the mating line),
``"no"`` or ``"undetermined"``:

1. Material alone settles many cases (Art. 5.2.2 commentary, 6.9): a lone king never
   mates; a king and one knight, or a king and bishops all on squares of one colour, cannot
   mate a lone king; when the only pieces besides the kings are bishops all on one colour,
   nobody can mate. Careful: K+N against K+P, or K+B against K+N, *can* allow a helpmate,
   because the defender's own men may block its king; those go to the search.
2. Otherwise every line is searched to a fixed depth (:mod:`positions.helpmate`): a short
   helpmate is never missed, whichever way the guides below lean.
3. Then a best-first search over the positions reachable by legal moves, with a
   transposition table, steers towards mating patterns (defending king to the edge,
   attackers closer, pawns promoting). When the set of reachable positions is exhausted
   without a mate (blocked pawn chains where only kings and shut-in pieces move), the answer
   is ``"no"``; when the node or time budget runs out first, ``"undetermined"``.
4. With few men (at most two besides the kings), the search is first guided by the mating
   patterns themselves: the checkmates of that material near a corner are enumerated once
   (retrograde knowledge of the small endgames), and a position is scored by the number of
   moves its men need to reach the nearest of them (with a third man of the defender's, the
   patterns leave one of its men out). This finds the helpmates in which the defender's own
   men must wall its king in (K+B v K+N for the knight's side, K+N v K+P, K+B v K+N+P),
   where the general guides wander. It guides only the minor pieces' searches.

Positions after which the game would end (checkmate of the searching side, stalemate) are
not expanded. The 75-move and fivefold rules are ignored, as a "series of legal moves" is.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

import chess

from positions.helpmate import EXHAUSTIVE_DEPTH, EXHAUSTIVE_NODE_BUDGET, exhaustive_mate

Verdict = Literal["yes", "no", "undetermined"]

# The wall clock bounds a search only as a safeguard for a loaded server; tests replace it
# (see tests/positions/conftest.py) so that their verdicts depend on the node budget alone.
_clock = time.perf_counter

DEFAULT_NODE_BUDGET = 180_000  # a sixth for the exhaustive search, the rest for the guides
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
    method: Literal["material", "search", "immediate", "exhaustive"] = "search"
    nodes: int = 0
    exhausted: bool = False  # the whole reachable position space was explored
    exhaustive_depth: int = 0  # plies to which every line was searched (no shorter mate exists)

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
# Towards the enumerated mating patterns (see pattern_guide); pruned like "walled-in".
PATTERN_STRATEGY = Strategy("pattern", 0.6, prune=True)
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


# --------------------------------------------------------------------------- mating patterns

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


def can_checkmate(
    board: chess.Board,
    color: chess.Color,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    time_budget: float = DEFAULT_TIME_BUDGET,
    exhaustive_depth: int = EXHAUSTIVE_DEPTH,
    exhaustive_budget: int = EXHAUSTIVE_NODE_BUDGET,
) -> MateSearch:
    """Whether ``color`` can checkmate the opponent by any series of legal moves from ``board``.

    First every line of ``exhaustive_depth`` plies (:mod:`positions.helpmate`, bounded by
    ``exhaustive_budget`` positions), then the guided searches, whose budget bounds the
    number of positions generated and the wall-clock time.
    """
    if board.is_checkmate():
        # Whoever is to move is mated: the game is over.
        verdict: Verdict = "yes" if board.turn != color else "no"
        return MateSearch(color, verdict, method="immediate", exhausted=True)
    if material_cannot_mate(board, color):
        return MateSearch(color, "no", method="material", exhausted=True)
    if board.is_stalemate():
        return MateSearch(color, "no", method="immediate", exhausted=True)

    # Every line to a fixed depth first: a short helpmate is never missed, whatever the guides
    # prefer, and the answer depends on the position alone (not on the machine's load).
    # It takes its share of the node budget (at most a fifth), the guides the rest.
    exhaustive_budget = max(1, min(exhaustive_budget, node_budget // 5))
    exhaustive = exhaustive_mate(board, color, depth=exhaustive_depth, node_budget=exhaustive_budget)
    node_budget = max(1, node_budget - exhaustive.nodes)
    if exhaustive.outcome == "found":
        return MateSearch(
            color, "yes", line=exhaustive.line, method="exhaustive", nodes=exhaustive.nodes,
            exhaustive_depth=exhaustive.depth_done,
        )  # fmt: skip
    if exhaustive.exhausted_space:
        return MateSearch(
            color, "no", method="exhaustive", nodes=exhaustive.nodes, exhausted=True,
            exhaustive_depth=exhaustive.depth_done,
        )  # fmt: skip

    total_nodes = exhaustive.nodes
    minor_pieces_only = not board.occupied_co[color] & (board.pawns | board.rooks | board.queens)
    strategies = MINOR_PIECE_STRATEGIES if minor_pieces_only else STRATEGIES
    # Rooks, queens and pawns mate a hunted king without the defender's help: the general
    # guides find those at once, the patterns are for the minor pieces' helpmates.
    guide = pattern_guide(board, color) if minor_pieces_only else None
    # The time limit starts once the patterns are enumerated: their first enumeration in a
    # process (seconds, cached afterwards) must not turn the first page's answer into
    # "undetermined" while the next page, served from the cache, says "yes".
    deadline = _clock() + time_budget
    if guide is not None:
        strategies = (PATTERN_STRATEGY, *strategies)
    general_budget = node_budget
    for strategy in strategies:
        # Each guide has its share of the nodes; the time limit is shared by all of them. What
        # the pattern guide leaves unused (its pruned space may be tiny, e.g. locked pawns) goes
        # to the general guides, whose exhaustive searches alone can prove that there is no mate.
        if strategy is PATTERN_STRATEGY:
            strategy_budget = int(node_budget * strategy.share)
        else:
            strategy_budget = int(general_budget * strategy.share)
        result = _best_first(
            board,
            color,
            strategy,
            node_budget=max(1, strategy_budget),
            deadline=deadline,
            guide=guide if strategy is PATTERN_STRATEGY else None,
        )
        if strategy is PATTERN_STRATEGY:
            general_budget = max(1, node_budget - result.nodes)
        total_nodes += result.nodes
        if result.verdict != "undetermined":
            result.nodes = total_nodes
            result.exhaustive_depth = exhaustive.depth_done
            return result
    return MateSearch(color, "undetermined", nodes=total_nodes, exhaustive_depth=exhaustive.depth_done)


def _best_first(
    board: chess.Board,
    color: chess.Color,
    strategy: Strategy,
    *,
    node_budget: int,
    deadline: float,
    guide: Callable[[chess.Board], float] | None = None,
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
                score = guide(position) if guide is not None else _heuristic(position, color, strategy)
                priority = score + 0.05 * depth
                heapq.heappush(heap, (priority, next(counter), depth + 1, position, move, key))
            position.pop()
        if nodes >= node_budget or _clock() > deadline:
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

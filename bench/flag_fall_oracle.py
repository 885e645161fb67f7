"""A deliberately plain oracle for "can this side checkmate by any series of legal moves?".

It shares no code with :mod:`positions.mate` or :mod:`positions.helpmate`: a breadth-first
walk over every position reachable by legal moves (identified by the first four FEN fields),
with no pruning and no guide, until a checkmate by the side is met, the reachable positions
run out, or the cap on positions is reached. Breadth first, the first mate it meets is a
shortest one, and when it stops at the cap every mate shorter than ``depth_done`` plies is
known not to exist. Used by ``bench/bench_flag_fall.py`` and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess


@dataclass
class OracleAnswer:
    verdict: str  # "yes", "no" or "unknown" (cap reached)
    depth_done: int  # every line of this many plies was examined
    plies: int = 0  # length of the shortest mate, when "yes"
    positions: int = 0


def _identity(board: chess.Board) -> str:
    return " ".join(board.fen().split()[:4])


def oracle(fen: str, color: chess.Color, *, cap: int = 5_000) -> OracleAnswer:
    start = chess.Board(fen)
    if start.is_checkmate():
        return OracleAnswer("yes" if start.turn != color else "no", 0)
    seen = {_identity(start)}
    frontier = [start]
    depth = 0
    while frontier:
        following = []
        for board in frontier:
            for move in board.legal_moves:
                child = board.copy(stack=False)
                child.push(move)
                if child.is_checkmate() and child.turn != color:
                    return OracleAnswer("yes", depth, plies=depth + 1, positions=len(seen))
                identity = _identity(child)
                if identity in seen:
                    continue
                seen.add(identity)
                following.append(child)
                if len(seen) >= cap:
                    return OracleAnswer("unknown", depth, positions=len(seen))
        frontier = following
        depth += 1
    return OracleAnswer("no", depth, positions=len(seen))


def line_mates(fen: str, color: chess.Color, line: list[str]) -> bool:
    """The SAN ``line`` is legal from ``fen`` and ends with ``color`` checkmating."""
    board = chess.Board(fen)
    try:
        for san in line:
            board.push_san(san)
    except ValueError:
        return False
    return board.is_checkmate() and board.turn != color

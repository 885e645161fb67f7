"""Mate searches for the analysis: cached by position, and run after every ply on locked pawns.

Art. 5.2.2 (dead position) asks whether either side can still checkmate "by any series of legal
moves" (:mod:`positions.mate`); the answer is cached per position in this process and, when
definite, in Django's cache shared by the workers.
"""

from __future__ import annotations

import hashlib
from functools import cache as computed_once
from functools import lru_cache
from pathlib import Path

import chess
from django.conf import settings
from django.core.cache import caches

from positions import mate


def repetition_key(board: chess.Board) -> tuple:
    """The identity of a position per Art. 9.2.2.

    Same player to move, same men on the same squares, same castling *rights* (a right is
    lost once the king or rook has moved, 9.2.2.2, even if castling was momentarily
    impossible before), and an en passant square only when an en passant capture is legal
    (9.2.2.1: a pawn that *could* have been captured en passant).
    """
    return (
        board.board_fen(),
        board.turn,
        board.clean_castling_rights(),
        board.ep_square if board.has_legal_en_passant() else None,
    )


def _search(
    fen: str,
    color: chess.Color,
    node_budget: int,
    time_budget: float,
    native_budget: int = mate.NATIVE_NODE_BUDGET,
) -> mate.MateSearch:
    """Mate searches are cached by position: in this process (the same game is often analysed
    in both languages) and, for definite answers, in Django's cache shared by the workers.

    A definite answer ("yes" with its line, "no") is true whatever budget found it, so it is
    cached under the position alone and looked up first: every page (reference positions,
    analysis, questions) then shows the same verdict for the same position, whichever asked
    first, even after this process kept an "undetermined" found on a loaded machine."""
    cached = _verdicts().get(_definite_key(fen, color))
    if cached is not None:
        verdict, line, method, nodes = cached
        return mate.MateSearch(
            color, verdict, line=list(line), method=method, nodes=nodes, exhausted=verdict == "no"
        )
    return _search_in_process(fen, color, node_budget, time_budget, native_budget)


def _verdicts():
    """The cache that keeps definite verdicts: Django's shared cache (settings.ENGINE_VERDICT_CACHE
    names another under test, one that outlives the run: tests/README)."""
    return caches[settings.ENGINE_VERDICT_CACHE]


@computed_once
def engine_fingerprint() -> str:
    """What a verdict depends on: the search's code (Python and C) and python-chess's version.
    It is part of every key, so that a changed engine never reads a verdict of the old one."""
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256(chess.__version__.encode())
    sources = [here / name for name in ("mate.py", "helpmate.py", "patterns.py")]
    sources += sorted((here / "native").glob("*.c"))
    for path in sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _definite_key(fen: str, color: chess.Color) -> str:
    position = hashlib.sha256(f"{fen}|{int(color)}".encode()).hexdigest()[:40]
    return f"positions:mate:{engine_fingerprint()}:{position}"


@lru_cache(maxsize=512)
def _search_in_process(
    fen: str, color: chess.Color, node_budget: int, time_budget: float, native_budget: int
) -> mate.MateSearch:
    result = mate.can_checkmate(
        chess.Board(fen), color, node_budget=node_budget, time_budget=time_budget, native_budget=native_budget
    )
    if result.verdict != "undetermined":  # an undetermined answer may depend on the machine's load
        answer = (result.verdict, tuple(result.line), result.method, result.nodes)
        _verdicts().set(_definite_key(fen, color), answer, timeout=None)
    return result


_search.cache_clear = _search_in_process.cache_clear  # type: ignore[attr-defined]


def _search_fen(board: chess.Board) -> str:
    """The FEN a mate search is cached under: the move counters play no part in "any series of
    legal moves" (9.6 is ignored there), so positions differing only by them share one search."""
    return " ".join([*board.fen().split()[:4], "0", "1"])


LOCKED_NODE_BUDGET = 20_000  # per position and side
# Per analysis: the per-ply proofs of 5.2.2 on locked structures. A long game of shuffling
# bishops behind a locked chain must not cost a search at every ply (the API is public).
LOCKED_TOTAL_BUDGET = 200_000
# The same for the exhaustive search in C (positions: about half a second per position and
# side, four seconds per analysis at most).
LOCKED_NATIVE_BUDGET = 2_000_000
LOCKED_NATIVE_TOTAL_BUDGET = 16_000_000


class _DeadAfterPly:
    """Art. 5.2.2 checked after every ply: by material, and by an exhaustive search of the
    (small) reachable space when the pawns are locked — the game ends at that very ply.

    Each distinct position is searched once per analysis, within a total node budget; once it
    is spent, the remaining plies are judged by material only (the final position still gets
    its full search)."""

    def __init__(
        self, total_budget: int = LOCKED_TOTAL_BUDGET, native_total_budget: int = LOCKED_NATIVE_TOTAL_BUDGET
    ) -> None:
        self.remaining = total_budget
        self.native_remaining = native_total_budget
        self.known: dict[str, bool] = {}

    def __call__(self, board: chess.Board) -> bool:
        if mate.dead_by_material(board):
            return True
        if not mate.pawns_locked(board):
            return False
        fen = _search_fen(board)
        if fen not in self.known:
            if self.remaining <= 0 or self.native_remaining <= 0:
                return False
            dead = True
            for color in chess.COLORS:
                result = _search(
                    fen, color, min(LOCKED_NODE_BUDGET, self.remaining), 1.0,
                    min(LOCKED_NATIVE_BUDGET, self.native_remaining),
                )  # fmt: skip
                self.remaining -= max(1, result.nodes)
                self.native_remaining -= result.native_nodes
                if result.verdict != "no":
                    dead = False
                    break
            self.known[fen] = dead
        return self.known[fen]

"""Flag falls in endings (Art. 6.9): the engine's verdict against a plain oracle.

A reproducible set of endings with at most six men (minor pieces and pawns against a bare or
nearly bare king, blocked pawns, opposite-coloured bishops, plus the positions of issue 8),
generated from a seed. For each, the side whose flag did not fall is asked "can you still
checkmate by any series of legal moves?" by ``positions.engine`` (the cached search every page
uses) and by ``bench/flag_fall_oracle.py`` (a breadth-first walk with no pruning):

- a "yes" must come with a line that the oracle replays to a checkmate by that side;
- a "no" must not meet a mate found by the oracle, nor a "yes" a space the oracle exhausted;
- the figures: verdict counts, undetermined count, time per search (p50, p95, worst).

Writes ``bench/results/flag_fall.json``. ``--count N`` and ``--seed S`` change the set.
"""

from __future__ import annotations

import argparse
import random
import time

from common import setup, summarise_ms, write_result

EXHAUSTIVE_DEPTH = 10  # positions.helpmate.EXHAUSTIVE_DEPTH (imported after Django's set-up)

ISSUE_POSITIONS = [
    ("issue 8: K+N v K+P, pawn on h2", "8/8/8/8/3N4/5K2/7p/7k b - - 0 1", True),
    ("issue 8: K+N v K+P, pawn on h3", "8/8/8/8/8/7p/5N1k/5K2 b - - 0 1", True),
]

# Material of the side that may still mate, and of the side whose flag fell (kings apart).
MATERIALS = {
    "minor v bare": [("N", ""), ("B", ""), ("NN", ""), ("BN", ""), ("BB", "")],
    "minor v pawns": [("N", "p"), ("B", "p"), ("N", "pp"), ("B", "pp"), ("NN", "p"), ("B", "n"), ("N", "b")],
    "pawns v bare": [("P", ""), ("PP", "")],
    "pawns v minor": [("P", "n"), ("P", "b"), ("PP", "n")],
}


def _place(board, piece, rng, squares) -> bool:
    import chess

    for _ in range(200):
        square = rng.choice(squares)
        if board.piece_at(square) is None:
            if piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):
                continue
            board.set_piece_at(square, piece)
            return True
    return False


def _valid(board) -> bool:
    return board.is_valid() and not board.is_checkmate() and not board.is_stalemate()


def _material_ending(rng, attacker: str, defender: str):
    import chess

    while True:
        board = chess.Board(None)
        board.set_piece_at(rng.choice(chess.SQUARES), chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(rng.choice(chess.SQUARES), chess.Piece(chess.KING, chess.BLACK))
        if chess.popcount(board.kings) < 2:
            continue
        for symbol in attacker:
            _place(board, chess.Piece.from_symbol(symbol), rng, chess.SQUARES)
        for symbol in defender:
            _place(board, chess.Piece.from_symbol(symbol), rng, chess.SQUARES)
        board.turn = rng.choice(chess.COLORS)
        if _valid(board):
            return board, chess.WHITE


def _blocked_ending(rng):
    """Kings and 1-2 pairs of pawns blocking each other, sometimes with a bishop each."""
    import chess

    while True:
        board = chess.Board(None)
        files = rng.sample(range(8), rng.choice((1, 2)))
        for file in files:
            rank = rng.randint(1, 5)
            board.set_piece_at(chess.square(file, rank), chess.Piece(chess.PAWN, chess.WHITE))
            board.set_piece_at(chess.square(file, rank + 1), chess.Piece(chess.PAWN, chess.BLACK))
        free = [square for square in chess.SQUARES if board.piece_at(square) is None]
        board.set_piece_at(rng.choice(free), chess.Piece(chess.KING, chess.WHITE))
        free = [square for square in chess.SQUARES if board.piece_at(square) is None]
        board.set_piece_at(rng.choice(free), chess.Piece(chess.KING, chess.BLACK))
        if len(files) == 1 and rng.random() < 0.5:
            _place(board, chess.Piece(chess.BISHOP, chess.WHITE), rng, chess.SQUARES)
            _place(board, chess.Piece(chess.BISHOP, chess.BLACK), rng, chess.SQUARES)
        board.turn = rng.choice(chess.COLORS)
        if _valid(board):
            return board, rng.choice(chess.COLORS)


def _opposite_bishops(rng):
    """K+B(+P) v K+B(+P) with bishops on squares of opposite colours."""
    import chess

    while True:
        board = chess.Board(None)
        for color in chess.COLORS:
            _place(board, chess.Piece(chess.KING, color), rng, chess.SQUARES)
        light = [s for s in chess.SQUARES if chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[s]]
        dark = [s for s in chess.SQUARES if not chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[s]]
        white_light = rng.random() < 0.5
        _place(board, chess.Piece(chess.BISHOP, chess.WHITE), rng, light if white_light else dark)
        _place(board, chess.Piece(chess.BISHOP, chess.BLACK), rng, dark if white_light else light)
        for _ in range(rng.choice((0, 1, 2))):
            _place(board, chess.Piece(chess.PAWN, rng.choice(chess.COLORS)), rng, chess.SQUARES)
        board.turn = rng.choice(chess.COLORS)
        if _valid(board):
            return board, rng.choice(chess.COLORS)


def endings(count: int, seed: int) -> list[tuple[str, str, bool]]:
    """``count`` endings as (family, FEN, colour that may mate), reproducible from ``seed``."""
    import chess

    rng = random.Random(seed)
    result = list(ISSUE_POSITIONS)
    families = [*MATERIALS, "blocked pawns", "opposite bishops"]
    while len(result) < count:
        family = families[len(result) % len(families)]
        if family == "blocked pawns":
            board, color = _blocked_ending(rng)
        elif family == "opposite bishops":
            board, color = _opposite_bishops(rng)
        else:
            attacker, defender = rng.choice(MATERIALS[family])
            board, color = _material_ending(rng, attacker, defender)
            if rng.random() < 0.5:  # the same ending with the colours swapped
                board, color = board.mirror(), chess.BLACK
        result.append((family, board.fen(), color))
    return result


def summarise_depths(rows: list[dict]) -> dict[str, int]:
    """How many searches went how deep (every line), for those the material did not settle."""
    depths: dict[str, int] = {}
    for row in rows:
        if row["method"] in ("material", "immediate"):
            continue
        key = str(row["exhaustive_depth"])
        depths[key] = depths.get(key, 0) + 1
    return dict(sorted(depths.items(), key=lambda item: int(item[0])))


def _figures(
    rows: list[dict], disagreements: list[dict], samples: list[float], seed: int
) -> tuple[dict, str]:
    verdicts = {
        name: sum(1 for row in rows if row["verdict"] == name) for name in ("yes", "no", "undetermined")
    }
    worst = max(rows, key=lambda row: row["ms"])
    figures = {
        "count": len(rows),
        "seed": seed,
        "verdicts": verdicts,
        "undetermined": verdicts["undetermined"],
        "disagreements": disagreements,
        "search": summarise_ms(samples),
        "worst": worst,
        "families": {
            family: {
                name: sum(1 for row in rows if row["family"] == family and row["verdict"] == name)
                for name in ("yes", "no", "undetermined")
            }
            for family in dict.fromkeys(row["family"] for row in rows)
        },
        "oracle_confirms": {
            "yes": sum(1 for row in rows if row["verdict"] == "yes" and row["oracle"] == "yes"),
            "no": sum(1 for row in rows if row["verdict"] == "no" and row["oracle"] == "no"),
        },
        "undetermined_positions": [row for row in rows if row["verdict"] == "undetermined"],
        # Every line searched to the fixed depth (EXHAUSTIVE_DEPTH) before any guided search:
        # the rows whose exhaustive search stopped short (neither a mate found nor the space
        # exhausted before that depth) must be none.
        "fixed_depth": EXHAUSTIVE_DEPTH,
        "short_of_fixed_depth": [
            row for row in rows
            if row["method"] not in ("material", "immediate", "exhaustive")
            and row["exhaustive_depth"] < EXHAUSTIVE_DEPTH
        ],
        "exhaustive_depth_reached": summarise_depths(rows),
        "native_nodes_max": max(row["native_nodes"] for row in rows),
    }
    summary = (
        f"{len(rows)} endings: {verdicts['yes']} yes, {verdicts['no']} no, "
        f"{verdicts['undetermined']} undetermined; "
        f"{len(disagreements)} disagreements with the oracle; "
        f"{len(figures['short_of_fixed_depth'])} searched short of {EXHAUSTIVE_DEPTH} plies; "
        f"p50 {figures['search']['p50_ms']} ms, "
        f"worst {worst['ms']} ms ({worst['fen']})"
    )
    return figures, summary


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=69)
    parser.add_argument("--oracle-cap", type=int, default=4_000)
    arguments = parser.parse_args()
    setup()
    import chess
    from django.core.cache import cache
    from flag_fall_oracle import line_mates, oracle

    from positions import engine, helpmate

    assert helpmate.EXHAUSTIVE_DEPTH == EXHAUSTIVE_DEPTH
    print("exhaustive search in", "C" if helpmate.native_available() else "Python (no C module built)")
    cache.clear()
    engine._search.cache_clear()
    rows = []
    disagreements = []
    samples = []
    for family, fen, color in endings(arguments.count, arguments.seed):
        board = chess.Board(fen)
        start = time.perf_counter()
        result = engine._search(engine._search_fen(board), color, engine.mate.DEFAULT_NODE_BUDGET, 2.0)
        elapsed = (time.perf_counter() - start) * 1000
        samples.append(elapsed)
        answer = oracle(fen, color, cap=arguments.oracle_cap)
        problem = None
        if result.verdict == "yes" and not line_mates(fen, color, result.line):
            problem = "the engine's mating line does not mate"
        elif result.verdict == "yes" and answer.verdict == "no":
            problem = "the engine says yes, the oracle exhausted every position without a mate"
        elif result.verdict == "no" and answer.verdict == "yes":
            problem = "the engine says no, the oracle found a mate"
        elif result.verdict == "undetermined" and answer.verdict == "yes" and answer.plies <= 10:
            problem = "undetermined, yet the oracle found a mate within 10 plies"
        row = {
            "family": family,
            "fen": fen,
            "side": "white" if color == chess.WHITE else "black",
            "verdict": result.verdict,
            "method": result.method,
            "line_plies": len(result.line),
            "exhaustive_depth": result.exhaustive_depth,
            "native_nodes": result.native_nodes,
            "ms": round(elapsed, 1),
            "oracle": answer.verdict,
            "oracle_depth": answer.depth_done,
            "oracle_plies": answer.plies,
        }
        rows.append(row)
        if problem:
            disagreements.append({**row, "problem": problem})
        print(f"{len(rows)} {row['verdict']} {row['ms']} ms {fen}", flush=True)
        if len(rows) % 20 == 0:  # partial figures, in case the run is stopped
            partial, partial_summary = _figures(rows, disagreements, samples, arguments.seed)
            partial["complete"] = False
            write_result("flag_fall", partial, partial_summary)
    figures, summary = _figures(rows, disagreements, samples, arguments.seed)
    figures["complete"] = True
    write_result("flag_fall", figures, summary)


if __name__ == "__main__":
    main()

"""The exhaustive helpmate search in C (positions/native/helpmate.c): its move generator counts
as python-chess's does, and its answers are those of the Python search it replaces."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import chess
import pytest

from positions import helpmate, mate
from positions.helpmate import exhaustive_mate, exhaustive_mate_native, perft

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from flag_fall_oracle import line_mates, oracle

KNIGHT_PAWN_H2 = "8/8/8/8/3N4/5K2/7p/7k b - - 0 1"
KNIGHT_PAWN_H3 = "8/8/8/8/8/7p/5N1k/5K2 b - - 0 1"
OPPOSITE_BISHOPS = "6k1/8/1p6/8/7P/7b/5B2/7K b - - 0 1"


def test_the_c_module_is_built_by_make_build():
    assert helpmate.native_available(), "run `make build` (bin/build-native compiles the module)"


# The published perft figures of the usual test positions (castling through and out of check,
# en passant with a pinned pawn, promotions with capture, discovered checks).
@pytest.mark.parametrize(
    ("fen", "depth", "leaves"),
    [
        (chess.STARTING_FEN, 4, 197_281),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89_890),
    ],
)
def test_the_move_generator_counts_the_published_perft_figures(fen, depth, leaves):
    assert perft(chess.Board(fen), depth) == leaves


def _python_perft(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += _python_perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize(
    "fen",
    [
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # en passant just given
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",  # en passant that would uncover a check on its king
        "r3k3/1P6/8/8/8/8/6p1/4K2R b Kq - 0 1",  # promotions, castling rights on both sides
        "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1",  # castling through an attacked square
        KNIGHT_PAWN_H2,
        OPPOSITE_BISHOPS,
    ],
)
def test_the_move_generator_agrees_with_python_chess(fen):
    board = chess.Board(fen)
    assert perft(board, 3) == _python_perft(board, 3)


def _random_endings(count: int, seed: int) -> list[chess.Board]:
    """Endings of up to six men as the flag-fall benchmark draws them (minor pieces, pawns,
    the odd rook), with either side to move."""
    rng = random.Random(seed)
    materials = ["N", "B", "NN", "BN", "BB", "Np", "Bp", "Bn", "Nb", "P", "PP", "Pn", "Pb", "R", "Bpp", "Q"]
    boards = []
    while len(boards) < count:
        board = chess.Board(None)
        men = ["K", "k", *rng.choice(materials)]
        for symbol in men:
            piece = chess.Piece.from_symbol(symbol)
            squares = [s for s in chess.SQUARES if board.piece_at(s) is None]
            if piece.piece_type == chess.PAWN:
                squares = [s for s in squares if chess.square_rank(s) not in (0, 7)]
            board.set_piece_at(rng.choice(squares), piece)
        board.turn = rng.choice(chess.COLORS)
        if board.is_valid() and not board.is_game_over():
            boards.append(board)
    return boards


@pytest.mark.parametrize("board", _random_endings(60, seed=8), ids=lambda board: board.fen())
def test_the_c_search_answers_as_the_python_search_does(board):
    for color in chess.COLORS:
        python = exhaustive_mate(board, color, depth=5, node_budget=10**9)
        native = exhaustive_mate_native(board, color, depth=5, max_depth=5)
        assert (native.outcome, native.depth_done, native.exhausted_space) == (
            python.outcome,
            python.depth_done,
            python.exhausted_space,
        )
        if native.outcome == "found":
            assert len(native.line) == len(python.line)
            assert line_mates(board.fen(), color, native.line)


def test_every_line_of_ten_plies_is_searched_on_the_issue_positions():
    for fen, plies in ((KNIGHT_PAWN_H2, 10), (KNIGHT_PAWN_H3, 8)):
        result = exhaustive_mate_native(chess.Board(fen), chess.WHITE, max_depth=10)
        assert result.outcome == "found" and len(result.line) == plies
        assert line_mates(fen, chess.WHITE, result.line)
        shorter = exhaustive_mate_native(chess.Board(fen), chess.WHITE, depth=plies - 1, max_depth=plies - 1)
        assert (shorter.outcome, shorter.depth_done) == ("none", plies - 1)
    # Breadth first, the plain oracle finds no shorter mate either.
    assert oracle(KNIGHT_PAWN_H3, chess.WHITE, cap=100_000).plies == 8


def test_opposite_bishops_are_searched_to_ten_plies_then_deeper():
    board = chess.Board(OPPOSITE_BISHOPS)
    # Black moves first: white's mates fall on even plies, so ten plies cover eleven.
    result = exhaustive_mate_native(board, chess.WHITE, extra_budget=0)
    assert (result.outcome, result.depth_done) == ("none", 11)
    result = exhaustive_mate_native(board, chess.BLACK, extra_budget=0)
    assert (result.outcome, result.depth_done) == ("none", 10)
    # With the extra budget, deeper plies: white's pawn queens and mates in twelve.
    deeper = exhaustive_mate_native(board, chess.WHITE, extra_budget=20_000_000)
    assert deeper.outcome == "found" and len(deeper.line) == 12
    assert line_mates(OPPOSITE_BISHOPS, chess.WHITE, deeper.line)


def test_a_locked_structure_has_no_mate_within_sixteen_plies_and_the_engine_proves_it_dead():
    board = chess.Board("8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3/8 b - - 0 1")
    result = exhaustive_mate_native(board, chess.WHITE, depth=16, max_depth=16)
    assert (result.outcome, result.depth_done) == ("none", 16)
    assert mate.can_checkmate(board, chess.WHITE).verdict == "no"


def test_a_space_without_lines_as_long_as_the_depth_is_exhausted():
    # Two blocked pawns and two lone kings after a capture: no line but ends in dead material.
    board = chess.Board("8/8/8/3k4/3p4/3P4/3K4/8 w - - 0 1")
    result = exhaustive_mate_native(board, chess.WHITE, depth=10, max_depth=10)
    python = exhaustive_mate(board, chess.WHITE, depth=10, node_budget=10**7)
    assert result.outcome == python.outcome == "none"
    assert result.exhausted_space == python.exhausted_space


def test_a_spent_budget_says_so_before_the_fixed_depth():
    result = exhaustive_mate_native(chess.Board(OPPOSITE_BISHOPS), chess.WHITE, node_budget=1_000)
    assert result.outcome == "budget" and result.depth_done < 10


def test_the_engine_answers_the_issue_positions_before_any_guided_search(monkeypatch):
    def no_guide(*_arguments, **_keywords):
        raise AssertionError("the guided search ran")

    monkeypatch.setattr(mate, "_best_first", no_guide)
    for fen in (KNIGHT_PAWN_H2, KNIGHT_PAWN_H3):
        result = mate.can_checkmate(chess.Board(fen), chess.WHITE, time_budget=0.0)
        assert (result.verdict, result.method) == ("yes", "exhaustive")
        assert result.exhaustive_depth <= 10 and result.native_nodes > 0


def test_without_the_c_module_the_python_search_answers(monkeypatch):
    monkeypatch.setattr(helpmate, "native", None)
    result = mate.can_checkmate(chess.Board(KNIGHT_PAWN_H3), chess.WHITE)
    assert result.verdict == "yes" and result.native_nodes == 0
    assert line_mates(KNIGHT_PAWN_H3, chess.WHITE, result.line)


def test_the_c_module_refuses_a_board_without_its_kings():
    arguments = helpmate._native_arguments(chess.Board("8/8/8/8/8/8/8/K7 w - - 0 1"))
    with pytest.raises(ValueError, match="king"):
        helpmate.native.search(*arguments, chess.WHITE, 4, 1000)


def test_an_illegal_position_goes_to_the_python_search():
    # The bank shows illegal positions on purpose (kings side by side after an illegal move).
    board = chess.Board("8/8/8/3k4/3K4/8/8/6R1 b - - 0 1")
    assert not helpmate.native_available(board)
    result = mate.can_checkmate(board, chess.WHITE)
    assert result.native_nodes == 0 and result.verdict in ("yes", "no", "undetermined")

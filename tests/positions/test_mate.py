import chess
import pytest

from positions.mate import can_checkmate, dead_position, material_cannot_mate

BLOCKED = "8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3/8 b - - 0 1"  # White has just played h5


@pytest.mark.parametrize(
    ("fen", "color", "verdict"),
    [
        ("8/8/8/4k3/8/8/8/3QK3 w - - 0 1", chess.WHITE, "yes"),
        ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", chess.WHITE, "yes"),
        ("8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1", chess.WHITE, "yes"),
        ("8/8/8/4k3/8/8/8/4KN2 w - - 0 1", chess.WHITE, "no"),
        ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", chess.BLACK, "no"),
        ("8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", chess.WHITE, "yes"),  # bishops on both colours
        ("8/8/8/4k3/8/8/8/3BKB2 w - - 0 1", chess.WHITE, "no"),  # both on light squares
    ],
)
def test_it_knows_which_material_can_mate(fen, color, verdict):
    assert can_checkmate(chess.Board(fen), color, time_budget=60.0).verdict == verdict


def test_bishops_all_on_one_colour_cannot_mate_even_with_bishops_on_both_sides():
    board = chess.Board("8/8/3b4/4k3/8/8/8/2B1K3 w - - 0 1")  # c1 and d6: both dark squares
    assert material_cannot_mate(board, chess.WHITE) and material_cannot_mate(board, chess.BLACK)


def test_k_and_n_against_k_and_p_allows_a_helpmate():
    board = chess.Board("8/8/8/8/3N4/5K2/7p/7k b - - 0 1")
    result = can_checkmate(board, chess.WHITE, node_budget=150_000, time_budget=60.0)
    assert result.verdict == "yes"
    assert result.line[-1].endswith("#")


def test_k_and_b_against_k_and_n_allows_a_helpmate():
    board = chess.Board("8/8/8/4k3/4n3/8/8/4KB2 w - - 0 1")
    assert can_checkmate(board, chess.WHITE, time_budget=60.0).verdict == "yes"


def test_k_and_n_against_k_and_p_from_the_centre_allows_a_helpmate():
    board = chess.Board("8/8/8/8/4k3/4p3/8/4K1N1 w - - 0 1")
    result = can_checkmate(board, chess.WHITE, time_budget=60.0)
    assert result.verdict == "yes"
    for san in result.line:
        board.push_san(san)
    assert board.is_checkmate()


def test_the_mating_line_really_mates():
    board = chess.Board("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
    for san in can_checkmate(board, chess.WHITE).line:
        board.push_san(san)
    assert board.is_checkmate()


def test_a_blocked_pawn_chain_is_a_dead_position_found_by_exhausting_the_positions():
    result = dead_position(chess.Board(BLOCKED), time_budget=60.0)
    assert result.dead is True
    assert result.white.exhausted and result.white.method == "search"


def test_a_bishop_that_can_break_the_chain_keeps_the_game_alive():
    board = chess.Board("8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/3BK3/8 w - - 0 1")
    assert dead_position(board).dead is False


def test_the_search_respects_its_budget():
    result = can_checkmate(chess.Board("8/8/8/4k3/4n3/8/8/4KB2 w - - 0 1"), chess.BLACK, node_budget=500)
    assert result.verdict == "undetermined"
    assert result.nodes <= 600

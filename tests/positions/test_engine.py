import chess
import pytest
from django.utils import translation

from positions.engine import AnalysisInputError, AnalysisRequest, Claim, analyse

SHUFFLE = ["Nf3", "Nf6", "Ng1", "Ng8"]


def run(**kwargs):
    with translation.override("fr"):
        return analyse(AnalysisRequest(**kwargs))


def test_a_threefold_repetition_claim_after_the_move_is_valid():
    result = run(moves=SHUFFLE * 2, claim=Claim("threefold"))
    assert (result.repetition.count, result.repetition.plies) == (3, [0, 4, 8])
    assert (result.claim.valid, result.claim.article) == (True, "9.2.1.2")


def test_a_claim_with_an_intended_move_counts_the_position_it_produces():
    result = run(moves=[*SHUFFLE, *SHUFFLE[:3]], claim=Claim("threefold", "Ng8"))
    assert (result.claim.valid, result.claim.article) == (True, "9.2.1.1")


def test_an_incorrect_claim_gives_two_minutes_and_the_intended_move_must_be_played():
    result = run(moves=SHUFFLE[:3], claim=Claim("threefold", "Ng8"))
    assert result.claim.valid is False
    assert "2 minutes" in result.claim.consequence and "Ng8" in result.claim.consequence


def test_in_blitz_an_incorrect_claim_costs_one_minute():
    result = run(moves=SHUFFLE[:3], claim=Claim("threefold"), rate="blitz")
    assert "une minute" in result.claim.consequence and "B.2" in result.claim.article


def test_an_illegal_intended_move_makes_the_claim_incorrect():
    assert run(moves=SHUFFLE[:3], claim=Claim("threefold", "Nh5")).claim.valid is False


def test_lost_castling_rights_make_positions_different():
    # After 2...e5 both sides could castle; after the kings' walks they cannot any more.
    result = run(moves=["e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8", "Ke2", "Ke7", "Ke1", "Ke8"])
    assert (result.repetition.count, result.repetition.plies) == (2, [6, 10])


def test_a_legal_en_passant_capture_makes_the_first_position_different():
    result = run(moves=["e4", "Nf6", "e5", "d5", "Nf3", "Nc6", "Ng1", "Nb8", "Nf3", "Nc6", "Ng1", "Nb8"])
    assert (result.repetition.count, result.repetition.plies) == (2, [8, 12])


def test_an_en_passant_square_without_a_legal_capture_does_not_count():
    result = run(moves=["e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1"])
    assert result.repetition.plies == [1, 5, 9]


def test_fivefold_repetition_ends_the_game():
    result = run(moves=SHUFFLE * 4)
    assert (result.status, result.status_article) == ("fivefold_repetition", "9.6.1")


def test_a_fifty_move_claim_needs_a_hundred_plies():
    assert run(fen="7k/8/6K1/8/8/8/8/R7 w - - 99 80", moves=["Rb1"], claim=Claim("fifty")).claim.valid is True
    assert (
        run(fen="7k/8/6K1/8/8/8/8/R7 w - - 98 80", moves=["Rb1"], claim=Claim("fifty")).claim.valid is False
    )


def test_a_fifty_move_claim_with_an_intended_move():
    result = run(fen="7k/8/6K1/8/8/8/8/R7 b - - 99 80", claim=Claim("fifty", "Kg8"))
    assert (result.claim.valid, result.claim.article) == (True, "9.3.1")


def test_mate_on_the_fiftieth_move_takes_precedence_over_the_claim():
    result = run(fen="7k/8/6K1/8/8/8/8/R7 w - - 99 80", moves=["Ra8"], claim=Claim("fifty"))
    assert (result.status, result.halfmove_clock) == ("checkmate", 100)
    assert result.claim.valid is False


def test_mate_on_the_seventy_fifth_move_takes_precedence():
    assert run(fen="7k/8/6K1/8/8/8/8/R7 w - - 149 80", moves=["Ra8"]).status == "checkmate"
    assert run(fen="7k/8/6K1/8/8/8/8/R7 w - - 149 80", moves=["Rb1"]).status == "seventy_five_moves"


def test_a_blocked_pawn_chain_is_a_dead_position():
    result = run(fen="8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3/8 b - - 0 1")
    assert (result.status, result.can_checkmate) == ("dead_position", {"white": "no", "black": "no"})


def test_bishops_of_one_colour_are_a_dead_position():
    assert run(fen="8/4k3/8/2b5/8/4B3/4K3/8 w - - 0 1").status == "dead_position"


# The helpmate searches below are bounded by nodes, not by a loaded machine's clock.
PATIENT = {"node_budget": 150_000, "time_budget": 60.0}


def test_k_and_n_against_k_and_p_is_not_dead():
    result = run(fen="8/8/8/8/3N4/5K2/7p/7k b - - 0 1", **PATIENT)
    assert result.status == "ongoing"
    assert result.can_checkmate["white"] == "yes"


def test_a_flag_fall_loses_when_the_opponent_can_mate_even_only_by_a_helpmate():
    result = run(fen="8/8/8/8/3N4/5K2/7p/7k b - - 0 1", flag_fell="black", **PATIENT)
    assert (result.flag_fall.result, result.flag_fall.article) == ("1-0", "6.9")


def test_a_flag_fall_is_a_draw_when_the_opponent_has_a_lone_king():
    result = run(fen="8/8/8/4k3/8/8/8/3QK3 w - - 0 1", flag_fell="white")
    assert result.flag_fall.result == "1/2-1/2"


def test_a_flag_fall_after_stalemate_changes_nothing():
    result = run(fen="7k/5K2/6P1/8/8/8/8/8 b - - 0 1", flag_fell="black")
    assert (result.status, result.flag_fall.result) == ("stalemate", "1/2-1/2")


def test_a_flag_fall_in_a_blocked_position_is_a_draw():
    result = run(fen="8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3/8 w - - 0 1", flag_fell="white")
    assert result.flag_fall.result == "1/2-1/2"


def test_first_illegal_move_in_standard_gives_two_minutes_and_the_second_loses():
    result = run(pgn="1. e4 e5 2. Nc4 Nc6 3. Ke3")
    first, second = result.illegal_moves
    assert (first.ply, first.article, "2 minutes" in first.sanction) == (3, "7.5.5", True)
    assert "perdue" in second.sanction
    assert first.restore_fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"


def test_in_rapid_an_illegal_move_stands_once_the_opponent_has_moved():
    result = run(pgn="1. e4 e5 2. Nc4 Nc6", rate="rapid")
    assert result.illegal_moves[0].stands is True


def test_in_blitz_an_illegal_move_claimed_at_once_costs_one_minute():
    result = run(pgn="1. e4 e5 2. Nc4", rate="blitz")
    assert "une minute" in result.illegal_moves[0].sanction


def test_a_second_illegal_move_is_a_draw_when_the_opponent_cannot_mate():
    # White's king jumps twice; Black has a lone king and can never mate (7.5.5, last sentence).
    result = run(fen="8/8/8/4k3/8/8/8/3QK3 w - - 0 1", moves=["Ke3", "Kf5", "Kc5"])
    assert [m.reason_code for m in result.illegal_moves] == ["wrong_piece_movement", "wrong_piece_movement"]
    assert "nulle" in result.illegal_moves[1].sanction


def test_a_second_illegal_move_loses_when_the_opponent_can_mate():
    result = run(fen="8/8/8/4k3/8/8/8/3QK3 b - - 0 1", moves=["Kd4", "Qd2", "Kd3"])
    assert [m.reason_code for m in result.illegal_moves] == ["king_left_in_check", "king_left_in_check"]
    assert "perdue" in result.illegal_moves[1].sanction


def test_it_analyses_up_to_the_requested_ply():
    result = run(moves=SHUFFLE * 2, ply=4)
    assert (result.ply, result.repetition.count) == (4, 2)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "fen"),
        ({"moves": ["e4", "e5", "Qx"]}, "moves"),
        ({"moves": ["e4"], "ply": 5}, "ply"),
        ({"rate": "bullet"}, "rate"),
        ({"flag_fell": "red"}, "flag_fell"),
        ({"claim": Claim("perpetual")}, "claim"),
        ({"pgn": "1. e4", "moves": ["e4"]}, "moves"),
    ],
)
def test_it_names_the_bad_input(kwargs, field):
    with pytest.raises(AnalysisInputError) as error:
        run(**kwargs)
    assert error.value.field == field


def test_explanations_follow_the_request_language():
    result = analyse(AnalysisRequest(moves=SHUFFLE * 2, claim=Claim("threefold"), language="en"))
    assert result.claim.explanation


def test_to_dict_has_the_api_fields():
    data = run(moves=SHUFFLE * 2, claim=Claim("threefold"), flag_fell="white").to_dict()
    assert {
        "fen",
        "status",
        "halfmove_clock",
        "repetition",
        "can_checkmate",
        "illegal_moves",
        "claim",
        "flag_fall",
    } <= set(data)


def test_an_en_passant_capture_that_would_expose_the_king_does_not_count():
    # After ...c5, bxc6 e.p. would open the fifth rank to the rook: the capture is not legal,
    # so the position is the same as the later ones with the same placement (9.2.2.1).
    moves = ["c5", "Ka4", "Kd1", "Ka5", "Ke1", "Ka4", "Kd1", "Ka5", "Ke1"]
    result = run(fen="8/2p5/8/KP5r/8/8/8/4k3 b - - 0 1", moves=moves)
    assert result.repetition.plies == [1, 5, 9]


def test_the_game_ends_at_the_ply_that_locks_the_pawns():
    # White's h4-h5 completes the chain: the game is over at once (5.2.2), later moves do not count.
    fen = "8/4k3/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/4K3/8 w - - 0 1"
    result = run(fen=fen, moves=["h5", "Ke8", "Ke1", "Ke7"])
    assert (result.game_over_at, result.plies[0].dead_position, result.status) == (1, True, "dead_position")
    assert result.messages


def test_a_flag_fall_after_an_earlier_checkmate_keeps_the_mate():
    # Fool's mate, then moves recorded after it: the checkmate stands (6.9 "except where 5.1.1 applies").
    result = run(moves=["f3", "e5", "g4", "Qh4", "Kf2", "Qxh2"], flag_fell="black")
    assert (result.game_over_at, result.flag_fall.result, result.flag_fall.article) == (4, "0-1", "5.1.1")


def test_the_commentary_examples_of_article_1_5():
    # K v K is dead; K+N v K+N is not, because a mate is possible (commentary to 1.5).
    assert run(fen="8/8/4k3/8/8/3K4/8/8 w - - 0 1").status == "dead_position"
    assert run(fen="8/8/4k3/4n3/8/4N3/4K3/8 w - - 0 1", **PATIENT).can_checkmate == {
        "white": "yes",
        "black": "yes",
    }


@pytest.mark.parametrize("null_move", ["--", "0000", "Z0"])
def test_a_null_intended_move_is_an_input_error(null_move):
    # Regression: a null move was accepted as the intended move of a claim. It is no move at all:
    # an input error on the intended move, not a claim to judge.
    with pytest.raises(AnalysisInputError) as error:
        run(moves=SHUFFLE[:3], claim=Claim("threefold", null_move))
    assert error.value.field == "claim.intended_move"


# --------------------------------------------------------------------------- proof cases of the Laws
# Commentary to 6.9: "if there is a forced series of moves for the player whose flag fell leading
# to checkmate or stalemate, the game is drawn".


def test_a_flag_fall_when_only_a_forced_stalemate_remains_is_a_draw():
    # White's flag falls with White to move: Kh7 is White's only legal move and it stalemates Black,
    # so Black, with a pawn, cannot mate by any series of legal moves. Neither can White: the
    # position is even dead (5.2.2), which 6.9 names first.
    result = run(fen="5k1K/4pP2/4P3/8/8/8/8/8 w - - 0 1", flag_fell="white")
    assert (result.status, result.can_checkmate["black"]) == ("dead_position", "no")
    assert (result.flag_fall.result, result.flag_fall.article) == ("1/2-1/2", "5.2.2")


def test_a_flag_fall_after_a_fivefold_repetition_is_a_draw():
    # Commentary to 6.9: even after 9.6.1 the game is drawn when a flag falls.
    result = run(moves=[*SHUFFLE * 4, "Nf3"], flag_fell="black")
    verdict = result.flag_fall
    assert (result.game_over_at, verdict.result, verdict.article) == (16, "1/2-1/2", "9.6.1")


def test_a_flag_fall_after_seventy_five_moves_is_a_draw():
    result = run(fen="7k/8/6K1/8/8/8/8/R7 w - - 149 80", moves=["Rb1", "Kh7"], flag_fell="black")
    assert (result.game_over_at, result.flag_fall.result, result.flag_fall.article) == (1, "1/2-1/2", "9.6.2")


def test_a_fivefold_repetition_need_not_be_consecutive():
    # Commentary to 9.6.1: the five occurrences need not follow one another.
    away = ["Nc3", "Nc6", "Nb1", "Nb8"]
    moves = SHUFFLE + away + SHUFFLE + away
    result = run(moves=moves)
    assert (result.repetition.count, result.status) == (5, "fivefold_repetition")


def test_a_repetition_need_not_come_from_repeated_moves():
    # 9.2.1: "not necessarily by a repetition of moves": the same position reached by transposition.
    moves = ["Nf3", "Nf6", "Nc3", "Nc6", "Nb1", "Nb8", "Ng1", "Ng8", "Nc3", "Nc6", "Nf3", "Nf6", "Nb1", "Nb8"]
    moves += ["Ng1", "Ng8"]
    result = run(moves=moves, claim=Claim("threefold"))
    assert (result.repetition.plies, result.claim.valid) == ([0, 8, 16], True)


def test_repetition_en_passant_right_counts_only_where_the_capture_was_possible():
    # 9.2.2.1: after 3...d5 the e5 pawn may take en passant once; the same placement later
    # (without that right) is a different position, so only the later two occurrences match.
    moves = ["e4", "Nf6", "e5", "d5", "Nf3", "Nc6", "Ng1", "Nb8", "Nf3", "Nc6", "Ng1", "Nb8"]
    result = run(moves=moves, claim=Claim("threefold"))
    assert (result.repetition.plies, result.claim.valid) == ([8, 12], False)


def test_repetition_castling_rights_lost_make_a_position_different_even_with_the_same_placement():
    # 9.2.2.2: the king goes out and back: same men on the same squares, but no castling right.
    moves = ["Nf3", "Nf6", "g3", "g6", "Bg2", "Bg7", "Kf1", "Kf8", "Ke1", "Ke8", "Kf1", "Kf8", "Ke1", "Ke8"]
    result = run(moves=moves, claim=Claim("threefold"))
    assert (result.repetition.count, result.claim.valid) == (2, False)


def test_the_fifty_move_claim_after_a_mating_fiftieth_move_is_refused_because_the_game_is_over():
    # 9.3 and 5.1.1: the move completing the fifty moves mates; the mate ends the game.
    result = run(fen="7k/8/6K1/8/8/8/8/R7 w - - 99 80", moves=["Ra8#"], claim=Claim("fifty"))
    assert (result.status, result.claim.article) == ("checkmate", "5.1.1")


def test_blocked_pawns_and_a_bishop_that_can_attack_none_of_them_are_a_dead_position():
    # All the black pawns stand on dark squares; White's bishop is light-squared and cannot cross.
    result = run(fen="8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3/5B2 w - - 0 1")
    assert (result.status, result.can_checkmate) == ("dead_position", {"white": "no", "black": "no"})


def test_the_commentary_example_of_article_1_5_where_white_has_just_played_h5():
    result = run(fen="8/4k3/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/4K3/8 w - - 0 1", moves=["h5"])
    assert (result.status, result.status_article, result.game_over_at) == ("dead_position", "5.2.2", 1)


def test_the_knight_side_of_k_b_against_k_n_can_mate_so_a_flag_fall_loses():
    # Commentary to 6.9: the arbiter checks whether any mate exists; with K+N against K+B it does.
    result = run(fen="8/3k1B2/8/8/7K/6n1/8/8 w - - 0 1", flag_fell="white")
    assert (result.can_checkmate["black"], result.flag_fall.result) == ("yes", "0-1")


def test_a_long_shuffle_behind_a_locked_chain_is_searched_within_one_budget(monkeypatch, fresh_verdicts):
    # Regression: every ply of a bishop-and-king walk behind a locked chain got its own exhaustive
    # search (1,000 plies took five minutes through the public API).
    import random

    from positions import engine, mate

    fen = "8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3/5B2 w - - 0 1"
    rng, board, moves = random.Random(1), chess.Board(fen), []
    while len(moves) < 300:
        move = rng.choice(list(board.legal_moves))
        moves.append(board.san(move))
        board.push(move)
    searched = []
    original = mate.can_checkmate

    def counting(*args, **kwargs):
        result = original(*args, **kwargs)
        searched.append(result.nodes)
        return result

    monkeypatch.setattr(mate, "can_checkmate", counting)
    engine._search.cache_clear()
    run(fen=fen, moves=moves)
    final_searches = 2 * mate.DEFAULT_NODE_BUDGET
    assert sum(searched) <= engine.LOCKED_TOTAL_BUDGET + engine.LOCKED_NODE_BUDGET + final_searches


def test_move_counters_do_not_split_the_search_cache():
    from positions.engine import _search_fen

    assert _search_fen(chess.Board("8/8/8/4k3/8/8/8/3QK3 w - - 37 90")) == "8/8/8/4k3/8/8/8/3QK3 w - - 0 1"


def test_a_third_illegal_move_is_not_called_the_second():
    # Regression: every illegal move after the first was sanctioned as "Deuxième coup illégal".
    result = run(moves=["e4", "e5", "Ke3", "Ke6", "Ke1", "Ke8", "Ke3"])
    third = result.illegal_moves[4]
    assert (third.ply, third.side) == (7, "white")
    assert "déjà décidée" in third.sanction and "demi-coup 5" in third.sanction


# --------------------------------------------------------------------------- intended move: typo or illegal


@pytest.mark.parametrize("typo", ["Qxz9", "e9", "hello", "Nf3f"])
def test_an_intended_move_that_is_no_move_at_all_is_an_input_error(typo):
    with pytest.raises(AnalysisInputError) as error:
        run(moves=["e4", "e5"], claim=Claim("threefold", typo))
    assert error.value.field == "claim.intended_move"


def test_a_well_written_but_illegal_intended_move_makes_the_claim_incorrect():
    # After 1. d4 e5 the queen cannot reach h5: a real claim, incorrect (9.5.3).
    result = run(moves=["d4", "e5"], claim=Claim("threefold", "Qh5"))
    assert (result.claim.valid, result.claim.article) == (False, "9.5.3")
    assert "n'est pas un coup légal" in result.claim.explanation


def test_an_intended_move_with_an_annotation_mark_is_still_read():
    result = run(moves=SHUFFLE * 2 + ["Nf3", "Nf6"], claim=Claim("threefold", "Ng1!"))
    assert (result.claim.valid, result.claim.article) == (True, "9.2.1.1")


# --------------------------------------------------------------------------- claim and flag fall together


def test_a_claim_and_a_flag_fall_are_both_judged_and_their_order_explained():
    result = run(moves=SHUFFLE * 2, claim=Claim("threefold"), flag_fell="white")
    assert result.claim.valid is True and result.flag_fall.result == "0-1"
    assert any("le premier décide" in message for message in result.messages)


def test_after_an_incorrect_claim_the_flag_fall_verdict_applies():
    result = run(moves=SHUFFLE[:2], claim=Claim("threefold"), flag_fell="white")
    assert result.claim.valid is False and result.flag_fall.result == "0-1"
    assert any("le verdict de la chute du drapeau s'applique" in message for message in result.messages)

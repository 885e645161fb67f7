import pytest
from django.utils import translation

from positions.validation import MAX_PLIES, FenError, PgnError, parse_move_list, parse_moves, validate_fen


@pytest.mark.parametrize(
    ("fen", "field", "fragment"),
    [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side_to_move", "« x »"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "rangée 6"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "placement", "roi blanc"),
        ("4k3/8/8/8/8/8/8/R3K2p w - - 0 1", "placement", "Pion noir en h1"),
        ("4k3/8/8/8/8/8/8/R4K2 w Q - 0 1", "castling", "roi blanc n'est pas en e1"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling", "tour blanche en h1"),
        ("4k3/8/8/8/8/8/8/3QK3 w - e6 0 1", "en_passant", "d'avancer de deux cases"),
        ("4k3/8/8/8/8/8/8/4QK2 w - - 0 1", "position", "n'ont pas le trait"),
        ("4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove_clock", "demi-coups"),
        ("4k3/8/8/8/8/8/8/4K3 w - - ² 1", "halfmove_clock", "« ² »"),  # was a ValueError (a 500)
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 ³", "fullmove_number", "« ³ »"),
    ],
)
def test_it_names_the_faulty_fen_field(fen, field, fragment):
    with translation.override("fr"), pytest.raises(FenError) as error:
        validate_fen(fen)
    assert error.value.field == field
    assert fragment in error.value.message


def test_it_rejects_an_overlong_fen():
    with pytest.raises(FenError) as error:
        validate_fen("8/" * 60)
    assert error.value.field == "fen"


def test_it_accepts_a_fen_without_move_counters():
    assert validate_fen("4k3/8/8/8/8/8/8/4K3 b - -").turn is False


def test_it_names_the_illegal_move_and_its_legal_alternatives():
    with translation.override("fr"), pytest.raises(PgnError) as error:
        parse_moves("1. e4 e5 2. Ke3")
    assert (error.value.ply, error.value.move_number, error.value.side) == (3, 2, "white")
    assert error.value.legal == ["Ke2"]


def test_it_lists_the_candidates_of_an_ambiguous_move():
    with pytest.raises(PgnError) as error:
        parse_moves("1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Nb5")
    assert error.value.legal == ["Ncb5", "Ndb5"]


def test_it_keeps_comments_nags_clocks_and_annotations():
    game = parse_moves("1. e4 {Bien [%clk 0:01:30] [%cal Ge2e4] [%csl Rd5]} e5 $1 2. Nf3!? (2. f4) Nc6 1-0")
    first = game.moves[0]
    assert (first.comment, first.clock, first.arrows[0].to_square, first.circles[0].color) == (
        "Bien",
        90.0,
        "e4",
        "red",
    )
    assert [m.san for m in game.moves] == ["e4", "e5", "Nf3", "Nc6"]
    assert game.moves[1].nags == [1] and game.moves[2].nag_symbols == "!?"


def test_it_starts_from_the_fen_header():
    game = parse_moves('[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7')
    assert game.final_fen.startswith("8/3k4/8/8/4P3")


def test_it_rejects_too_many_plies():
    with pytest.raises(PgnError):
        parse_move_list(["Nf3", "Nf6", "Ng1", "Ng8"] * (MAX_PLIES // 4 + 1))


def test_it_rejects_a_huge_pgn():
    with pytest.raises(PgnError):
        parse_moves("e4 " * 40_000)


def test_it_replays_illegal_moves_physically_when_allowed():
    game = parse_moves("1. e4 e5 2. Nc4 Nc6 3. Ke3", allow_illegal=True)
    illegal = [(m.ply, m.illegal_reason) for m in game.moves if not m.legal]
    assert illegal == [(3, "wrong_piece_movement"), (5, "wrong_piece_movement")]
    assert game.final_fen.startswith("r1bqkbnr/pppp1ppp/2n5/4p3/2N1P3/4K3")


def test_it_flags_a_move_leaving_the_king_in_check():
    game = parse_moves("1. e4 e5 2. Qh5 f6 3. Qxe5+ Nc6", allow_illegal=True)
    assert game.moves[-1].illegal_reason == "king_left_in_check"


def test_it_promotes_an_unpromoted_pawn_to_a_queen():
    game = parse_moves("e8", fen="7k/4P3/8/8/8/8/8/4K3 w - - 0 1", allow_illegal=True)
    assert (game.moves[0].illegal_reason, game.final_fen.split()[0]) == (
        "no_promotion",
        "4Q2k/8/8/8/8/8/8/4K3",
    )


def test_it_rejects_text_that_is_not_a_move():
    with pytest.raises(PgnError) as error:
        parse_moves("1. e4 hello", allow_illegal=True)
    assert error.value.ply == 2


def test_a_king_jumping_two_squares_diagonally_is_not_written_as_castling():
    # Regression: the move list showed "O-O-O" for the illegal king move e1-c3.
    game = parse_moves("1. Kc3", fen="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", allow_illegal=True)
    assert (game.moves[0].san, game.moves[0].illegal_reason) == ("Ke1-c3", "wrong_piece_movement")


def test_a_real_illegal_castling_is_still_written_as_castling():
    game = parse_moves("1. O-O", fen="r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", allow_illegal=True)
    assert (game.moves[0].san, game.moves[0].illegal_reason) == ("O-O", "castling_not_allowed")


@pytest.mark.parametrize("null_move", ["--", "0000", "Z0"])
def test_it_rejects_a_null_move(null_move):
    # Regression: python-chess reads these as a null move, and the game went on as if a move was made.
    with pytest.raises(PgnError) as error:
        parse_move_list(["e4", null_move], allow_illegal=True)
    assert (error.value.ply, error.value.side) == (2, "black")


def test_a_move_onto_the_players_own_king_cannot_be_replayed():
    # Regression: "Be2" with the king on e2 took White's king off the board, and the engine then
    # called the kingless position dead.
    with pytest.raises(PgnError) as error:
        parse_moves("1. Be2", fen="4k3/8/8/8/8/8/4K3/5B2 w - - 0 1", allow_illegal=True)
    assert (error.value.ply, error.value.move) == (1, "Be2")


# --------------------------------------------------------------------------- unclosed and stray marks
# python-chess's own reader (chess.pgn.read_game) accepts these silently (game.errors stays
# empty): an unclosed "{" swallows the rest of the game. Ours says what is wrong and where.


def test_an_unclosed_comment_is_an_error_that_says_after_which_move():
    with translation.override("fr"), pytest.raises(PgnError) as error:
        parse_moves("1. e4 {oops 2. Nf3 Nf6")
    assert error.value.message == "Commentaire ouvert par « { » jamais refermé, après 1. e4."
    assert (error.value.ply, error.value.side) == (2, "black")


def test_movetext_that_is_nothing_but_garbage_is_an_error():
    with translation.override("fr"), pytest.raises(PgnError) as error:
        parse_moves("{{{ ]]] 1... ... $$")
    assert "jamais refermé, avant le premier coup" in error.value.message


@pytest.mark.parametrize(
    ("movetext", "fragment"),
    [
        ("1. e4 } e5", "« } » ferme un commentaire qui n'a pas été ouvert, après 1. e4"),
        ("1. e4 e5 $$", "« $ » doit être suivi du numéro d'une annotation"),
        ("1. e4 ) e5", "« ) » ferme une variante qui n'a pas été ouverte"),
        ("1. e4 (1. d4 d5 2. c4", "Variante ouverte par « ( » jamais refermée, après 1. e4"),
    ],
)
def test_stray_or_unclosed_marks_are_errors(movetext, fragment):
    with translation.override("fr"), pytest.raises(PgnError) as error:
        parse_moves(movetext)
    assert fragment in error.value.message


def test_closed_comments_and_nested_variations_still_read():
    game = parse_moves("1. e4 {ok} e5 (1... c5 (1... e6) 2. Nf3) 2. Nf3 $1 !? { [%clk 0:01:00] } *")
    assert [move.san for move in game.moves] == ["e4", "e5", "Nf3"]


def test_the_unclosed_comment_message_is_translated():
    with translation.override("en"), pytest.raises(PgnError) as error:
        parse_moves("1. e4 {oops")
    assert "1. e4" in error.value.message

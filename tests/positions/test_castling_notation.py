"""Castling as Appendix C writes it in French (0-0, 0-0-0) wherever a move is shown to a French
reader, while O-O and 0-0 are both read as input."""

from __future__ import annotations

import pytest
from django.utils import translation

from courses.rendering import render_replay
from positions.engine import AnalysisInputError, AnalysisRequest, Claim, analyse
from positions.notation import moves_in_language, movetext_to_san, parse_moves_in_notation

ITALIAN = ["e4", "e5", "Cf3", "Cc6", "Fc4", "Fc5"]


def test_french_moves_write_short_castling_with_zeros():
    assert moves_in_language("5. O-O Nf6 6. O-O+", "fr") == "5. 0-0 Cf6 6. 0-0+"


def test_french_moves_write_long_castling_with_zeros():
    assert moves_in_language("10. O-O-O# Re8", "fr") == "10. 0-0-0# Te8"


def test_english_moves_keep_the_letter_o():
    assert moves_in_language("O-O O-O-O", "en") == "O-O O-O-O"


def test_a_comment_is_left_as_written():
    assert moves_in_language("O-O {petit roque O-O}", "fr") == "0-0 {petit roque O-O}"


def test_french_input_with_zeros_is_stored_as_san():
    assert movetext_to_san("1.e4 e5 2.Cf3 Cc6 3.Fc4 Fc5 4.0-0 0-0-0", "fr") == (
        "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O O-O-O"
    )


def test_french_input_with_the_letter_o_is_still_read():
    game = parse_moves_in_notation([*ITALIAN, "O-O"], notation="fr")
    assert game.moves[-1].san == "O-O"


def test_french_input_with_zeros_is_read():
    game = parse_moves_in_notation("1.e4 e5 2.Cf3 Cc6 3.Fc4 Fc5 4.0-0", notation="fr")
    assert game.moves[-1].uci == "e1g1"


def test_english_input_with_zeros_is_read():
    game = parse_moves_in_notation("1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.0-0", notation="en")
    assert game.moves[-1].san == "O-O"


def test_a_replay_beneath_a_french_lesson_prints_0_0(db):
    with translation.override("fr"):
        html = render_replay({"pgn": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O"}, base_url="/l/")
    assert ">0-0<" in html and "O-O" not in html


def test_a_replay_beneath_an_english_lesson_prints_o_o(db):
    with translation.override("en"):
        html = render_replay({"pgn": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O"}, base_url="/l/")
    assert ">O-O<" in html


def french_claim(intended: str):
    with translation.override("fr"):
        return analyse(AnalysisRequest(moves=ITALIAN, notation="fr", claim=Claim("threefold", intended)))


def test_the_engine_explains_an_intended_castling_with_zeros_in_french():
    assert "(0-0)" in french_claim("O-O").claim.consequence


def test_the_engine_reads_an_intended_castling_typed_with_zeros():
    result = french_claim("0-0")
    assert (result.claim.valid, "(0-0)" in result.claim.consequence) == (False, True)


def test_the_engine_s_input_error_gives_french_examples_in_french():
    with pytest.raises(AnalysisInputError, match=r"ex\. Cf3, exd5, 0-0, e8=D"):
        french_claim("Qxz9")

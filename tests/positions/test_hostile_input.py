"""Hostile or careless FEN and PGN (issue 8): the parser's own error naming the field, never a 500."""

from __future__ import annotations

import pytest

from positions.validation import FenError, PgnError, parse_moves, validate_fen
from tests.positions.test_api import post

LONG = "9" * 5000


@pytest.mark.parametrize(
    ("pgn", "message"),
    [
        (f"1. e4 ${LONG} e5", "après 1. e4"),
        ("1. e4 $256 e5", "$256"),
        ("1. e4 \ud800 e5", "UTF-16"),
        ("1. e4 e5 {\udfff}", "UTF-16"),
    ],
    ids=["five_thousand_digit_nag", "nag_beyond_255", "surrogate_in_a_move", "surrogate_in_a_comment"],
)
def test_a_hostile_pgn_is_a_pgn_error_naming_the_place(pgn, message):
    with pytest.raises(PgnError, match=message.replace("$", r"\$")):
        parse_moves(pgn)


def test_a_clock_of_five_thousand_digits_is_no_clock():
    game = parse_moves("1. e4 {[%clk " + LONG + ":00:00]} e5")
    assert game.moves[0].clock is None


def test_thousands_of_open_variations_name_where_the_first_was_opened():
    with pytest.raises(PgnError, match="après 1… Nf6"):
        parse_moves("1. Nf3 Nf6 " + "(" * 50_000)


def test_a_fen_with_a_lone_surrogate_is_a_fen_error_on_the_whole_fen():
    with pytest.raises(FenError) as error:
        validate_fen("8/8/8/8/8/8/8/K6k w - - 0 1\ud800")
    assert error.value.field == "fen"


def test_the_analysis_api_answers_a_five_thousand_digit_nag_with_a_400_on_the_pgn(db):
    response = post({"pgn": f"1. e4 ${LONG} e5"})
    assert response.status_code == 400 and response.json()["error"]["field"] == "pgn"


def test_the_analysis_api_answers_a_lone_surrogate_with_a_400_on_the_fen(db):
    response = post('{"fen": "\\ud800"}')
    assert response.status_code == 400 and response.json()["error"]["field"] == "fen"

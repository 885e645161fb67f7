"""Fuzzing parse_moves: any text gives a game or a PgnError with a printable message."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from positions.validation import ParsedGame, PgnError, parse_moves
from tests.fuzzing import FUZZ, any_text, encodable, hostile_number, hostile_text

TOKENS = [
    "1.", "2...", "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "0-0-0", "exd5", "e8=Q", "Kxe8", "g1f3",
    "--", "0000", "Z0", "(", ")", "{", "}", "{comment}", "{[%clk 0:05:00]}", "{[%cal Ge2e4,Rd7d5]}",
    "$1", "$256", "!", "?!", ";line\n", "1-0", "*", "½-½", '[Event "x"]\n',
    '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n', '[SetUp "1"]\n', "[%", "\n",
]
token = (
    st.sampled_from(TOKENS)
    | hostile_text
    | hostile_number.map(lambda number: "$" + number)
    | hostile_number.map(lambda number: "{[%clk " + number + ":00:00]}")
)


def check(text: str, allow_illegal: bool) -> None:
    try:
        game = parse_moves(text, allow_illegal=allow_illegal)
    except PgnError as error:
        assert encodable(error.message)
        return
    assert isinstance(game, ParsedGame) and encodable(game.comment)


@FUZZ
@given(any_text, st.booleans())
def test_any_text_gives_a_game_or_a_pgn_error(text, allow_illegal):
    check(text, allow_illegal)


@FUZZ
@given(st.lists(token, max_size=30), st.booleans())
def test_plausible_move_text_gives_a_game_or_a_pgn_error(tokens, allow_illegal):
    check(" ".join(tokens), allow_illegal)

"""Fuzzing validate_fen: any text gives a board or a FenError with a printable message."""

from __future__ import annotations

import chess
from hypothesis import given
from hypothesis import strategies as st

from positions.validation import FenError, validate_fen
from tests.fuzzing import FUZZ, any_text, encodable, hostile_number, hostile_text

START = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1"]

rank = st.text(alphabet="pnbrqkPNBRQK12345678x9/ ", max_size=10)
placement = st.lists(rank, min_size=1, max_size=10).map("/".join) | st.just(START[0])
field = hostile_text | hostile_number
fen_fields = st.tuples(
    placement,
    st.sampled_from(["w", "b", "x", ""]) | field,
    st.sampled_from(["KQkq", "-", "Kq", "QK", ""]) | field,
    st.sampled_from(["-", "e3", "e6", "a9"]) | field,
    st.sampled_from(["0", "99"]) | hostile_number,
    st.sampled_from(["1", "0"]) | hostile_number,
)


def check(text: str) -> None:
    try:
        board = validate_fen(text)
    except FenError as error:
        assert encodable(error.message) and error.field
        return
    assert isinstance(board, chess.Board)


@FUZZ
@given(any_text)
def test_any_text_gives_a_board_or_a_fen_error(text):
    check(text)


@FUZZ
@given(fen_fields, st.integers(min_value=0, max_value=6))
def test_mutated_fields_give_a_board_or_a_fen_error(fields, kept):
    check(" ".join(fields[: max(kept, 1)]))

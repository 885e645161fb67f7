"""Fuzzing the GIFT reader: random text and plausible questions with hostile parts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.fuzzing import FUZZ, any_text, hostile_number, hostile_text
from tests.questions.fuzz_helpers import parse_and_validate

PIECES = [
    "::titre::", "[html]", "[plain]", "{", "}", "=", "~", "#", "####", "%50%", "%-100%", "T", "FALSE", "->",
    "\\{", "\\n", "\n", "\n\n", "// [id:fuzz-q] [tag:arbitre-unit:UVC]\n", "$CATEGORY: x\n", "..", ":",
    '<div class="arbitre-model-answer">', "</div>", '<ul class="arbitre-rubric">', '<li data-points="',
    '">', "</li>", "</ul>", "<ul><li>", "texte",
]
piece = st.sampled_from(PIECES) | hostile_text | hostile_number
answer = st.sampled_from(["#", "#=", "~%", "=", "~", "", "####", "T", "#1.."]).flatmap(
    lambda prefix: (hostile_number | hostile_text).map(lambda value: prefix + value)
)


@st.composite
def gift_question(draw) -> str:
    header = draw(st.sampled_from(["", "// [id:fuzz-q] [tag:arbitre-unit:UVC] [tag:arbitre-points:"]))
    if header.endswith(":"):
        header += draw(hostile_number) + "]\n"
    stem = "".join(draw(st.lists(piece, max_size=6)))
    answers = " ".join(draw(st.lists(answer, max_size=5)))
    return f"{header}::fuzz::{draw(st.sampled_from(['[html]', '']))}{stem}{{{answers}}}\n"


@FUZZ
@given(any_text)
def test_any_text_gives_problems_or_questions(text):
    parse_and_validate(text, "gift")


@FUZZ
@given(st.lists(gift_question(), min_size=1, max_size=3).map("\n\n".join))
def test_plausible_questions_give_problems_or_questions(text):
    parse_and_validate(text, "gift")

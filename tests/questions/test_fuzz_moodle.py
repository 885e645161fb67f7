"""Fuzzing the Moodle XML reader: random text and valid quizzes with hostile fields."""

from __future__ import annotations

from xml.sax.saxutils import escape

from hypothesis import given
from hypothesis import strategies as st

from tests.fuzzing import FUZZ, any_text, hostile_number, hostile_text
from tests.questions.fuzz_helpers import parse_and_validate

HTML_PIECES = [
    "<p>", "</p>", "<ul>", "<li>", "</li>", "</ul>", '<ul class="arbitre-rubric">', '<li data-points="1">',
    '<span lang="en" class="multilang">', "</span>", "<br>", "<!--", "-->", "<script>", "</script>",
    '<p class="arbitre-scenario">', "<a<a", "&amp;", "&#xd800;", "texte", " ",
]
html = st.lists(st.sampled_from(HTML_PIECES) | hostile_text, max_size=12).map("".join)
tag = st.sampled_from(["arbitre-unit:UVC", "arbitre-difficulty:2", "arbitre-points:", "arbitre-ruling:1:",
                       "arbitre-option:1:decision:a:", "arbitre-scoring:partial", "arbitre-difficulty:"])


@st.composite
def mutated_quiz(draw) -> str:
    kind = draw(st.sampled_from(["multichoice", "truefalse", "numerical", "shortanswer", "essay", "x"]))
    fraction = hostile_number | st.sampled_from(["100", "0", "-50"])
    answers = "".join(
        f'<answer fraction="{escape(draw(fraction), {chr(34): "&quot;"})}">'
        f"<text>{escape(draw(html | hostile_number))}</text>"
        f"<tolerance>{escape(draw(hostile_number))}</tolerance>"
        f"<feedback><text>{escape(draw(html))}</text></feedback></answer>"
        for _ in range(draw(st.integers(min_value=0, max_value=4)))
    )
    tags = "".join(
        f"<tag><text>{escape(draw(tag) + draw(hostile_number | hostile_text))}</text></tag>"
        for _ in range(draw(st.integers(min_value=0, max_value=3)))
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><quiz><question type="{kind}">'
        f"<name><text>{escape(draw(hostile_text))}</text></name>"
        f'<questiontext format="html"><text>{escape(draw(html))}</text></questiontext>'
        f"<defaultgrade>{escape(draw(hostile_number))}</defaultgrade>"
        f"<single>{draw(st.sampled_from(['true', 'false', '']))}</single>{answers}"
        f"<units><unit><multiplier>{escape(draw(hostile_number))}</multiplier><unit_name>s</unit_name></unit></units>"
        f'<graderinfo format="html"><text>{escape(draw(html))}</text></graderinfo>'
        f"<idnumber>{escape(draw(hostile_text))}</idnumber><tags>{tags}</tags></question></quiz>"
    )


@FUZZ
@given(any_text)
def test_any_text_gives_problems_or_questions(text):
    parse_and_validate(text, "moodlexml")


@FUZZ
@given(mutated_quiz())
def test_a_quiz_with_hostile_fields_gives_problems_or_questions(text):
    parse_and_validate(text, "moodlexml")

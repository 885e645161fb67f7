"""A scenario's arrows and coloured squares: colours may be typed in French, stored in English
(the diagram palettes' names)."""

from __future__ import annotations

from questions.forms import QuestionForm


def cleaned(**data) -> dict:
    form = QuestionForm(data=data)
    form.is_valid()
    return form.cleaned_data


def test_a_square_coloured_in_french_is_stored_with_the_palettes_name():
    assert cleaned(squares="e4=jaune d5=Rouge f6=blue")["squares"] == {
        "e4": "yellow",
        "d5": "red",
        "f6": "blue",
    }


def test_an_arrow_coloured_in_french_is_stored_with_the_palettes_name():
    assert cleaned(arrows="g1f3 e2e4:vert d2d4:bleu")["arrows"] == ["g1f3", "e2e4:green", "d2d4:blue"]

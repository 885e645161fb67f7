"""Issue 8: a question with moves shows them move by move, opening at the decisive moment."""

from __future__ import annotations

import re

from django.template.loader import render_to_string
from django.utils import translation

from questions.ui_services import candidate_view
from tests.questions import core_samples

MOVES = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"


def render(scenario: dict) -> str:
    content = core_samples.ruling(scenario={"rate": "standard", **scenario})
    question = candidate_view(content, language="fr")
    with translation.override("fr"):
        return render_to_string("questions/_candidate_question.html", {"question": question})


def current_ply(html: str) -> str:
    return re.search(r'data-ply="(\d+)"[^>]*aria-current="step"', html).group(1)


def test_a_question_with_moves_shows_the_replay():
    html = render({"moves": MOVES})
    assert "data-replay" in html
    assert html.count("data-ply=") == 7  # the start and six moves


def test_the_replay_opens_on_the_last_move_by_default():
    assert current_ply(render({"moves": MOVES})) == "6"


def test_the_replay_opens_on_the_ply_the_question_designates():
    assert current_ply(render({"moves": MOVES, "ply": 3})) == "3"


def test_the_question_arrows_are_drawn_on_the_decisive_position():
    html = render({"moves": MOVES, "ply": 3, "arrows": ["f3e5:red"]})
    opening = re.search(r'<img src="([^"]+)"', html).group(1)
    assert "arrows=f3e5" in opening.replace("%3A", ":")


def test_the_moves_are_listed_with_french_letters_in_french():
    html = render({"moves": MOVES})
    assert ">Cf3</a>" in html and ">Fb5</a>" in html


def test_a_question_without_moves_keeps_its_single_diagram():
    html = render({"fen": "8/8/8/4k3/8/8/8/4K2R w - - 0 1"})
    assert "data-replay" not in html and "<svg" in html


def test_the_engine_objections_quote_moves_with_the_reader_letters():
    objection = {"message": "Les Blancs peuvent mater, par exemple : Kg3 Ne4+ Kh2 Ng3#."}
    with translation.override("fr"):
        html = render_to_string("questions/_objections.html", {"objections": [objection]})
    assert "Rg3 Ce4+ Rh2 Cg3#" in html

"""The scale of an accelerated pairing question says what it is graded against: the pairing
score with the virtual points (Livre 4.2), in the candidate's language; a plain question's
scale says nothing of them."""

from __future__ import annotations

import pytest
from django.utils import translation

from questions.pairing import scale_lines
from tests.questions.pairing_samples import LIVRE


def generated(acceleration: str = "") -> dict:
    return {"source": "generator", "params": {"players": 12, "round": 2, "acceleration": acceleration}}


def test_a_plain_question_says_nothing_of_virtual_points():
    assert not any("virtuel" in line for line in scale_lines(generated()))


@pytest.mark.parametrize(
    ("acceleration", "detail"),
    [
        ("haley", "Haley : les groupes A et B"),
        ("degressif", "Dégressif : points virtuels 2"),
        ("baku", "Bakou"),
    ],
)
def test_an_accelerated_variant_explains_its_virtual_points(acceleration, detail):
    lines = scale_lines(generated(acceleration))
    assert any("points réels plus les points virtuels" in line for line in lines)
    assert any(line.startswith(detail) for line in lines)


def test_an_accelerated_trf_question_explains_them_too():
    body = {"source": "trf", "trf": LIVRE, "round": 2, "acceleration": "baku"}
    assert any("Bakou" in line for line in scale_lines(body))


def test_the_english_scale_explains_virtual_points_in_english():
    with translation.override("en"):
        lines = scale_lines(generated("haley"))
    assert any("virtual points" in line for line in lines)
    assert not any("points virtuels" in line for line in lines)

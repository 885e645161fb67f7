"""questions.templatetags.question_tags: the labels and the remembered truncation print what
Django's own would."""

from __future__ import annotations

import pytest
from django.template import engines
from django.utils import translation
from django.utils.safestring import mark_safe

from questions.models import Difficulty, QuestionType, Status
from questions.templatetags.question_tags import difficulty_label, status_label, type_label

TEXTS = [
    "",
    "Court.",
    "Un joueur appuie sur la pendule sans avoir joué de coup : que décide l'arbitre ? " * 3,
    "e\u0301" * 200,  # combining accents: not counted as characters
    "<b>Tom & Jerry</b> " * 20,
]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("length", ["0", "1", "5", "110", "140", "x"])
def test_truncated_prints_what_truncatechars_prints(language, length):
    template = engines["django"].from_string(
        "{% load question_tags %}{% for text in texts %}"
        "[{{ text|truncated:length }}|{{ text|truncatechars:length }}]{% endfor %}"
    )
    with translation.override(language):
        rendered = template.render({"texts": [*TEXTS, mark_safe("<i>sûr</i> " * 40)], "length": length})
    pairs = [chunk.split("|") for chunk in rendered.strip("[]").split("][")]
    assert all(ours == django for ours, django in pairs)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_labels_are_the_choices_labels(language):
    with translation.override(language):
        types = [str(label) for label in QuestionType.labels]
        statuses = [str(label) for label in Status.labels]
        difficulties = [str(label) for label in Difficulty.labels]
        assert [type_label(value) for value in QuestionType.values] == types
        assert [status_label(value) for value in Status.values] == statuses
        assert [difficulty_label(value) for value in Difficulty.values] == difficulties


def test_an_unknown_value_is_its_own_label():
    assert (type_label("hexagonal"), status_label("lost"), difficulty_label(7)) == ("hexagonal", "lost", 7)

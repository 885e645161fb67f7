"""A citation is written the same way in the answer key, the editor's chips and the article
picker, through one translatable phrase."""

from __future__ import annotations

import pytest

from questions import citations
from questions.templatetags.question_tags import citation_text
from questions.ui_services import article_hits, citation_label

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("edition", "number", "expected"), [("livre", "4.1", "Livre 4.1"), ("2018", "4.3.1", "2018 art. 4.3.1")]
)
def test_the_answer_key_and_the_chip_write_a_citation_alike(edition, number, expected):
    citation = {"edition": edition, "article": number}
    assert citation_text(citation) == citation_label(citation) == expected


def test_the_picker_labels_its_hits_like_the_chips(monkeypatch):
    from rules import search as rules_search

    hit = type("Hit", (), {"edition": "", "number": "4.1", "title": "", "kind": "section",
                           "snippet": "", "url": "", "score": 1.0})
    monkeypatch.setattr(rules_search, "search", lambda query, **kwargs: [hit])
    assert article_hits("arbitre", language="fr")[0]["label"] == "Livre 4.1"


def test_the_label_goes_through_the_translation_catalogue(monkeypatch):
    monkeypatch.setattr(citations, "pgettext", lambda context, message: message.replace("Livre", "Book"))
    assert citation_text({"edition": "livre", "article": "4.1"}) == "Book 4.1"

from __future__ import annotations

import pytest
from django.test import Client

from rules.templatetags.rules_tags import link_references, render_rule_text

NUMBERS = {"5.2.2", "6.9", "9.6.2", "A.4", "5.1.1", "5.1.2", "9", "III.4"}


def links(text: str) -> list[str]:
    import re

    return re.findall(r'href="/rules/2018/([^/]+)/"', link_references(text, edition="2018", numbers=NUMBERS))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("(cf. Article 5.2.2)", ["5.2.2"]),
        ("voir 6.9 pour la pendule", ["6.9"]),
        ("selon l&#x27;Article 9.6.2.", ["9.6.2"]),
        ("see Article A.4", ["A.4"]),
        ("Voir aussi A.4 pour le rapide", ["A.4"]),
        ("les articles 5.1.1, 5.1.2 ou 5.2.2 s’appliquent", ["5.1.1", "5.1.2", "5.2.2"]),
        ("Articles 6.9 and 9.6.2", ["6.9", "9.6.2"]),
        ("art. 9 du règlement", ["9"]),
        ("see Guidelines III.4", ["III.4"]),
        ("en accord avec les directives III.4", ["III.4"]),
        ("Articles 5.1.1 à 5.2.2", ["5.1.1", "5.2.2"]),
        ("Articles 5.1.1 – 6.9", ["5.1.1", "6.9"]),
        ("Articles 5.1.1 to 5.1.2", ["5.1.1", "5.1.2"]),
        ("see Appendix A.4 for rapid", ["A.4"]),
        ("the Guidelines say", []),
        ("Article III.4", ["III.4"]),
    ],
)
def test_references_become_links(text, expected):
    assert links(text) == expected


@pytest.mark.parametrize(
    "text", ["voir 2 joueurs", "see Article 7.7 (deleted)", "particle 6.9", "Article of the Laws"]
)
def test_other_text_is_left_alone(text):
    assert links(text) == []


def test_the_word_after_and_is_not_taken_for_an_appendix():
    assert links("see 6.9 and Article 9.6.2") == ["6.9", "9.6.2"]


def test_rule_text_escapes_then_links():
    html = render_rule_text("<b>voir 6.9</b>", edition="2018", numbers=NUMBERS)
    assert html.startswith("<p>&lt;b&gt;voir <a")


def test_rule_text_keeps_paragraphs_and_lines():
    assert render_rule_text("a.\nb.\n\nc.") == "<p>a.<br>b.</p><p>c.</p>"


def test_a_group_number_lists_its_paragraphs(rulebook):
    content = Client().get("/rules/2018/9.6/").content.decode()
    assert 'id="a-9.6.2"' in content


def test_an_unknown_number_suggests_the_closest_articles(rulebook):
    response = Client().get("/rules/2018/9.2.7/")
    assert response.status_code == 404 and 'href="/rules/2018/9.2.2/"' in response.content.decode()


def test_references_to_a_group_number_are_links(rulebook):
    content = Client().get("/rules/2018/6.9/").content.decode()
    assert 'href="/rules/2018/5.2.2/"' in content

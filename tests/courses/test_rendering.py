import pytest
from django.utils import translation

from courses.rendering import render_lesson


@pytest.fixture(autouse=True)
def french():
    with translation.override("fr"):
        yield


def test_it_renders_markdown_without_letting_html_through():
    html = render_lesson("Texte **gras** <script>alert(1)</script> <img src=x onerror=alert(1)>\n")
    assert "<strong>gras</strong>" in html
    assert "<script>" not in html and "<img" not in html and "&lt;script&gt;" in html


def test_a_javascript_link_is_not_a_link():
    html = render_lesson("[clic](javascript:alert(1)) et [data](data:text/html;base64,PHNjcmlwdD4=)\n")
    assert "href" not in html


def test_images_are_not_rendered():
    assert "<img" not in render_lesson("![suivi](https://example.org/pixel.png)\n")


def test_a_pipe_table_is_rendered_as_a_table_that_scrolls_on_a_narrow_screen():
    html = render_lesson("| Ronde | Table 1 |\n|---|---|\n| 1 | 1–12 |\n")
    assert '<div class="table-scroll"><table>' in html
    assert "<td>1–12</td>" in html


def test_it_links_an_article_to_its_rulebook_permalink():
    html = render_lesson("Voir [[2018:4.3]] et [[2018:9.2.1|la répétition]].\n")
    assert '<a href="/rules/2018/4.3/" class="article-link">2018 art. 4.3</a>' in html
    assert '<a href="/rules/2018/9.2.1/" class="article-link">la répétition</a>' in html


def test_a_link_label_cannot_inject_markup():
    html = render_lesson('[[2018:4.3|<b onclick="x">gras</b>]]\n')
    assert "<b " not in html and "&lt;b" in html


def test_an_unknown_article_is_left_as_text():
    assert "href" not in render_lesson("[[2018:99.99]]\n")


def test_a_diagram_directive_draws_the_board_with_its_caption_escaped():
    html = render_lesson('::: diagram fen="4k3/8/8/8/4P3/8/8/4K3 b - - 0 1" caption="<i>Après</i> Nf3"\n')
    assert "<figure" in html and "<svg" in html
    assert "&lt;i&gt;Après&lt;/i&gt; Cf3" in html


def test_a_replay_shows_moves_with_the_readers_letters():
    html = render_lesson('::: replay pgn="1. e4 e5 2. Nf3 Nc6 3. Bb5" ply="3"\n')
    assert "data-replay" in html and "Cf3" in html and "Fb5" in html
    with translation.override("en"):
        assert "Nf3" in render_lesson('::: replay pgn="1. e4 e5 2. Nf3"\n')


def test_moves_in_the_text_are_shown_with_french_letters():
    assert "Cf3 puis Fb5" in render_lesson("Jouer Nf3 puis Bb5.\n")


def test_a_scenario_is_a_boxed_block_with_markdown_inside():
    html = render_lesson('::: scenario title="Au club"\nLe joueur **réclame**.\n:::\nAprès.\n')
    assert '<aside class="lesson-scenario"><h3 class="lesson-scenario__title">Au club</h3>' in html
    assert "<strong>réclame</strong>" in html and html.index("</aside>") < html.index("Après")


def test_a_broken_directive_shows_its_error_in_place():
    html = render_lesson('::: diagram fen="pas une position"\n')
    assert 'role="alert"' in html and "FEN invalide" in html


def test_without_javascript_each_replay_steps_on_its_own():
    body = '::: replay pgn="1. e4 e5 2. Nf3"\n\n::: replay pgn="1. d4 d5 2. c4" ply="1"\n'
    html = render_lesson(body, base_url="/l/", params={"r": "2", "ply": "3"})
    assert 'href="/l/?r=2&amp;ply=2#replay-2"' in html  # the second is at ply 3: "previous" is 2
    assert 'href="/l/?r=1&amp;ply=2#replay-1"' in html  # the first, untouched, at its end (3): previous 2
    assert 'id="replay-2"' in html

import pytest
from django.template import Context, Template
from django.test import RequestFactory

from positions.diagrams import DiagramError, describe_position, diagram_svg, render_spec
from positions.validation import FenError

FEN = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


def test_the_same_input_gives_the_same_bytes_rendered_once():
    render_spec.cache_clear()
    first = diagram_svg(FEN, arrows=["e2e4:red"], squares={"e4": "yellow"})
    second = diagram_svg(FEN, arrows=["e2e4:red"], squares={"e4": "yellow"})
    assert first == second
    assert render_spec.cache_info().hits == 1


def test_it_draws_arrows_circles_and_coloured_squares():
    svg = diagram_svg(
        FEN, arrows=["g1f3:blue"], circles=["d5:red"], squares={"e4": "green"}, last_move="e2e4"
    )
    assert svg.count('class="arrow"') >= 1 and "circle" in svg and "#6fc26f" in svg


def test_it_has_no_script():
    assert "<script" not in diagram_svg(FEN, orientation="black", size=200, coordinates=False)


def test_it_rejects_an_unknown_colour():
    with pytest.raises(DiagramError) as error:
        diagram_svg(FEN, squares={"e4": "url(#x)"})
    assert error.value.field == "squares"


def test_it_rejects_an_invalid_fen():
    with pytest.raises(FenError):
        diagram_svg("8/8/8 w - - 0 1")


def test_the_text_alternative_lists_the_side_to_move_and_the_pieces():
    text = describe_position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", language="fr")
    assert text == "Trait aux Blancs. Blancs : roi e1 ; pion e2. Noirs : roi e8."


def render(source, **context):
    request = RequestFactory().get("/somewhere/", context.pop("query", {}))
    return Template("{% load chessboard %}" + source).render(Context({"request": request, **context}))


def test_the_chessboard_tag_renders_a_figure_with_description_and_clocks():
    html = render(
        '{% chessboard fen clocks=clocks caption="Après 1.e4" %}',
        fen=FEN,
        clocks={"white": "0:04:10", "black": "0:00:12", "to_move": "black"},
    )
    assert "<figure" in html and "Trait aux Noirs" in html and "0:00:12" in html


def test_the_chessboard_tag_shows_an_error_instead_of_failing():
    assert "Diagramme impossible" in render("{% chessboard 'not a fen' %}")


def test_the_chessboard_tag_accepts_annotation_dicts():
    html = render(
        "{% chessboard fen arrows=arrows %}", fen=FEN, arrows=[{"from": "e2", "to": "e4", "color": "red"}]
    )
    assert 'class="arrow"' in html


def test_the_replay_shows_the_chosen_ply_and_the_clocks():
    html = render(
        "{% pgn_replay pgn %}", pgn="1. e4 {[%clk 0:10:00]} e5 {[%clk 0:09:58]} 2. Nf3", query={"ply": "1"}
    )
    assert 'aria-current="step">e4<' in html and "0:10:00" in html


def test_the_replay_links_work_without_javascript():
    html = render("{% pgn_replay pgn ply=2 %}", pgn="1. e4 e5 2. Nf3")
    assert 'href="/somewhere/?ply=3' in html and 'href="/somewhere/?ply=1' in html


def test_the_replay_reports_unreadable_moves():
    assert "message--error" in render("{% pgn_replay 'e4 zz9' %}")


def test_the_replay_quotes_a_wrong_move_with_the_letters_it_writes_its_moves_with():
    from django.utils import translation

    pgn = "1. Rd1"  # two rooks can go to d1
    fen = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1"
    with translation.override("fr"):
        french = render("{% pgn_replay pgn fen=fen %}", pgn=pgn, fen=fen)
    with translation.override("en"):
        english = render("{% pgn_replay pgn fen=fen %}", pgn=pgn, fen=fen)
    assert "Tad1, Thd1" in french and "Rad1, Rhd1" in english


def test_the_board_editor_keeps_a_plain_fen_input():
    html = render('{% board_editor name="fen" value=fen %}', fen=FEN)
    assert 'name="fen"' in html and f'value="{FEN}"' in html and "data-board-editor-ui hidden" in html


def test_the_chessboard_tag_accepts_square_lists_and_ignores_odd_clocks():
    html = render(
        "{% chessboard fen squares=squares clocks='soon' %}",
        fen=FEN,
        squares=[{"square": "e4", "color": "red"}, "d5"],
    )
    assert "#e05050" in html and "chessboard__clocks" not in html


def test_the_diagram_url_is_canonical_and_served(db):
    from django.test import Client

    from positions.diagrams import diagram_url

    first = diagram_url(FEN, squares={"e4": "yellow", "d5": "red"}, size=200)
    assert first == diagram_url(FEN, squares={"d5": "red", "e4": "yellow"}, size=200)
    assert Client().get(first).status_code == 200


def test_the_replay_draws_the_moves_cal_arrows_and_csl_circles():
    html = render("{% pgn_replay pgn ply=1 %}", pgn="1. e4 {[%cal Gg1f3,Rd7d5] [%csl Ye4]} e5")
    assert "arrows=g1f3%3Agreen%2Cd7d5%3Ared" in html and "circles=e4%3Ayellow" in html


def test_the_replay_survives_more_annotations_than_a_diagram_takes():
    arrows = ",".join(f"G{a}{r}{b}{s}" for a in "abcdefgh" for r in "12" for b in "abcdefgh" for s in "78")
    html = render("{% pgn_replay pgn %}", pgn="1. e4 {[%cal " + arrows + "]} e5")
    assert "data-replay" in html and "message--error" not in html


# After 1. e4 e5 2. Ke3 Ke6 3. Kd4 (illegal: the white king steps into the e5 pawn's check).
EXPOSED = "rnbq1bnr/pppp1ppp/4k3/4p3/3KP3/8/PPPP1PPP/RNBQ1BNR b - - 3 3"


def test_a_user_typed_fen_with_the_mover_in_check_stays_invalid():
    with pytest.raises(FenError):
        diagram_svg(EXPOSED)


def test_the_chessboard_tag_draws_the_position_left_by_an_illegal_move():
    html = render("{% chessboard fen last_move='e3d4' %}", fen=EXPOSED)
    assert "Diagramme impossible" not in html and "<svg" in html
    assert 'stroke="#882020"' in html  # the illegal move as a red arrow


def test_the_text_alternative_says_the_king_is_in_check_illegally():
    html = render("{% chessboard fen %}", fen=EXPOSED)
    assert "Le roi blanc est en échec alors que les Noirs ont le trait" in html


def test_the_diagram_route_draws_the_position_left_by_an_illegal_move(db):
    from django.test import Client

    response = Client().get("/positions/diagram.svg", {"fen": EXPOSED, "last_move": "e3d4"})
    assert response.status_code == 200


@pytest.mark.parametrize("last_move", ["a1a1", "e2e2", "a1a1q", "E2E2"])
def test_the_diagram_route_refuses_a_last_move_that_stays_on_its_square(db, last_move):
    from django.test import Client

    response = Client().get("/positions/diagram.svg", {"fen": FEN, "last_move": last_move})
    assert response.status_code == 400
    assert "case de départ et la case d'arrivée doivent être différentes" in response.content.decode()


def test_the_diagram_route_refuses_an_unknown_promotion_letter(db):
    from django.test import Client

    response = Client().get("/positions/diagram.svg", {"fen": FEN, "last_move": "e7e8k"})
    assert response.status_code == 400


def test_the_chessboard_tag_shows_an_error_for_a_last_move_that_stays_on_its_square():
    html = render("{% chessboard fen last_move='a1a1' %}", fen=FEN)
    assert "Diagramme impossible" in html


ARROW_ON_KING = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def test_arrows_are_drawn_after_every_piece_so_no_king_covers_them():
    svg = diagram_svg(ARROW_ON_KING, arrows=["e1e8:green"])
    assert svg.rindex("<use ") < svg.index('class="arrow-outline"') < svg.index('class="arrow"')


@pytest.mark.parametrize("colour", ["green", "red", "yellow", "blue"])
def test_arrows_are_opaque_enough_to_show_over_a_black_king(colour):
    import re

    svg = diagram_svg(ARROW_ON_KING, arrows=[f"e1e8:{colour}"])
    opacities = [float(value) for value in re.findall(r'opacity="([0-9.]+)" [^>]*class="arrow"', svg)]
    assert opacities and min(opacities) >= 0.8

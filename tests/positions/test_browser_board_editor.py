"""In chromium: the board editor's castling boxes follow the position, and its coordinates
turn with the board."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.questions.test_browser_question_flow import AUTHOR, log_in

pytestmark = pytest.mark.browser


def put(page: Page, piece: str, square: str) -> None:
    page.locator(f".board-editor [data-piece='{piece}']").click()
    page.locator(f".board-editor [data-square='{square}']").click()


@pytest.fixture
def editor(live_server, page: Page, demo_users) -> Iterator[Page]:
    log_in(page, live_server.url, AUTHOR, "/questions/new/")
    yield page
    # Leave (saying yes to the unsaved-changes warning) so that no preview request is still
    # running when the database is flushed.
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto("about:blank")


def test_clearing_the_board_greys_out_castling_and_says_why(editor: Page):
    editor.get_by_role("button", name="Vider l'échiquier").click()
    expect(editor.locator("[data-board-castling=K]")).to_be_disabled()
    expect(editor.locator("[data-castling-hint]")).to_be_visible()
    expect(editor.locator("input[name=fen]")).to_have_value("8/8/8/8/8/8/8/8 w - - 0 1")


def test_a_castling_box_comes_back_when_its_king_and_rook_are_on_their_squares(editor: Page):
    editor.get_by_role("button", name="Vider l'échiquier").click()
    put(editor, "K", "e1")
    put(editor, "R", "h1")
    editor.locator("[data-board-castling=K]").check()
    expect(editor.locator("input[name=fen]")).to_have_value("8/8/8/8/8/8/8/4K2R w K - 0 1")
    expect(editor.locator("[data-board-castling=Q]")).to_be_disabled()


def test_moving_the_rook_away_removes_the_right_and_putting_it_back_restores_it(editor: Page):
    put(editor, "", "h1")
    expect(editor.locator("[data-board-castling=K]")).not_to_be_checked()
    expect(editor.locator("input[name=fen]")).to_have_value(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1"
    )
    put(editor, "R", "h1")
    expect(editor.locator("[data-board-castling=K]")).to_be_checked()


def label_positions(page: Page) -> tuple[bool, bool]:
    """Whether file "a" is left of file "h", and rank "8" above rank "1", as drawn."""
    files = page.locator(".board-editor__files span")
    ranks = page.locator(".board-editor__ranks span")
    a, h = files.filter(has_text="a").bounding_box(), files.filter(has_text="h").bounding_box()
    eight, one = ranks.filter(has_text="8").bounding_box(), ranks.filter(has_text="1").bounding_box()
    return a["x"] < h["x"], eight["y"] < one["y"]


def test_the_coordinates_turn_with_the_board(editor: Page):
    assert label_positions(editor) == (True, True)
    editor.get_by_role("button", name="Retourner").click()
    assert label_positions(editor) == (False, False)


def test_in_the_question_editor_the_board_follows_the_diagram_orientation(editor: Page):
    editor.locator("select[name=orientation]").select_option("black")
    assert label_positions(editor) == (False, False)
    editor.locator("select[name=orientation]").select_option("white")
    assert label_positions(editor) == (True, True)


def test_the_palette_has_a_row_of_white_pieces_and_a_row_of_black_pieces(editor: Page):
    def top(piece: str) -> float:
        return editor.locator(f".board-editor [data-piece='{piece}']").bounding_box()["y"]

    assert top("K") == top("P")
    assert top("k") == top("p") > top("P")  # the black king sat at the end of the white row

"""In chromium, on a desktop and on a 390 px phone: the rows' text boxes use the row's width
and grow with their text."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.questions.test_browser_question_flow import AUTHOR, log_in

pytestmark = pytest.mark.browser

LONG_OPTION = (
    "Le joueur doit jouer la pièce touchée, sauf s'il a annoncé « j'adoube » avant de la toucher, "
    "auquel cas il peut jouer un autre coup de son choix"
)


@pytest.mark.parametrize("width", [1280, 390])
def test_option_texts_take_the_row_width_and_grow_with_the_text(live_server, page: Page, demo_users, width):
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, live_server.url, AUTHOR, "/questions/new/")
    box = page.locator("textarea[name=options-0-text_fr]")
    row = page.locator("#options-rows > li").first.bounding_box()
    empty = box.bounding_box()
    box.fill(LONG_OPTION)
    assert empty["width"] > row["width"] * 0.9
    assert box.bounding_box()["height"] > empty["height"]
    assert page.locator("[name=options-0-key]").get_attribute("type") == "hidden"

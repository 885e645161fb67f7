"""The roll call on a phone: its columns past the edge of the screen are announced by a shadow."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageStat
from playwright.sync_api import Page

from tests.accounts.test_browser_navigation import log_in

pytestmark = pytest.mark.browser


def edge_brightness(page: Page, side: str) -> float:
    """The mean brightness of a thin strip inside the roll call's box, on one side, across the
    first candidate's row (an empty cell there: 255 is white, a shadow is darker)."""
    box = page.locator("main .table-scroll").first.bounding_box()
    row = page.locator("main .roll-call tbody tr").first.bounding_box()
    x = box["x"] + 3 if side == "left" else box["x"] + box["width"] - 8
    clip = {"x": x, "y": row["y"] + row["height"] / 2, "width": 5, "height": row["height"] / 3}
    image = Image.open(io.BytesIO(page.screenshot(clip=clip))).convert("L")
    return ImageStat.Stat(image).mean[0]


def test_on_a_phone_the_roll_call_shows_a_shadow_where_columns_are_hidden(
    live_server, page: Page, demo_users
):
    log_in(page, live_server.url, "stagiaire@demo.arbitre.fr")
    page.goto(live_server.url + "/examens/")
    page.get_by_role("link", name="S'inscrire").click()
    page.get_by_label("Rennes", exact=False).check()
    page.locator("main form button[type=submit]").click()
    page.context.clear_cookies()
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, "correcteur@demo.arbitre.fr")
    page.goto(live_server.url + "/examens/")
    page.get_by_role("link", name="Rennes", exact=False).click()

    # The accommodations and the copy are past the right edge: a shadow there, none on the left.
    assert edge_brightness(page, "right") < edge_brightness(page, "left") - 20
    page.locator("main .table-scroll").first.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    # Scrolled to the end, the shadow moves to the left, where the code and the name now hide.
    assert edge_brightness(page, "left") < edge_brightness(page, "right") - 20

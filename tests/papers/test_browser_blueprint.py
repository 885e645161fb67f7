"""A blueprint's drawing rules in chromium, on a desktop screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.accounts.test_browser_navigation import log_in

pytestmark = pytest.mark.browser


def test_every_column_of_the_drawing_rules_fits_a_desktop_screen(live_server, page: Page, demo_users):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server.url, "examens@demo.arbitre.fr")
    page.goto(live_server.url + "/papers/plans/new/")
    expect(page.get_by_label("points par question").first).to_be_visible()  # each rule field has a label
    scroll = page.locator("main .table-scroll").first
    assert scroll.evaluate("box => box.scrollWidth <= box.clientWidth")  # 'Supprimer' was out of view

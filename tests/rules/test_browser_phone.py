"""On a phone (390 px wide): the header folds its menu behind a button, and no rulebook
page is wider than the screen."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from rules.services import load_rulebook
from tests.rules.conftest import FIXTURES

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PAGES = [
    "/",
    "/rules/",
    "/rules/search/",
    "/rules/search/?q=adoube",
    "/rules/search/?q=threefold",
    "/rules/2018/",
    "/rules/2018/laws/",
    "/rules/2018/9.2.2/",
    "/rules/2018/9.6/",
    "/rules/2018/4.2.1/history/",
    "/rules/2018/changes/",
    "/rules/2014/",
    "/rules/livre/1.2/",
    "/rules/livre/4.1/",
    "/rules/glossary/",
    "/rules/correspondence/",
]


@pytest.fixture
def loaded_rulebook(transactional_db):
    load_rulebook(data_dir=FIXTURES)


def _log_in(page: Page, live_server, user) -> None:
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}
    page.context.add_cookies([cookie])


@pytest.mark.parametrize("path", PAGES)
def test_no_page_is_wider_than_a_phone(live_server, page: Page, loaded_rulebook, path):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}{path}")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_header_is_short_on_a_phone_even_with_every_menu_entry(live_server, page: Page, administrator):
    _log_in(page, live_server, administrator)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/rules/")
    assert page.locator("header").bounding_box()["height"] < 80


def test_the_menu_button_opens_and_closes_the_menu(live_server, page: Page, administrator):
    _log_in(page, live_server, administrator)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/")
    toggle = page.get_by_role("button", name="Menu")
    expect(page.locator("#site-menu")).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#site-menu").get_by_role("link", name="Règles du jeu")).to_be_visible()
    toggle.click()
    expect(page.locator("#site-menu")).to_be_hidden()


def test_escape_closes_the_menu_and_returns_to_its_button(live_server, page: Page, administrator):
    _log_in(page, live_server, administrator)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/")
    toggle = page.get_by_role("button", name="Menu")
    toggle.click()
    page.locator("#site-menu").get_by_role("link", name="Règles du jeu").focus()
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()


def test_the_menu_is_not_folded_on_a_wide_screen(live_server, page: Page, administrator):
    _log_in(page, live_server, administrator)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/")
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(page.locator("header").get_by_role("link", name="Règles du jeu")).to_be_visible()


def test_the_livre_chapters_are_numbered_once(live_server, page: Page, loaded_rulebook):
    page.goto(f"{live_server.url}/rules/")
    style = page.evaluate(
        "getComputedStyle(document.querySelector('#livre-title ~ ol li')).listStyleType")
    assert style == "none"


def test_the_2018_table_of_contents_fits_in_a_few_screens_on_a_phone(live_server, page: Page,
                                                                      transactional_db):
    load_rulebook()  # the whole book: some 600 articles and paragraphs
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/rules/2018/")
    assert page.evaluate("document.documentElement.scrollHeight") < 3000

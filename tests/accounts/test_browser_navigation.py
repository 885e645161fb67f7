"""A new visitor switches language, then logs in as each demo role and sees their menu."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from accounts.demo import DEMO_PASSWORD
from tests.two_factor import pass_two_factor_step

pytestmark = pytest.mark.browser


def log_in(page: Page, base_url: str, email: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("E-mail", exact=False).fill(email)
    page.locator("input[name=password]").fill(DEMO_PASSWORD)
    page.locator("main form button[type=submit]").click()
    pass_two_factor_step(page, email)


def log_out(page: Page) -> None:
    page.locator("header form[action*=logout] button").click()


def test_a_visitor_switches_the_interface_to_english_and_back(live_server, page: Page, demo_users):
    page.goto(live_server.url)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("header").get_by_role("link", name="Se connecter")).to_be_visible()

    page.select_option("#language-select", "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("header").get_by_role("link", name="Log in")).to_be_visible()

    page.select_option("#language-select", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def test_arrow_keys_in_the_language_list_do_not_reload_the_page(live_server, page: Page, demo_users):
    page.goto(live_server.url)
    page.focus("#language-select")
    page.keyboard.press("ArrowDown")
    expect(page.locator(".language-switch button")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "en")


EVERYONE = ["home", "rules", "profile"]
TRAINER_ONLY = ["questions", "positions", "reviews"]


@pytest.mark.parametrize(
    ("email", "expected_nav", "absent_nav"),
    [
        ("stagiaire@demo.arbitre.fr", EVERYONE, [*TRAINER_ONLY, "admin"]),
        ("formateur@demo.arbitre.fr", EVERYONE + TRAINER_ONLY, ["admin"]),
        ("correcteur@demo.arbitre.fr", EVERYONE, [*TRAINER_ONLY, "admin"]),
        ("examens@demo.arbitre.fr", EVERYONE, [*TRAINER_ONLY, "admin"]),
        ("admin@demo.arbitre.fr", [*EVERYONE, *TRAINER_ONLY, "admin"], []),
    ],
)
def test_each_demo_role_logs_in_and_sees_its_navigation(
    live_server, page: Page, demo_users, email, expected_nav, absent_nav
):
    log_in(page, live_server.url, email)
    expect(page.locator("header .user-link")).to_be_visible()
    for key in expected_nav:
        expect(page.locator(f"header [data-nav={key}]")).to_have_count(1)
    for key in absent_nav:
        expect(page.locator(f"header [data-nav={key}]")).to_have_count(0)
    log_out(page)
    expect(page.locator("header [data-nav=login]")).to_be_visible()


def test_switching_language_keeps_the_address_htmx_pushed(live_server, page: Page, demo_users):
    page.goto(f"{live_server.url}/")
    page.evaluate("history.pushState({}, '', '/?from=htmx')")
    page.select_option("#language-select", "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.url.endswith("/?from=htmx")

"""A reader opens an article, unfolds its history in place, and searches as they type."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rules.services import load_rulebook
from tests.rules.conftest import FIXTURES

pytestmark = pytest.mark.browser


@pytest.fixture
def loaded_rulebook(transactional_db):
    load_rulebook(data_dir=FIXTURES)


def test_the_history_opens_inside_the_article_page(live_server, page: Page, loaded_rulebook):
    page.goto(f"{live_server.url}/rules/2018/4.2.1/")
    page.get_by_role("link", name="Historique de cet article").click()
    expect(page.locator("#history .rules-version[data-edition='2014']")).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/rules/2018/4.2.1/")


def test_the_commentary_folds_and_unfolds(live_server, page: Page, loaded_rulebook):
    page.goto(f"{live_server.url}/rules/2018/9.2/")
    details = page.locator("#a-9\\.2\\.2 details.rules-commentary").first
    expect(details).not_to_have_attribute("open", "")
    details.locator("summary").click()
    expect(details.locator("p")).to_be_visible()


def test_results_appear_while_typing(live_server, page: Page, loaded_rulebook):
    page.goto(f"{live_server.url}/rules/search/")
    page.locator("#rules-q").press_sequentially("adoub")
    expect(page.locator("#results mark").first).to_have_text("adoube")


def test_submitting_an_article_number_opens_the_article(live_server, page: Page, loaded_rulebook):
    page.goto(f"{live_server.url}/rules/search/")
    page.locator("#rules-q").fill("6.9")
    page.locator("#rules-q").press("Enter")
    expect(page).to_have_url(f"{live_server.url}/rules/2018/6.9/")

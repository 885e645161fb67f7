"""A trainee starts a UVT mock, opens its managed tournament from the mock's page, pairs round
1 in the manager, comes back by the banner's link, hands in and reads the part's correction
with the engine's round explained step by step, in French and in English: on a desktop screen
and on a 390 px phone."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from accounts.models import Role
from practice.mocks import ensure_mock_blueprints
from tests.conftest import make_user
from tests.papers.conftest import publish

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("MANAGED_PART_SCREENSHOTS") or Path(tempfile.gettempdir()) / "managed-part-shots")


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def switch_language(page: Page, language: str) -> None:
    toggle = page.locator(".site-menu-toggle")
    if toggle.is_visible():  # on a phone the language list is in the folded menu
        toggle.click()
    page.select_option("#language-select", language)
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_trainee_runs_the_mock_tournament_and_reads_its_correction(live_server, page: Page,
                                                                      transactional_db, width):
    make_user("lea@example.org", Role.TRAINEE, first_name="Léa")
    publish("uvt-vf", unit="UVT", article="C.04.1")
    ensure_mock_blueprints()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("E-mail", exact=False).fill("lea@example.org")
    page.locator("input[name=password]").fill("correct-horse-battery")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/**")

    page.goto(f"{live_server.url}/practice/")
    page.locator("form[action$='/examen-blanc/UVT/'] button[type=submit]").click()
    expect(page.locator("#managed-part")).to_be_visible()
    shot(page, f"{width}-1-mock-part")

    page.locator("#managed-part-open").click()
    expect(page.locator("[data-mock-part]")).to_be_visible()
    page.locator("#pair-next").click()
    expect(page.locator("table.pairings")).to_be_visible()
    shot(page, f"{width}-2-round-1")

    page.locator("[data-mock-part] a").click()
    expect(page.locator("#managed-part")).to_be_visible()
    page.goto(page.url.split("#")[0] + "submit/")
    page.get_by_role("button", name="Remettre ma copie").click()
    expect(page.locator("#managed-part-title")).to_contain_text("sur 20")
    shot(page, f"{width}-3-correction")

    # Round 1, paired by the engine, is right: its step-by-step account is folded until asked.
    steps = page.locator("#managed-part-steps-1")
    expect(steps.locator("ol")).to_be_hidden()
    steps.locator("summary").click()
    expect(steps.locator("ol li").first).to_contain_text("Groupes de points")
    steps.scroll_into_view_if_needed()
    shot(page, f"{width}-3b-correction-explained")
    switch_language(page, "en")
    page.locator("#managed-part-steps-1 summary").click()
    expect(page.locator("#managed-part-steps-1 ol li").first).to_contain_text("Score groups")
    shot(page, f"{width}-3c-correction-explained-en")
    switch_language(page, "fr")

    page.locator("#managed-part a").first.click()
    expect(page.locator("[data-mock-part]")).to_contain_text("figé")
    expect(page.locator("#pair-next")).to_have_count(0)
    shot(page, f"{width}-4-frozen")

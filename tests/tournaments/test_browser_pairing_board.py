"""A trainee pairs round 5 of the Livre's 4.3 tournament on the pairing board by keyboard
alone, reloads half-way (the board comes back as it was), hands in and reads the explained
correction; then the same on a 390 px phone, whose page must not scroll sideways.

PAIRING_BOARD_SHOTS=/some/dir keeps screenshots of the board (desktop and phone)."""

from __future__ import annotations

import json
import os

import pytest
from playwright.sync_api import Page, expect

from tests.tournaments.test_browser_swiss import log_in

BLOCKING = {"serious", "critical"}

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("PAIRING_BOARD_SHOTS", "")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def tab_to(page: Page, selector: str, *, backwards: bool = False, limit: int = 400) -> None:
    """Press Tab (or Shift+Tab) until the focused element matches ``selector``."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    raise AssertionError(f"never reached {selector} with the keyboard")


def pick(page: Page, number: int, key: str = "Enter") -> None:
    tab_to(page, f"[data-pb-player='{number}']")
    page.keyboard.press(key)


def typed(page: Page, text: str) -> None:
    tab_to(page, "[data-pb-quick]")
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def answer(page: Page) -> dict:
    return json.loads(page.locator("input[name=answer]").input_value())


def open_board(page: Page, base_url: str) -> None:
    log_in(page, base_url)
    page.goto(f"{base_url}/tournaments/suisse/tableau/")
    page.get_by_label("Tournoi d’exemple").select_option("livre-4-3:5")
    page.get_by_role("button", name="Afficher le tableau d’appariement").click()
    expect(page.locator("[data-pb-controls]")).to_be_visible()
    page.locator("main").focus()


def saved(page: Page, action) -> None:
    with page.expect_response(lambda response: "enregistrer" in response.url and response.status == 204):
        action()


def accessibility_problems(page: Page) -> list[str]:
    """axe-core's serious and critical violations (as tests/quality checks the main pages)."""
    from axe_playwright_python.sync_playwright import Axe

    violations = Axe().run(page).response["violations"]
    return [
        f"{v['id']} {[n['target'] for n in v['nodes'][:3]]}" for v in violations if v["impact"] in BLOCKING
    ]


def no_horizontal_scroll(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_trainee_pairs_a_round_by_keyboard_reloads_and_reads_the_correction(
    live_server, page: Page, demo_users
):
    open_board(page, live_server.url)
    status = page.locator("[data-pb-status]")
    pick(page, 2)
    expect(status).to_contain_text("2 Bruno choisi")
    expect(page.locator("[data-pb-player='2']")).to_have_attribute("aria-pressed", "true")
    saved(page, lambda: pick(page, 1, key="Space"))
    expect(status).to_contain_text("Échiquier 1 : 2 Bruno (Blancs) contre 1 Alice (Noirs)")
    pick(page, 5)
    saved(page, lambda: pick(page, 11))
    expect(page.locator("[data-pb-card='11']")).to_have_class("pb-card is-seated")
    # 6 against 4, then the colours swapped from the board list.
    pick(page, 6)
    saved(page, lambda: pick(page, 4))
    tab_to(page, "[data-pb-action=swap][data-pb-index='2']", backwards=True)
    saved(page, lambda: page.keyboard.press("Enter"))
    expect(status).to_contain_text("4 David a maintenant les Blancs")
    # A player already seated is refused, a wrong board is undone.
    pick(page, 1)
    expect(status).to_contain_text("déjà placé (éch. 1)")
    pick(page, 3)
    saved(page, lambda: pick(page, 8))
    tab_to(page, "[data-pb-action=undo]", backwards=True)
    saved(page, lambda: page.keyboard.press("Enter"))
    expect(status).to_contain_text("Dernière action annulée")
    assert answer(page) == {"pairs": [[2, 1], [5, 11], [4, 6]], "byes": []}
    shot(page, "board-desktop")
    assert accessibility_problems(page) == []

    page.reload()
    expect(page.locator("[data-pb-boards] li")).to_have_count(3)
    assert answer(page) == {"pairs": [[2, 1], [5, 11], [4, 6]], "byes": []}
    page.locator("main").focus()
    for text in ("3-7", "9 - 10", "14-12"):
        typed(page, text)
    saved(page, lambda: typed(page, "13-8"))
    expect(page.locator("[data-pb-count]")).to_have_text("Tous les joueurs sont placés.")
    tab_to(page, "button[value=check]")
    page.keyboard.press("Enter")
    correction = page.locator("#correction")
    expect(correction).to_contain_text("Ronde 5 : 14 / 14")
    expect(correction).to_contain_text("C’est l’appariement du système néerlandais")
    expect(correction.locator(".pb-steps li").first).to_contain_text("Groupes de points")
    expect(correction).to_contain_text("14, le mieux classé, reçoit sa préférence")
    shot(page, "correction-desktop")
    assert accessibility_problems(page) == []


def test_the_same_on_a_390_px_phone_without_sideways_scrolling(live_server, browser, demo_users):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    page = context.new_page()
    open_board(page, live_server.url)
    assert no_horizontal_scroll(page)
    pick(page, 2)
    saved(page, lambda: pick(page, 1))
    pick(page, 3)
    page.keyboard.press("Escape")
    expect(page.locator("[data-pb-status]")).to_contain_text("Choix de 3 Carla annulé")
    expect(page.locator("[data-pb-player='3']")).to_have_attribute("aria-pressed", "false")
    pick(page, 11)
    saved(page, lambda: pick(page, 5))
    tab_to(page, "[data-pb-action=swap][data-pb-index='1']")
    saved(page, lambda: page.keyboard.press("Enter"))
    shot(page, "board-phone")
    assert no_horizontal_scroll(page)

    page.reload()
    assert answer(page) == {"pairs": [[2, 1], [5, 11]], "byes": []}
    page.locator("main").focus()
    for text in ("4-6", "3-7", "9-10", "14-12"):
        typed(page, text)
    saved(page, lambda: typed(page, "8-13"))
    tab_to(page, "button[value=check]")
    page.keyboard.press("Enter")
    correction = page.locator("#correction")
    expect(correction).to_contain_text("Ronde 5 : 13 / 14")
    expect(correction).to_contain_text("13–8 : bonne paire, mais le moteur donne les Blancs à 13")
    assert no_horizontal_scroll(page)
    shot(page, "correction-phone")
    context.close()


def test_the_board_follows_its_hidden_input_when_another_script_sets_it(live_server, page: Page, demo_users):
    open_board(page, live_server.url)
    page.evaluate(
        """() => {
            const input = document.querySelector("input[name=answer]");
            input.value = JSON.stringify({pairs: [[3, 7]], byes: [12]});
            input.closest("[data-pairing-board]").dispatchEvent(new Event("pairing-board:refresh"));
        }"""
    )
    expect(page.locator("[data-pb-boards] li")).to_have_count(1)
    expect(page.locator("[data-pb-card='12'] [data-pb-seat]")).to_have_text("exempt")
    pick(page, 2)
    pick(page, 1)
    assert answer(page) == {"pairs": [[3, 7], [2, 1]], "byes": [12]}

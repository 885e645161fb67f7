"""A trainee creates a tournament, enters players, pairs round 1, enters its results, pairs
round 2 and reads the standings: on a desktop screen and on a 390 px phone."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from accounts.models import Role
from tests.conftest import make_user

pytestmark = pytest.mark.browser
SHOTS = Path(
    os.environ.get("MANAGER_SCREENSHOTS") or Path(tempfile.gettempdir()) / "managed-tournament-shots"
)
PLAYERS = [("Alice", "2300"), ("Bruno", "2200"), ("Carla", "2100"), ("David", "2000"), ("Eloïse", "1900")]


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_trainee_runs_two_rounds_and_reads_the_standings(live_server, page: Page, transactional_db, width):
    make_user("lea@example.org", Role.TRAINEE, first_name="Léa")
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("E-mail", exact=False).fill("lea@example.org")
    page.locator("input[name=password]").fill("correct-horse-battery")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/**")

    page.goto(f"{live_server.url}/tournaments/gestion/nouveau/")
    page.get_by_label("Nom :", exact=True).fill("Open de Lyon")
    page.get_by_label("Nombre de rondes :", exact=True).fill("3")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page.locator("h1")).to_have_text("Open de Lyon")
    for name, rating in PLAYERS:
        page.locator("#add-player").get_by_label("Nom :", exact=True).fill(name)
        page.locator("#add-player").get_by_label("Classement Elo :", exact=True).fill(rating)
        page.get_by_role("button", name="Inscrire", exact=True).click()
        expect(page.locator(".players")).to_contain_text(name)
    shot(page, f"{width}-1-players")

    page.get_by_role("button", name="Apparier la ronde 1").click()
    expect(page.locator("h1")).to_have_text("Ronde 1")
    expect(page.locator(".bye")).to_contain_text("Exempt")
    shot(page, f"{width}-2-round-1")
    for board, result in ((1, "1-0"), (2, "=")):
        with page.expect_response(lambda response, board=board: f"/echiquiers/{board}/" in response.url):
            page.get_by_label(f"Résultat de l'échiquier {board}").select_option(result)  # htmx posts it
        expect(page.locator(f"#board-{board} select")).to_have_value(result)
    page.reload()
    expect(page.get_by_label("Résultat de l'échiquier 2")).to_have_value("=")

    page.get_by_role("button", name="Apparier la ronde 2").click()
    expect(page.locator("h1")).to_have_text("Ronde 2")
    expect(page.locator(".pairings tbody tr")).to_have_count(2)
    shot(page, f"{width}-3-round-2")

    page.get_by_role("link", name="Modifier l'appariement").click()
    page.get_by_role("button", name="Vérifier").click()  # htmx: only the report comes back
    expect(page.locator("#check-result")).to_contain_text("C'est l'appariement du moteur")
    shot(page, f"{width}-3b-change-pairing")
    page.get_by_role("link", name="Retour à la ronde").click()

    page.get_by_role("link", name="Classement").click()
    expect(page.locator("h1")).to_have_text("Classement après la ronde 1")
    expect(page.locator(".standings tbody tr")).to_have_count(5)
    expect(page.locator(".standings thead")).to_contain_text("Buchholz tronqué")
    shot(page, f"{width}-4-standings")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow} px at {width} px"

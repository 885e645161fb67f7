"""A trainee pastes a tournament, pairs its next round, then checks a wrong proposal."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from accounts.demo import DEMO_PASSWORD

pytestmark = pytest.mark.browser
LIVRE = Path(__file__).parent / "data" / "livre_4_3.trf"


def log_in(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("E-mail", exact=False).fill("stagiaire@demo.arbitre.fr")
    page.locator("input[name=password]").fill(DEMO_PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{base_url}/**")


def after(rounds: int) -> str:
    from tournaments.trf import parse, write

    return write(parse(LIVRE.read_bytes()).up_to(rounds))


def test_a_trainee_pairs_the_fifth_round_and_checks_a_wrong_second_one(live_server, page: Page, demo_users):
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/tournaments/suisse/apparier/")
    page.get_by_label("Ou collez le fichier TRF").fill(after(4))
    page.get_by_role("button", name="Apparier").click()
    expect(page.locator("#pairing-result tbody tr").first).to_contain_text("2 (3,5)")

    page.goto(f"{live_server.url}/tournaments/suisse/verifier/")
    page.get_by_label("Ou collez le fichier TRF").fill(after(1))
    page.get_by_label("Appariements proposés").fill("1-8\n2-7\n6-3\n4-9\n5-11\n10-13\n14-12")
    page.get_by_role("button", name="Vérifier").click()
    expect(page.locator("#check-result")).to_contain_text("C.04.1 b")

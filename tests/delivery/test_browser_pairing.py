"""A trainee sits a pairing question in chromium: pairs round 2 of the Livre's 4.3 tournament by
keyboard on the board, reloads (the boards come back), hands the round in, reads its results,
pairs round 3, hands the copy in and reads the explained correction; the page does not scroll
sideways at 390 px.

Handing a round in asks for a confirmation first (boards made, players left unpaired), by
keyboard, at 390 px too; a network cut mid-pairing loses no board (kept in the browser, sent
when the network returns, back after a reload).

PAIRING_QUESTION_SHOTS=/some/dir keeps screenshots."""

from __future__ import annotations

import json
import os

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from delivery import services
from delivery.models import Feedback, Purpose, Response
from questions import pairing
from tests.delivery.conftest import make_paper
from tests.questions.pairing_samples import livre
from tests.questions.test_browser_question_flow import log_in

pytestmark = pytest.mark.browser
CANDIDATE = "stagiaire@demo.arbitre.fr"
SHOTS = os.environ.get("PAIRING_QUESTION_SHOTS", "")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def attempt(demo_users):
    paper = make_paper(
        demo_users["formateur@demo.arbitre.fr"],
        demo_users["formatrice@demo.arbitre.fr"],
        [("b-pairing", livre(2, rounds_to_pair=2))],
        title="UVT — Livre 4.3",
        purpose=Purpose.PRACTICE,
        feedback=Feedback.AT_END,
        duration=None,
        locked_at=timezone.now(),
    )
    return services.start_attempt(paper=paper, candidate=demo_users[CANDIDATE], seed=4)


def engine_lines(attempt, number: int) -> list[str]:
    item = attempt.paper.items.get()
    seed = services.variant_seed(attempt, item)
    engine = pairing.engine_round(item.version.body, seed, number)
    return [f"{w}-{b}" for w, b in engine.pairs] + [f"exempt {p}" for p in engine.byes]


def type_boards(page: Page, lines: list[str]) -> None:
    quick = page.locator("[data-pb-quick]")
    quick.focus()
    for line in lines:
        page.keyboard.type(line)
        page.keyboard.press("Enter")


def stored(attempt) -> dict:
    response = Response.objects.filter(attempt=attempt).first()
    return response.answer if response else {}


def test_a_trainee_pairs_two_rounds_by_keyboard_and_reads_the_correction(live_server, page: Page, attempt):
    log_in(page, live_server.url, CANDIDATE, f"/delivery/{attempt.pk}/")
    expect(page.locator("[data-pb-controls]")).to_be_visible()
    round_2 = engine_lines(attempt, 2)
    type_boards(page, round_2[:3])
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    page.reload()
    expect(page.locator("[data-pb-boards] li")).to_have_count(3)
    type_boards(page, round_2[3:])
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    shot(page, "round-2")
    hand_in = page.get_by_role("button", name="Rendre la ronde 2 et voir ses résultats")
    hand_in.focus()
    page.keyboard.press("Enter")
    confirmation = page.locator("[data-hand-in-confirm]")
    boards = sum(1 for line in round_2 if not line.startswith("exempt"))
    expect(confirmation).to_contain_text(f"{boards} échiquiers formés, 0 joueur")
    assert "handed" not in stored(attempt)
    shot(page, "round-2-confirm")
    # The confirmation's button has the focus: Enter hands the round in.
    page.keyboard.press("Enter")
    expect(page.locator(".pq__handed")).to_contain_text("Ronde 2 rendue")
    assert len(stored(attempt)["handed"]) == 1
    type_boards(page, engine_lines(attempt, 3))
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    assert json.loads(page.locator("[data-pb-answer]").input_value())["pairs"]
    page.locator("nav .button[data-flush-link]").focus()
    page.keyboard.press("Enter")
    page.locator("form.dl-summary__actions button").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".pq-correction")).to_contain_text("Comment on y arrive")
    expect(page.locator(".dl-feedback")).to_have_attribute("data-verdict", "correct")
    shot(page, "correction")


def test_the_pairing_question_fits_a_390_px_phone(live_server, page: Page, attempt):
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, CANDIDATE, f"/delivery/{attempt.pk}/")
    expect(page.locator("[data-pb-controls]")).to_be_visible()
    type_boards(page, engine_lines(attempt, 2)[:2])
    shot(page, "phone")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_enter_on_the_flag_checkbox_hands_no_round_in(live_server, page: Page, attempt):
    log_in(page, live_server.url, CANDIDATE, f"/delivery/{attempt.pk}/")
    expect(page.locator("[data-pb-controls]")).to_be_visible()
    type_boards(page, engine_lines(attempt, 2)[:1])
    page.locator("input[name=flagged]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    expect(page.locator(".pq__handed")).to_have_count(0)
    assert "handed" not in stored(attempt) and len(stored(attempt)["pairs"]) == 1


def test_handing_in_asks_first_and_no_goes_back_to_the_board_at_390_px(live_server, page: Page, attempt):
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, CANDIDATE, f"/delivery/{attempt.pk}/")
    expect(page.locator("[data-pb-controls]")).to_be_visible()
    type_boards(page, engine_lines(attempt, 2)[:2])
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    page.get_by_role("button", name="Rendre la ronde 2 et voir ses résultats").focus()
    page.keyboard.press("Enter")
    confirmation = page.locator("[data-hand-in-confirm]")
    expect(confirmation).to_contain_text("2 échiquiers formés")
    expect(confirmation).to_contain_text("joueurs sans appariement")
    expect(page.get_by_role("button", name="Oui, rendre la ronde 2")).to_be_focused()
    shot(page, "phone-confirm")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # « Non, revenir au tableau »
    expect(page.locator("[data-pb-boards] li")).to_have_count(2)
    expect(page.locator("[data-hand-in-confirm]")).to_have_count(0)
    assert "handed" not in stored(attempt)


def test_boards_made_while_the_network_is_cut_are_kept_and_sent_when_it_returns(
    live_server, page: Page, attempt
):
    log_in(page, live_server.url, CANDIDATE, f"/delivery/{attempt.pk}/")
    expect(page.locator("[data-pb-controls]")).to_be_visible()
    lines = engine_lines(attempt, 2)
    type_boards(page, lines[:2])
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    page.context.set_offline(True)
    type_boards(page, lines[2:4])
    expect(page.locator("#save-status")).to_contain_text("Hors ligne")
    assert len(stored(attempt)["pairs"]) == 2
    page.context.set_offline(False)
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    assert len(stored(attempt)["pairs"]) == 4


def test_boards_not_acknowledged_before_a_reload_come_back_and_are_sent(live_server, page: Page, attempt):
    log_in(page, live_server.url, CANDIDATE, f"/delivery/{attempt.pk}/")
    expect(page.locator("[data-pb-controls]")).to_be_visible()
    page.route("**/save/", lambda route: route.abort())  # the saves are lost on the way
    type_boards(page, engine_lines(attempt, 2)[:3])
    expect(page.locator("#save-status")).to_contain_text("Hors ligne")
    page.reload()
    expect(page.locator("[data-pb-boards] li")).to_have_count(3)
    assert not stored(attempt)
    page.unroute("**/save/")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    assert len(stored(attempt)["pairs"]) == 3

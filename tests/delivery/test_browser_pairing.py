"""A trainee sits a pairing question in chromium: pairs round 2 of the Livre's 4.3 tournament by
keyboard on the board, reloads (the boards come back), hands the round in, reads its results,
pairs round 3, hands the copy in and reads the explained correction; the page does not scroll
sideways at 390 px.

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

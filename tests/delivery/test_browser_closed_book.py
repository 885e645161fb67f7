"""Issue 19 in chromium: a closed-book exam draws its boards and steps its replays (and draws
nothing else), and a copy reaching its deadline beside another ends once, without a loop."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from delivery import services
from delivery.models import Attempt
from tests.delivery.conftest import make_paper
from tests.delivery.test_browser_attempt import CANDIDATE, open_attempt
from tests.questions import core_samples

pytestmark = pytest.mark.browser

MOVES = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"
BOARD = "8/8/8/4k3/8/8/8/4K2R w - - 0 1"
ELSEWHERE = "/positions/diagram.svg?fen=4k3%2F8%2F8%2F8%2F8%2F8%2F8%2F4KR2+b+-+-+0+1"


def closed_book_paper(users, title: str, questions):
    return make_paper(users["formateur@demo.arbitre.fr"], users["formatrice@demo.arbitre.fr"], questions,
                      title=title)


@pytest.fixture
def uvc(demo_users) -> Attempt:
    """A closed-book exam whose paper draws a board and replays a game."""
    paper = closed_book_paper(demo_users, "UVC — épreuve sans documents", [
        ("cb-board", core_samples.ruling(scenario={"fen": BOARD, "rate": "standard"})),
        ("cb-replay", core_samples.ruling(scenario={"moves": MOVES, "rate": "standard"})),
    ])
    return services.start_attempt(paper=paper, candidate=demo_users[CANDIDATE])


def loaded(page: Page, selector: str) -> None:
    page.wait_for_function(
        "selector => { const image = document.querySelector(selector);"
        " return image && image.complete && image.naturalWidth > 0; }", arg=selector)


def status_of(page: Page, path: str) -> int:
    return page.evaluate("async path => (await fetch(path, {credentials: 'same-origin'})).status", path)


def test_a_closed_book_exam_draws_its_board_and_its_replay(live_server, page: Page, uvc):
    open_attempt(page, live_server.url, uvc)
    loaded(page, "[data-replay-image]")
    board = page.locator(".chessboard__board svg").first.bounding_box()
    assert board["width"] > 100 and board["height"] > 100


def test_the_replay_steps_through_the_game_during_the_exam(live_server, page: Page, uvc):
    open_attempt(page, live_server.url, uvc)
    image = page.locator("[data-replay-image]")
    last = image.get_attribute("src")
    page.locator("[data-replay-step=first]").click()
    expect(image).not_to_have_attribute("src", last)
    loaded(page, "[data-replay-image]")
    expect(page.locator("[data-replay-status]")).to_contain_text("Position de départ")


def test_any_other_board_and_page_still_answer_403_during_the_exam(live_server, page: Page, uvc):
    open_attempt(page, live_server.url, uvc)
    assert (status_of(page, ELSEWHERE), status_of(page, "/rules/")) == (403, 403)


def test_a_copy_reaching_its_deadline_beside_another_ends_once(live_server, page: Page, uvc, demo_users,
                                                               settings):
    settings.DELIVERY_GRACE_SECONDS = 1
    uvo_paper = closed_book_paper(demo_users, "UVO — épreuve sans documents",
                                  [("cb-truefalse", core_samples.truefalse())])
    uvo = services.start_attempt(paper=uvo_paper, candidate=demo_users[CANDIDATE])
    Attempt.objects.filter(pk=uvo.pk).update(deadline=timezone.now() + timedelta(seconds=8))
    open_attempt(page, live_server.url, uvo)
    loads = []
    page.on("load", lambda _page: loads.append(page.url))
    expect(page.locator("#time-up-banner")).to_be_visible(timeout=15000)
    expect(page.locator(".dl-result")).to_contain_text("Temps écoulé", timeout=15000)
    page.wait_for_timeout(3000)  # a loop would go on reloading
    assert len(loads) == 1
    expect(page.locator(f".dl-result a[href='/delivery/{uvc.pk}/']")).to_be_visible()

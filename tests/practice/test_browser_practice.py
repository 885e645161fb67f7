"""In chromium: a trainee practises, misses a question and finds it in tomorrow's review; a
UVR mock exam survives a reload and is corrected only once handed in."""

from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from delivery.models import Attempt
from practice.mocks import ensure_mock_blueprints
from practice.models import Card
from tests.delivery.conftest import publish
from tests.practice.conftest import cite
from tests.questions import core_samples
from tests.questions.test_browser_question_flow import log_in

pytestmark = pytest.mark.browser

TRAINEE = "stagiaire@demo.arbitre.fr"


@pytest.fixture
def bank(demo_users):
    author, reviewer = demo_users["formateur@demo.arbitre.fr"], demo_users["formatrice@demo.arbitre.fr"]
    publish(core_samples.single(citations=cite("4.3.1")), "touch-move", author, reviewer)
    publish(core_samples.truefalse(citations=cite("9.6")), "draw-claim", author, reviewer)
    ensure_mock_blueprints()
    return demo_users


def test_a_missed_question_comes_back_in_tomorrows_review(live_server, page: Page, bank):
    log_in(page, live_server.url, TRAINEE, "/practice/")
    page.get_by_role("textbox", name="Article").fill("4.3.1")
    page.get_by_role("button", name="Commencer l'entraînement").click()
    page.get_by_label("Abandonner").check()
    page.get_by_role("button", name="Vérifier ma réponse").click()
    expect(page.locator(".dl-feedback")).to_contain_text("Réponse incorrecte")
    expect(page.locator(".dl-feedback")).to_contain_text("la pièce touchée doit être jouée")
    page.goto(f"{live_server.url}/practice/")
    expect(page.locator("[data-due]")).to_have_text("0")

    tomorrow = timezone.now() + timedelta(days=1, hours=1)
    with mock.patch("django.utils.timezone.now", return_value=tomorrow):
        page.reload()
        expect(page.locator("[data-due]")).to_have_text("1")
        page.get_by_role("button", name="Commencer la révision").click()
        expect(page.locator("h1")).to_contain_text("Révision du jour")
        expect(page.get_by_label("Jouer le cavalier")).to_be_visible()
    assert Card.objects.get(question__uid="touch-move").lapses == 1


def test_a_mock_exam_survives_a_reload_and_is_corrected_at_the_end(live_server, page: Page, bank):
    log_in(page, live_server.url, TRAINEE, "/practice/")
    page.get_by_role("button", name="Commencer UVR — Règles du jeu").click()
    expect(page.locator("#countdown")).to_have_text(re.compile(r"^1:59"))
    expect(page.get_by_role("button", name="Vérifier ma réponse")).to_have_count(0)
    page.get_by_label("Jouer le cavalier").check()
    expect(page.locator("#save-status")).to_contain_text("Enregistré")
    page.reload()
    expect(page.get_by_label("Jouer le cavalier")).to_be_checked()
    expect(page.locator(".dl-feedback")).to_have_count(0)
    page.locator("nav .button[data-flush-link]").click()
    page.get_by_role("button", name="Remettre ma copie").click()
    expect(page.locator(".dl-result")).to_contain_text("Note : 1 sur 2")
    expect(page.locator(".dl-feedback").first).to_be_visible()
    attempt = Attempt.objects.get(candidate__email=TRAINEE, paper__purpose="mock")
    assert attempt.deadline - attempt.started_at == timedelta(hours=2)


@pytest.mark.parametrize("path", ["/practice/", "/practice/progression/"])
def test_the_practice_pages_have_no_accessibility_violation(live_server, page: Page, bank, path):
    from axe_playwright_python.sync_playwright import Axe

    from practice import demo

    demo.load()  # a history, so that every chart and table is drawn
    log_in(page, live_server.url, TRAINEE, path)
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()

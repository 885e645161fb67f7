"""A new trainee in chromium: enrols in a course, reads a lesson (diagram, replay), marks it done."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from courses.models import LessonProgress

pytestmark = pytest.mark.browser


def test_a_new_trainee_enrols_reads_a_lesson_and_marks_it_done(live_server, page: Page, course, trainee):
    page.goto(f"{live_server.url}/accounts/login/?next=/courses/")
    page.locator("input[name=username]").fill(trainee.email)
    page.locator("input[name=password]").fill("correct-horse-battery")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/courses/")
    page.get_by_role("link", name="Stage d'arbitre club (SC)").click()
    page.get_by_role("button", name="M'inscrire à cette formation").click()
    expect(page.get_by_role("heading", name="Où j'en suis")).to_be_visible()
    page.get_by_role("link", name="Le toucher-jouer", exact=True).click()
    expect(page.locator(".lesson__body figure svg").first).to_be_visible()
    replay = page.locator(".lesson__body [data-replay]")
    expect(replay).to_be_visible()
    expect(replay).to_contain_text("Cf3")  # the file's Nf3, with French letters
    replay.locator("[data-replay-step=first]").click()
    expect(replay.locator("[data-replay-status]")).to_contain_text("Position de départ")
    expect(page.get_by_role("link", name="2018 art. 4.3").first).to_be_visible()
    page.get_by_role("button", name="J'ai terminé cette leçon").click()
    page.wait_for_url("**/courses/SC/nulle/")
    assert LessonProgress.objects.get(trainee=trainee, lesson__slug="toucher-jouer").completed_at is not None

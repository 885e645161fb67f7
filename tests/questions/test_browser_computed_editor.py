"""In chromium: writing a computed question, its parameters shown for the generator picked, three
sample variants drawn without reloading, and the draft saved with its generator."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from questions.models import Question
from tests.questions.test_browser_question_flow import AUTHOR, log_in

pytestmark = pytest.mark.browser


def test_an_author_writes_a_computed_question_and_draws_sample_variants(live_server, page: Page, demo_users):
    log_in(page, live_server.url, AUTHOR, "/questions/new/")
    page.select_option("select[name=type]", "computed")
    page.select_option("select[name=generator]", "prize-sharing")
    expect(page.locator("[name=gp_prize_sharing_max_tied]")).to_be_visible()
    expect(page.locator("[name=gp_swiss_buchholz_min_players]")).to_be_hidden()

    page.locator("input[name=uid]").fill("uvo-hort-navigateur")
    page.locator("input[name=units][value=UVO]").check()
    page.locator("textarea[name=stem_fr]").fill("Partage des prix (question calculée).")
    page.locator("[name=gp_prize_sharing_max_tied]").fill("3")
    page.get_by_role("button", name="Tirer trois variantes d'exemple").click()
    expect(page.locator("#computed-samples .computed-sample")).to_have_count(3, timeout=10000)
    expect(page.locator("#computed-samples").first).to_contain_text("Prix officiels")

    page.get_by_role("button", name="Enregistrer le brouillon").click()
    page.wait_for_url("**/questions/uvo-hort-navigateur/")
    body = Question.objects.get(uid="uvo-hort-navigateur").draft.body
    assert (body["generator"], body["params"]["max_tied"]) == ("prize-sharing", 3)

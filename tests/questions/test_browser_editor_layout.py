"""The question editor in chromium on a phone, and Enter in its article search."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from questions.models import Question
from tests.courses.test_browser_journey import log_in

pytestmark = pytest.mark.browser

TYPES = ["single", "multiple", "truefalse", "numeric", "short", "open", "ruling", "computed"]


def test_the_question_editor_fits_a_phone_whatever_the_type(live_server, page: Page, trainer):
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, trainer.email, "/questions/new/")
    widths = {}
    for kind in TYPES:
        page.select_option("select[name=type]", kind)
        widths[kind] = page.evaluate("document.documentElement.scrollWidth")
    # It was 453 px: the type list, then the scoring list, as wide as their longest choice.
    assert max(widths.values()) <= 390, widths


def test_enter_in_the_article_search_does_not_save_the_question(live_server, page: Page, trainer):
    log_in(page, live_server.url, trainer.email, "/questions/new/")
    page.select_option("select[name=type]", "truefalse")
    page.locator("textarea[name=stem_fr]").fill("Un joueur peut-il roquer après avoir bougé son roi ?")
    page.locator("#article-query").fill("roque")
    page.locator("#article-query").press("Enter")
    expect(page.locator("#article-hits")).to_contain_text("« roque »")
    expect(page.locator("textarea[name=stem_fr]")).to_have_value(
        "Un joueur peut-il roquer après avoir bougé son roi ?"
    )
    assert not Question.objects.exists()

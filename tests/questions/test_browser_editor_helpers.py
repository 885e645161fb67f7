"""In chromium: the editor's helpers (rows added by script, the immediate move check, the
article picker) and the bank list filtered without reloading the page."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils.crypto import get_random_string
from playwright.sync_api import Page, expect

from questions.models import Question
from tests.questions.test_browser_question_flow import AUTHOR, log_in

pytestmark = pytest.mark.browser


@pytest.fixture
def rulebook(transactional_db):
    call_command("load_rulebook", verbosity=0)


def test_the_editor_helpers_work_in_the_browser(live_server, page: Page, demo_users, rulebook):
    log_in(page, live_server.url, AUTHOR, "/questions/new/")
    page.select_option("select[name=type]", "single")
    expect(page.locator("[name=decisions-0-text_fr]")).to_be_hidden()

    page.locator("input[name=uid]").fill("uvr-touch-with-helpers")
    page.locator("input[name=units][value=UVR]").check()
    page.locator("textarea[name=stem_fr]").fill(
        "Les Blancs touchent leur cavalier g1. Que doivent-ils faire ?"
    )
    page.locator("textarea[name=stem_en]").fill("White touches the g1 knight. What must White do?")

    # The moves are checked as they are typed: the wrong move and the legal alternatives.
    page.locator("textarea[name=moves]").fill("1. e4 e5 2. Nf4")
    error = page.locator("#moves-check [data-ply='3']")
    expect(error).to_be_visible(timeout=10000)
    expect(error).to_contain_text("Cf3")  # the legal moves with French letters
    page.locator("textarea[name=moves]").fill("1. e4 e5")
    expect(page.locator("#moves-check")).to_contain_text("2 demi-coups", timeout=10000)

    # Rows: four are offered; the script adds a fifth.
    page.get_by_role("button", name="Ajouter une option").click()
    expect(page.locator("[name=options-4-text_fr]")).to_be_visible()
    page.locator("[name=options-0-text_fr]").fill("Jouer le cavalier")
    page.locator("[name=options-0-text_en]").fill("Move the knight")
    page.locator("[name=options-0-correct]").check()
    page.locator("[name=options-4-text_fr]").fill("Jouer une autre pièce")
    page.locator("[name=options-4-text_en]").fill("Move another piece")
    expect(page.locator("#preview article.cq")).to_contain_text("Jouer une autre pièce", timeout=10000)

    # The article picker searches the rulebook and adds a citation.
    page.locator("#article-query").fill("pièce touchée")
    cite = page.locator("#article-hits button[data-citation='2018:4.3.1']")
    expect(cite).to_be_visible(timeout=10000)
    cite.click()
    expect(page.locator("#citation-list input[value='2018:4.3.1']")).to_be_checked()

    page.get_by_role("button", name="Enregistrer le brouillon").click()
    page.wait_for_url("**/questions/uvr-touch-with-helpers/")
    draft = Question.objects.get(uid="uvr-touch-with-helpers").draft
    assert [option["text_fr"] for option in draft.body["options"]] == [
        "Jouer le cavalier",
        "Jouer une autre pièce",
    ]
    assert draft.citations == [{"edition": "2018", "article": "4.3.1"}]
    assert draft.scenario["moves"] == "1. e4 e5"


def test_the_bank_list_filters_without_reloading(live_server, page: Page, demo_users):
    from questions import services
    from tests.questions import core_samples

    author = demo_users[AUTHOR]
    services.create_question(author=author, content=core_samples.single(), uid="uvr-touch")
    services.create_question(
        author=author, content=core_samples.numeric(stem_fr="Combien de minutes ?"), uid="uvc-min"
    )
    log_in(page, live_server.url, AUTHOR, "/questions/")
    page.evaluate("window.notReloaded = true")
    page.locator("input[name=q]").fill("minutes")
    expect(page.locator("#bank-results tr[data-uid]")).to_have_count(1, timeout=10000)
    expect(page.locator("#bank-results")).to_contain_text("uvc-min")
    assert page.evaluate("window.notReloaded") is True
    assert "q=minutes" in page.url


def test_the_editor_says_so_when_the_preview_cannot_be_refreshed(live_server, page: Page, demo_users):
    log_in(page, live_server.url, AUTHOR, "/questions/new/")
    expect(page.locator("#preview .preview-checks")).to_be_visible(timeout=10000)
    page.route("**/questions/editor/preview/", lambda route: route.abort())
    page.locator("textarea[name=stem_fr]").fill("Le serveur ne répond plus.")
    expect(page.locator("#preview [data-unavailable]")).to_be_visible(timeout=10000)
    expect(page.locator("textarea[name=stem_fr]")).to_have_value("Le serveur ne répond plus.")


def test_the_bank_fits_a_phone_with_its_filters_folded(live_server, page: Page, demo_users):
    page.set_viewport_size({"width": 390, "height": 800})
    log_in(page, live_server.url, AUTHOR, "/questions/")
    expect(page.locator("details[data-collapse-on-phone]")).not_to_have_attribute("open", "")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


def test_a_draft_typed_before_logging_in_again_in_another_tab_is_saved(live_server, page: Page, demo_users):
    log_in(page, live_server.url, AUTHOR, "/questions/new/")
    page.locator("input[name=uid]").fill("uvr-typed-before-relogin")
    page.locator("input[name=units][value=UVC]").check()
    page.locator("textarea[name=stem_fr]").fill("Un joueur peut-il proposer nulle par écrit ?")
    page.select_option("select[name=type]", "truefalse")
    page.select_option("select[name=answer]", "false")

    # Logging in again elsewhere rotates the CSRF token: the browser now holds a token the
    # page's form was not rendered with. (Done through the cookie jar rather than a second
    # tab: closing a context with a second page was seen to hang Playwright now and then.)
    page.context.add_cookies(
        [{"name": settings.CSRF_COOKIE_NAME, "value": get_random_string(32), "url": live_server.url}]
    )

    page.get_by_role("button", name="Enregistrer le brouillon").click()
    page.wait_for_url("**/questions/uvr-typed-before-relogin/")
    assert Question.objects.filter(uid="uvr-typed-before-relogin").exists()


def test_an_expired_session_is_announced_in_the_preview_not_drawn_in_it(live_server, page: Page, demo_users):
    log_in(page, live_server.url, AUTHOR, "/questions/new/")
    expect(page.locator("#preview .preview-checks")).to_be_visible(timeout=10000)
    # The session ends on the server (expiry, logout elsewhere): gone from the database and from
    # the cache that sessions are read from (cached_db).
    store = import_module(settings.SESSION_ENGINE).SessionStore
    for key in Session.objects.values_list("session_key", flat=True):
        store(session_key=key).delete()
    page.locator("textarea[name=stem_fr]").fill("Tapé après la fin de la session.")
    expect(page.locator("#preview [data-unavailable]")).to_be_visible(timeout=10000)
    expect(page.locator("#preview input[name=password]")).to_have_count(0)

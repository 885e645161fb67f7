"""The lesson editor in chromium: its article search and its width on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.courses.test_browser_journey import log_in

pytestmark = pytest.mark.browser

LESSON = "/courses/rediger/SC/lecons/toucher-jouer/"


def test_enter_in_the_article_search_searches_without_saving_the_lesson(
    live_server, page: Page, course, trainer
):
    log_in(page, live_server.url, trainer.email, LESSON)
    saves = []
    page.on(
        "request",
        lambda request: (
            saves.append(request) if request.method == "POST" and request.url.endswith(LESSON) else None
        ),
    )
    page.locator("#id_title_fr").fill("Titre pas encore enregistré")
    page.get_by_text("Renvoyer à un article").click()
    page.locator("#article-query").fill("roque")
    page.locator("#article-query").press("Enter")
    # No rulebook is loaded here: the search answers that nothing matches.
    expect(page.locator("#article-hits")).to_contain_text("« roque »")
    assert saves == []  # Enter submitted the whole lesson form (422 when it was incomplete)
    expect(page.locator("#id_title_fr")).to_have_value("Titre pas encore enregistré")


@pytest.mark.parametrize("path", [LESSON, "/courses/rediger/SC/lecons/nouvelle/"])
def test_the_lesson_editor_fits_a_phone(live_server, page: Page, course, trainer, path):
    # As in the shipped courses: the module list is as wide as its longest title.
    course.modules.filter(slug="lois-bases").update(
        title_fr="Les règles de base du jeu (articles 1 à 5 des Règles)"
    )
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, trainer.email, path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # was 493 with the demo's courses
    page.evaluate("document.querySelectorAll('details').forEach(box => { box.open = true; })")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

"""End to end, in chromium: a trainer writes a ruling question with a position, sees the rules
engine object then agree, sends it to review; another trainer approves it; it is published
and previewed exactly as a candidate will see it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from accounts.demo import DEMO_PASSWORD
from tests.two_factor import pass_two_factor_step

pytestmark = pytest.mark.browser

AUTHOR = "formateur@demo.arbitre.fr"
REVIEWER = "formatrice@demo.arbitre.fr"
FEN = "8/8/8/4k3/8/8/8/4K2R w - - 0 1"


def log_in(page: Page, base_url: str, email: str, next_path: str) -> None:
    page.goto(f"{base_url}/accounts/login/?next={next_path}")
    page.locator("input[name=username]").fill(email)
    page.locator("input[name=password]").fill(DEMO_PASSWORD)
    page.locator("main form button[type=submit]").click()
    pass_two_factor_step(page, email)  # exam staff, graders, administrators
    page.wait_for_url(f"**{next_path}")


def log_out(page: Page) -> None:
    page.locator("header form[action*=logout] button").click()


def fill_row(page: Page, prefix: str, **fields: str) -> None:
    for name, value in fields.items():
        field = page.locator(f"[name={prefix}-{name}]")
        if name in ("outcome", "action"):
            field.select_option(value)
        else:
            field.fill(value)


def test_a_ruling_question_goes_from_the_editor_to_the_candidate(live_server, page: Page, demo_users):
    log_in(page, live_server.url, AUTHOR, "/questions/new/")

    # The form shows only the sections of the chosen type.
    page.select_option("select[name=type]", "ruling")
    expect(page.locator("[name=decisions-0-text_fr]")).to_be_visible()
    expect(page.locator("[name=options-0-text_fr]")).to_be_hidden()

    page.locator("input[name=uid]").fill("uvr-flag-fall-bare-king")
    page.locator("input[name=units][value=UVR]").check()
    page.locator("textarea[name=stem_fr]").fill("Le drapeau des Blancs tombe. Les Noirs n'ont que leur roi.")
    page.locator("textarea[name=stem_en]").fill("White's flag falls. Black has only the king.")
    page.locator("input[name=points]").fill("2")
    page.locator("input[name=fen]").fill(FEN)
    page.locator("select[name=flag_fell]").select_option("white")
    page.locator("input[name=decision_points]").fill("1")
    page.locator("input[name=sanction_points]").fill("1")
    fill_row(page, "decisions-0", outcome="draw", text_fr="Partie nulle", text_en="Draw")
    fill_row(
        page,
        "decisions-1",
        outcome="black_wins",
        text_fr="Les Noirs gagnent",
        text_en="Black wins",
    )
    fill_row(page, "sanctions-0", action="none", text_fr="Aucune sanction", text_en="No sanction")
    page.locator("[name=sanctions-0-correct]").check()

    # A wrong answer key first: the engine objects, citing Art. 6.9.
    page.locator("[name=decisions-1-correct]").check()
    objection = page.locator("#preview [data-engine=objects]")
    expect(objection).to_be_visible(timeout=15000)
    expect(objection).to_contain_text("6.9")
    expect(page.locator("#preview svg").first).to_be_visible()

    # Corrected: the engine agrees.
    page.locator("[name=decisions-1-correct]").uncheck()
    page.locator("[name=decisions-0-correct]").check()
    expect(page.locator("#preview [data-engine=agrees]")).to_be_visible(timeout=15000)

    page.get_by_role("button", name="Enregistrer le brouillon").click()
    page.wait_for_url("**/questions/uvr-flag-fall-bare-king/")
    page.get_by_role("button", name="Envoyer en relecture").click()
    expect(page.locator("[data-status]").first).to_have_attribute("data-status", "in_review")
    log_out(page)

    log_in(page, live_server.url, REVIEWER, "/questions/reviews/")
    page.locator("#review-queue a", has_text="uvr-flag-fall-bare-king").click()
    expect(page.locator("[data-engine=agrees]")).to_be_visible()
    page.locator("textarea[name=text]").first.fill("Cas clair, article 6.9.")
    page.locator("[data-action=approve]").click()
    page.wait_for_url("**/questions/uvr-flag-fall-bare-king/")
    expect(page.locator("[data-status]").first).to_have_attribute("data-status", "published")

    # The candidate's view: stem, diagram and answer inputs, and no answer key.
    page.get_by_role("link", name="Aperçu candidat et essai").click()
    question = page.locator("article.cq")
    expect(question).to_contain_text("Le drapeau des Blancs tombe")
    expect(question.locator("svg").first).to_be_visible()
    expect(question.locator("input[name=decision]")).to_have_count(2)
    expect(page.get_by_text("Corrigé")).to_have_count(0)

    # Trying it: the right ruling earns full marks.
    question.get_by_label("Partie nulle").check()
    question.get_by_label("Aucune sanction").check()
    page.get_by_role("button", name="Valider ma réponse").click()
    expect(page.locator("[data-score]")).to_contain_text(re.compile(r"2(\.00)? sur 2"))

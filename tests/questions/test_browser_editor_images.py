"""In chromium, on a desktop and on a phone: the editor's image panel says where each image is
placed, and its "Retirer" button removes an image and its lines from the draft, after asking;
a save refused for an image placed nowhere is fixed that way, without losing what was typed."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from questions import services
from questions.models import Question
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, with_explanation_image, with_image
from tests.questions.test_browser_question_flow import AUTHOR, log_in

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("EDITOR_IMAGE_SHOTS", "")
UID = "uvr-editor-images"


def shot(page: Page, name: str, at: str = "#images") -> None:
    """The page as it shows once ``at`` (the image panel) is scrolled to (the side column scrolls
    by itself on a desktop: a full-page shot would not show it)."""
    if SHOTS:
        page.locator(at).first.scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


@pytest.fixture
def editor(live_server, page: Page, demo_users) -> Iterator[Page]:
    content = with_image(core_samples.single(), data=png_bytes(480, 160, "lightyellow"))
    content = with_explanation_image(content, data=png_bytes(480, 160, "lightblue"))
    services.create_question(author=demo_users[AUTHOR], content=content, uid=UID)
    page.dialogs = []  # type: ignore[attr-defined]
    page.answer = True  # type: ignore[attr-defined]

    def answer(dialog) -> None:
        page.dialogs.append(dialog.message)  # type: ignore[attr-defined]
        dialog.accept() if page.answer else dialog.dismiss()  # type: ignore[attr-defined]

    page.on("dialog", answer)
    log_in(page, live_server.url, AUTHOR, f"/questions/{UID}/edit/")
    yield page
    page.goto("about:blank")  # no preview request left running when the database is flushed


def panel_items(page: Page):
    return page.locator("#images .editor-images li")


def draft_media() -> list[str]:
    return [item["name"] for item in Question.objects.get(uid=UID).draft.media]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_panel_says_where_each_image_is_placed(editor: Page, width: int):
    editor.set_viewport_size({"width": width, "height": 900})
    expect(panel_items(editor).nth(0)).to_contain_text("placée dans l'énoncé")
    expect(panel_items(editor).nth(1)).to_contain_text("placée dans l'explication : avec la correction")
    expect(editor.get_by_role("button", name="Retirer l'image feuille.png")).to_be_visible()
    assert editor.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(editor, f"editor-images-panel-{width}")


def test_removing_an_image_asks_then_removes_it_and_its_lines(editor: Page):
    editor.set_viewport_size({"width": 1280, "height": 900})
    editor.get_by_role("button", name="Retirer l'image feuille.png").click()
    editor.wait_for_url(f"**/questions/{UID}/edit/#images")
    expect(editor.locator("[data-message~='draft-saved']")).to_contain_text("Image « feuille.png » retirée")
    expect(panel_items(editor)).to_have_count(1)
    expect(editor.locator("textarea[name=explanation_fr]")).not_to_contain_text("[image:feuille.png]")
    assert editor.dialogs == [  # type: ignore[attr-defined]
        "Retirer l'image « feuille.png » et ses lignes [image:feuille.png] ? Le brouillon est enregistré "
        "avec vos modifications."]
    assert draft_media() == ["pendule.png"]
    shot(editor, "editor-image-removed-1280")


def test_saying_no_keeps_the_image(editor: Page):
    editor.answer = False  # type: ignore[attr-defined]
    editor.get_by_role("button", name="Retirer l'image pendule.png").click()
    expect(panel_items(editor)).to_have_count(2)
    assert draft_media() == ["pendule.png", "feuille.png"]


def test_a_save_refused_for_an_image_placed_nowhere_is_fixed_by_removing_it_on_a_phone(editor: Page):
    editor.set_viewport_size({"width": 390, "height": 844})
    explanation = editor.locator("textarea[name=explanation_fr]")
    explanation.fill("Article 4.3.1 : la pièce touchée doit être jouée, sans discussion.")
    editor.locator("textarea[name=explanation_en]").fill("Article 4.3.1: the touched piece must be moved.")
    expect(editor.locator("#preview")).to_contain_text("« feuille.png » n'est placée ni dans l'énoncé")
    editor.get_by_role("button", name="Enregistrer le brouillon").click()
    expect(editor.locator(".form-errors")).to_contain_text("« feuille.png » n'est placée ni dans l'énoncé")
    expect(panel_items(editor).nth(1)).to_contain_text("placée nulle part")
    shot(editor, "editor-image-refused-save-390", at=".form-errors")
    shot(editor, "editor-image-placed-nowhere-390")
    editor.get_by_role("button", name="Retirer l'image feuille.png").click()
    editor.wait_for_url(f"**/questions/{UID}/edit/#images")
    expect(explanation).to_have_value("Article 4.3.1 : la pièce touchée doit être jouée, sans discussion.")
    assert draft_media() == ["pendule.png"]
    shot(editor, "editor-image-removed-390")


def test_without_javascript_the_button_still_removes_the_image(live_server, browser, demo_users):
    content = with_explanation_image(core_samples.single(), data=png_bytes(colour="lightblue"))
    services.create_question(author=demo_users[AUTHOR], content=content, uid=UID)
    context = browser.new_context(java_script_enabled=False, locale="fr-FR")
    page = context.new_page()
    try:
        log_in(page, live_server.url, AUTHOR, f"/questions/{UID}/edit/")
        page.get_by_role("button", name="Retirer l'image feuille.png").click()
        page.wait_for_url(f"**/questions/{UID}/edit/#images")
        expect(page.locator("[data-message~='draft-saved']")).to_contain_text("Image « feuille.png » retirée")
        assert draft_media() == []
    finally:
        context.close()

"""In chromium: the editor keeps unsaved work in the browser, warns before leaving it, offers it
back (after the language switch, for one) and forgets it once the bank has it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from questions.models import Question
from tests.questions.test_browser_question_flow import AUTHOR, log_in

pytestmark = pytest.mark.browser

STEM = "Le drapeau des Blancs tombe. Que décidez-vous ?"


@pytest.fixture
def editor(live_server, page: Page, demo_users) -> Iterator[Page]:
    log_in(page, live_server.url, AUTHOR, "/questions/new/")
    page.dialogs = []  # type: ignore[attr-defined]
    page.leave = False  # type: ignore[attr-defined]

    def answer(dialog) -> None:
        page.dialogs.append(dialog.type)  # type: ignore[attr-defined]
        dialog.accept() if page.leave else dialog.dismiss()  # type: ignore[attr-defined]

    page.on("dialog", answer)
    yield page
    # Leave the page so that no preview request is still running when the database is flushed.
    page.leave = True  # type: ignore[attr-defined]
    page.goto("about:blank")


def reopen(page: Page, url: str) -> None:
    """Leave the editor (saying yes to the warning) and open it again."""
    page.leave = True  # type: ignore[attr-defined]
    page.goto(url)
    page.leave = False  # type: ignore[attr-defined]


def kept_work(page: Page) -> list[str]:
    return page.evaluate("Object.keys(localStorage).filter(key => key.startsWith('arbitre:editor:'))")


def wait_for_kept_work(page: Page) -> None:
    """The page's CSP forbids wait_for_function (it evaluates strings): poll from here."""
    for _attempt in range(50):
        if kept_work(page):
            return
        page.wait_for_timeout(100)
    raise AssertionError("nothing was kept in the browser")


def write_a_question(page: Page) -> None:
    page.locator("input[name=units][value=UVC]").check()
    page.locator("textarea[name=stem_fr]").fill(STEM)
    page.locator("[name=options-0-text_fr]").fill("Partie nulle")
    page.locator("[name=options-0-correct]").check()
    page.locator("[name=options-1-text_fr]").fill("Les Noirs gagnent")


def test_following_a_link_with_unsaved_changes_asks_first(editor: Page):
    editor.locator("textarea[name=stem_fr]").fill(STEM)
    editor.get_by_role("link", name="← Retour").click()
    expect(editor.locator("textarea[name=stem_fr]")).to_have_value(STEM)
    assert editor.dialogs == ["beforeunload"]  # type: ignore[attr-defined]


def test_leaving_an_untouched_editor_does_not_ask(editor: Page):
    editor.get_by_role("link", name="← Retour").click()
    editor.wait_for_url("**/questions/")
    assert editor.dialogs == []  # type: ignore[attr-defined]


def test_saving_does_not_ask_and_forgets_the_work_kept_in_the_browser(editor: Page):
    write_a_question(editor)
    wait_for_kept_work(editor)
    editor.get_by_role("button", name="Enregistrer le brouillon").click()
    editor.wait_for_url("**/questions/*/")
    assert (editor.dialogs, kept_work(editor)) == ([], [])  # type: ignore[attr-defined]


def test_switching_language_keeps_the_work_and_offers_it_back(editor: Page):
    write_a_question(editor)
    editor.get_by_role("button", name="Ajouter une option").click()
    editor.locator("[name=options-4-text_fr]").fill("Une cinquième option")
    editor.locator("#language-select").select_option("en")
    expect(editor.locator("html")).to_have_attribute("lang", "en")
    expect(editor.locator("[data-autosave-banner]")).to_be_visible()
    editor.locator("[data-autosave-action=restore]").click()
    expect(editor.locator("textarea[name=stem_fr]")).to_have_value(STEM)
    expect(editor.locator("[name=options-4-text_fr]")).to_have_value("Une cinquième option")
    assert editor.dialogs == []  # type: ignore[attr-defined]


def test_restored_work_is_saved_then_no_longer_offered(editor: Page, live_server):
    write_a_question(editor)
    wait_for_kept_work(editor)
    reopen(editor, f"{live_server.url}/questions/new/")
    editor.locator("[data-autosave-action=restore]").click()
    editor.get_by_role("button", name="Enregistrer le brouillon").click()
    editor.wait_for_url("**/questions/*/")
    assert Question.objects.get().draft.stem_fr == STEM
    editor.goto(f"{live_server.url}/questions/new/")
    expect(editor.locator("[data-autosave-banner]")).to_be_hidden()


def test_ignoring_the_kept_work_forgets_it(editor: Page, live_server):
    editor.locator("textarea[name=stem_fr]").fill(STEM)
    wait_for_kept_work(editor)
    reopen(editor, f"{live_server.url}/questions/new/")
    editor.locator("[data-autosave-action=ignore]").click()
    expect(editor.locator("textarea[name=stem_fr]")).to_have_value("")
    assert kept_work(editor) == []


def test_a_refused_save_keeps_the_work_and_still_warns(editor: Page, demo_users):
    editor.locator("textarea[name=stem_fr]").fill(STEM)
    editor.get_by_role("button", name="Enregistrer le brouillon").click()
    expect(editor.locator(".form-errors")).to_be_visible()
    assert kept_work(editor) == [f"arbitre:editor:{demo_users[AUTHOR].pk}:new"]
    editor.get_by_role("link", name="← Retour").click()
    assert editor.dialogs == ["beforeunload"]  # type: ignore[attr-defined]


def test_going_back_after_a_save_neither_refills_the_form_nor_warns(editor: Page):
    write_a_question(editor)
    editor.get_by_role("button", name="Enregistrer le brouillon").click()
    editor.wait_for_url("**/questions/*/")
    editor.go_back()
    expect(editor.locator("textarea[name=stem_fr]")).to_have_value("")
    editor.get_by_role("link", name="← Retour").click()
    editor.wait_for_url("**/questions/")
    assert editor.dialogs == []  # type: ignore[attr-defined]

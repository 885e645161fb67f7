"""The demo trainee registers for the upcoming session; exam staff watch the convocations go out."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.accounts.test_browser_navigation import log_in

pytestmark = pytest.mark.browser


def test_the_demo_trainee_registers_and_downloads_the_convocation(live_server, page: Page, demo_users):
    log_in(page, live_server.url, "stagiaire@demo.arbitre.fr")
    page.locator("header [data-nav=exams]").click()
    page.get_by_role("link", name="S'inscrire").click()
    page.get_by_label("Rennes", exact=False).check()
    page.locator("main form button[type=submit]").click()
    expect(page.locator("[data-code]")).to_have_text(re.compile(r"^UVC-[2-9A-Z]{4}-[2-9A-Z]{4}$"))
    with page.expect_download() as download:
        page.locator("[data-convocation]").click()
    assert download.value.suggested_filename.startswith("convocation-UVC-")


def test_exam_staff_send_the_convocations_and_see_the_progress(live_server, page: Page, demo_users):
    log_in(page, live_server.url, "examens@demo.arbitre.fr")
    page.locator("header [data-nav=exam-sessions]").click()
    page.locator("main table a").first.click()
    page.get_by_role("button", name="Envoyer toutes les convocations par e-mail").click()
    expect(page.locator("[data-batch-status]")).to_have_attribute("data-batch-status", "done")


def test_a_checkbox_of_the_session_form_sits_under_its_label(live_server, page: Page, demo_users):
    log_in(page, live_server.url, "examens@demo.arbitre.fr")
    page.goto(live_server.url + "/examens/equipe/sessions/nouvelle/")
    checkbox = page.locator("#id_open_book").bounding_box()
    assert checkbox["width"] < 40  # it was stretched across the 34rem column, its box drawn in the middle


def test_on_a_phone_the_invigilator_sees_the_present_box_of_the_roll_call(
    live_server, page: Page, demo_users
):
    log_in(page, live_server.url, "stagiaire@demo.arbitre.fr")
    page.locator("header [data-nav=exams]").click()
    page.get_by_role("link", name="S'inscrire").click()
    page.get_by_label("Rennes", exact=False).check()
    page.locator("main form button[type=submit]").click()
    page.context.clear_cookies()
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, "correcteur@demo.arbitre.fr")
    page.goto(live_server.url + "/examens/")
    page.get_by_role("link", name="Rennes", exact=False).click()
    box = page.locator("main table input[name=present]").first.bounding_box()
    scroll_box = page.locator("main .table-scroll").first.bounding_box()
    # The candidate's e-mail pushed it past the edge of the table's scroll box.
    assert box["x"] + box["width"] <= scroll_box["x"] + scroll_box["width"]


def test_on_a_phone_the_trainee_sees_the_register_button_without_scrolling(
    live_server, page: Page, demo_users
):
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, "stagiaire@demo.arbitre.fr")
    page.goto(live_server.url + "/examens/")
    button = page.get_by_role("link", name="S'inscrire").bounding_box()
    scroll_box = page.locator("main .table-scroll").first.bounding_box()
    # Last of five columns, it sat past the edge of the table's scroll box (at x ≈ 421).
    assert button["x"] + button["width"] <= scroll_box["x"] + scroll_box["width"]

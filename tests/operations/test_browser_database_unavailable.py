"""The exam page keeps an answer the server could not store (503) and sends it again."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, Route, expect

from delivery.models import Response
from tests.delivery.test_browser_attempt import exam, item_pk, open_attempt  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser


def test_an_autosave_answered_503_is_kept_shown_and_sent_again(live_server, page: Page, exam):  # noqa: F811
    open_attempt(page, live_server.url, exam)
    refused = []

    def unavailable_once(route: Route) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        body = json.dumps({"status": "unavailable", "message": "indisponible", "retry_after": 2})
        route.fulfill(status=503, body=body, content_type="application/json", headers={"Retry-After": "2"})

    page.route("**/save/", unavailable_once)
    page.get_by_label("Faux").check()
    expect(page.locator("#save-status")).to_contain_text("indisponible")
    assert not Response.objects.filter(attempt=exam).exists()
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    assert refused
    saved = Response.objects.get(attempt=exam, item_id=item_pk(exam, "b-truefalse"))
    assert saved.answer == {"answer": False}

"""The API's reference page renders from our own files, under our CSP, with no error."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_the_reference_page_lists_every_operation_without_any_console_error(live_server, page: Page):
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("request", lambda request: None if request.url.startswith(live_server.url)
            else problems.append(request.url))
    schema = page.request.get(f"{live_server.url}/api/openapi.json").json()
    operations = sum(len(methods) for methods in schema["paths"].values())
    page.goto(f"{live_server.url}/api/docs")
    expect(page.locator(".opblock")).to_have_count(operations)
    assert problems == []

"""axe-core (shipped inside axe-playwright-python, never downloaded) on the main pages of every role:
no serious or critical violation."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from playwright.sync_api import Page

from tests.conftest import client_for
from tests.quality.pages import MAIN_PAGES, page_urls

pytestmark = pytest.mark.browser

BLOCKING = {"serious", "critical"}


def log_in_as(page: Page, base_url: str, user) -> None:
    """The session of a test login (verified second factor included) handed to the browser."""
    page.context.clear_cookies()
    if user is None:
        return
    client = client_for(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}])


def test_the_main_pages_of_every_role_have_no_serious_accessibility_violation(
    live_server, page: Page, dataset, request
):
    axe = Axe()
    problems = []
    for role in MAIN_PAGES:
        log_in_as(page, live_server.url, None if role == "anonymous" else request.getfixturevalue(role))
        for url in page_urls(role, dataset):
            response = page.goto(live_server.url + url)
            assert response.status == 200, f"{role} {url}: {response.status}"
            results = axe.run(page)
            for violation in results.response["violations"]:
                if violation["impact"] in BLOCKING:
                    targets = [" ".join(node["target"]) for node in violation["nodes"][:3]]
                    problems.append(f"{role} {url}: {violation['id']} ({violation['impact']}) {targets}")
    assert not problems, "\n".join(problems)

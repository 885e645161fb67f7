"""Exam staff revoke a demo certificate; a visitor types its code and sees it revoked."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from certificates.models import Certificate
from tests.accounts.test_browser_navigation import log_in, log_out

pytestmark = pytest.mark.browser


def test_staff_revoke_a_certificate_and_a_visitor_sees_it_revoked(live_server, page: Page, demo_users):
    code = next(c.code for c in Certificate.objects.all() if c.status() == "valid")
    log_in(page, live_server.url, "examens@demo.arbitre.fr")
    page.locator("header [data-nav=certificates]").click()
    page.get_by_role("link", name=code).click()
    page.get_by_label("Motif de la révocation").fill("Titre obtenu par fraude")
    page.get_by_role("button", name="Révoquer le certificat").click()
    expect(page.locator("dd[data-status]")).to_have_attribute("data-status", "revoked")
    log_out(page)
    page.goto(f"{live_server.url}/verify/")
    page.get_by_label("Code de vérification").fill(code.lower().replace("-", " "))
    page.get_by_role("button", name="Vérifier le code").click()
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "revoked")
    expect(page.locator("main")).not_to_contain_text("fraude")

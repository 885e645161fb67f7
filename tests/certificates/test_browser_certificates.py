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


def _pdf_text(data: bytes) -> str:
    from tests.certificates.conftest import pdf_text

    return pdf_text(data)


def test_staff_issue_an_english_certificate_and_the_interface_stays_in_french(
    live_server, page: Page, demo_users
):
    import datetime

    from exams.models import StageRecord

    trainee = demo_users["stagiaire@demo.arbitre.fr"]
    stage = StageRecord.objects.create(
        candidate=trainee,
        stage="FC",
        date=datetime.date(2026, 10, 3),
        place="Lyon",
        trainer_name="Ana Ruiz",
        hours=7,
    )
    log_in(page, live_server.url, "examens@demo.arbitre.fr")
    page.goto(f"{live_server.url}/certificats/equipe/dossiers/{trainee.pk}/")
    row = page.locator(f"tr[data-source='stage-{stage.pk}']")
    row.get_by_label("Langue du certificat").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    row.get_by_role("button", name="Délivrer").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    certificate = Certificate.objects.get(stage_record=stage, superseded_at__isnull=True)
    assert certificate.language == "en"
    assert "has attended the" in _pdf_text(bytes(certificate.pdf))


def test_staff_issue_a_batch_in_english_and_the_interface_stays_in_french(
    live_server, page: Page, demo_users
):
    import datetime

    from exams.models import TitleAward

    trainee = demo_users["stagiaire@demo.arbitre.fr"]
    award = TitleAward.objects.create(
        candidate=trainee, title="AFC", awarded_on=datetime.date(2026, 10, 3),
        awarded_by=demo_users["examens@demo.arbitre.fr"],
    )
    log_in(page, live_server.url, "examens@demo.arbitre.fr")
    page.locator("header [data-nav=certificates]").click()
    page.get_by_label("Certificats à délivrer").select_option("titles")
    page.get_by_label("Langue des certificats").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.get_by_role("button", name="Lancer le lot").click()
    expect(page.locator("[data-batch-state]")).to_have_attribute("data-batch-state", "done")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    certificate = Certificate.objects.get(title_award=award)
    assert "has been awarded the title" in _pdf_text(bytes(certificate.pdf))

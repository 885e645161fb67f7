"""The page must state exactly what its signed statement certifies, online and offline (issue 19)."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from certificates import rendering, services, statement
from certificates.verification import Outcome, verify_pdf


def page_with(certificate, *, language: str = "fr", **changes) -> bytes:
    """A new PDF printed from the statement with ``changes``, carrying the genuine signed statement."""
    facts = {**json.loads(certificate.statement), **changes}
    attachments = [
        (statement.STATEMENT_NAME, certificate.statement.encode(), ""),
        (statement.SIGNATURE_NAME, certificate.signature.encode(), ""),
    ]
    return next(
        rendering.render_many(
            [(rendering.html(statement=facts, language=language), attachments)], processes=1
        )
    )


@pytest.fixture
def stage_certificate(stage_record, exam_staff):
    return services.issue(source=stage_record, actor=exam_staff, language="fr")


def test_an_elite_title_page_carrying_a_course_attendance_statement_fails_offline(
    stage_certificate, tmp_path
):
    forged = page_with(
        stage_certificate,
        kind="title",
        details={"title": "AFE", "level": 1, "awarded_on": "2035-12-31"},
        awarded={"fr": "Arbitre fédéral élite (AFE)", "en": "Federal Elite Arbiter (AFE)"},
    )
    path = tmp_path / "forged.pdf"
    path.write_bytes(forged)
    with pytest.raises(SystemExit) as exit_status:
        call_command("verify_certificate", str(path), "--offline")
    assert exit_status.value.code == 1


def test_a_holder_printed_with_a_longer_name_fails_offline(certificate):
    longer = page_with(certificate, holder=json.loads(certificate.statement)["holder"] + "-Dupont")
    assert verify_pdf(longer, offline=True).outcome == Outcome.ALTERED


def test_a_page_with_another_validity_date_fails_offline_and_says_which_field(certificate):
    facts = json.loads(certificate.statement)
    report = verify_pdf(
        page_with(certificate, details={**facts["details"], "valid_until": "2035-12-31"}), offline=True
    )
    assert report.outcome == Outcome.ALTERED
    assert "dates" in report.problems[-1]


def test_a_claim_slipped_into_the_signatory_block_fails(certificate, settings):
    genuine_title = settings.CERTIFICATE_SIGNATORY_TITLE_FR
    settings.CERTIFICATE_SIGNATORY_TITLE_FR = "Arbitre fédéral élite"  # how the forger prints it
    forged = page_with(certificate)
    settings.CERTIFICATE_SIGNATORY_TITLE_FR = genuine_title
    assert verify_pdf(forged, offline=True).outcome == Outcome.ALTERED


def test_the_signatory_named_in_the_settings_may_use_any_words(certificate, settings):
    settings.CERTIFICATE_SIGNATORY_TITLE_FR = "Directrice de l'organisation des titres"
    assert verify_pdf(page_with(certificate), offline=True).outcome == Outcome.SIGNATURE_VALID_OFFLINE


@pytest.mark.parametrize("language", ["fr", "en", "both"])
def test_a_genuine_certificate_passes_offline_in_each_language(unit_pass, title_award, exam_staff, language):
    for source in (unit_pass, title_award):
        issued = services.issue(source=source, actor=exam_staff, language=language)
        assert verify_pdf(bytes(issued.pdf), offline=True).outcome == Outcome.SIGNATURE_VALID_OFFLINE


def test_a_genuine_certificate_still_passes_after_the_signatory_changes(certificate, settings):
    settings.CERTIFICATE_SIGNATORY_NAME = "Claire Nouvelle"
    settings.CERTIFICATE_SIGNATORY_TITLE_FR = "La Directrice Nationale de l'Arbitrage"
    assert verify_pdf(bytes(certificate.pdf), offline=True).outcome == Outcome.SIGNATURE_VALID_OFFLINE


def test_a_genuine_course_attendance_certificate_passes_online(stage_certificate):
    assert verify_pdf(bytes(stage_certificate.pdf)).outcome == Outcome.VALID

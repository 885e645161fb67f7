"""Checking a PDF: signature, printed text, integrity, status; online and offline."""

from __future__ import annotations

import datetime
import io
import json

import pikepdf
import pytest
from django.core.management import call_command

from certificates import rendering, services, signing, statement
from certificates.verification import Outcome, verify_pdf
from exams.models import UnitPass


def with_statement(data: bytes, new_statement: bytes) -> bytes:
    """The PDF with its statement attachment replaced (its signature kept)."""
    output = io.BytesIO()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        pdf.attachments[statement.STATEMENT_NAME] = pikepdf.AttachedFileSpec(
            pdf, new_statement, filename=statement.STATEMENT_NAME
        )
        pdf.save(output)
    return output.getvalue()


def with_title(data: bytes, title: str) -> bytes:
    output = io.BytesIO()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        pdf.docinfo["/Title"] = title
        pdf.save(output)
    return output.getvalue()


def redrawn_for(certificate, holder: str) -> bytes:
    """The same signed statement attached to a page printed with another name."""
    facts = json.loads(certificate.statement)
    page = rendering.html(statement={**facts, "holder": holder}, language="fr")
    attachments = [
        (statement.STATEMENT_NAME, certificate.statement.encode(), ""),
        (statement.SIGNATURE_NAME, certificate.signature.encode(), ""),
    ]
    return next(rendering.render_many([(page, attachments)], processes=1))


def test_an_untouched_certificate_is_genuine_and_valid(certificate):
    report = verify_pdf(bytes(certificate.pdf))
    assert report.outcome == Outcome.VALID
    assert report.identical_to_issued is True


def test_a_tampered_statement_fails_the_signature(certificate):
    facts = json.loads(certificate.statement)
    forged = statement.canonical({**facts, "holder": "Mallory Faussaire"})
    report = verify_pdf(with_statement(bytes(certificate.pdf), forged))
    assert report.outcome == Outcome.FORGED
    assert report.signature_valid is False


def test_a_page_redrawn_with_another_name_is_an_altered_copy_even_offline(certificate):
    tampered = redrawn_for(certificate, "Mallory Faussaire")
    assert verify_pdf(tampered).outcome == Outcome.ALTERED
    assert verify_pdf(tampered, offline=True).outcome == Outcome.ALTERED


def test_a_modified_file_with_a_genuine_statement_is_an_altered_copy(certificate):
    report = verify_pdf(with_title(bytes(certificate.pdf), "Autre chose"))
    assert report.outcome == Outcome.ALTERED
    assert report.signature_valid is True
    assert report.identical_to_issued is False


def test_offline_a_genuine_signature_leaves_the_status_unknown(certificate):
    assert verify_pdf(bytes(certificate.pdf), offline=True).outcome == Outcome.SIGNATURE_VALID_OFFLINE


def test_a_certificate_signed_by_another_key_is_rejected(certificate, settings, tmp_path):
    settings.CERTIFICATE_SIGNING_KEY_FILE = tmp_path / "another_key"
    signing._private_key_from.cache_clear()
    assert verify_pdf(bytes(certificate.pdf)).outcome == Outcome.FORGED


def test_a_revoked_certificate_is_reported_revoked(certificate, exam_staff):
    services.revoke(certificate=certificate, actor=exam_staff, reason="Fraude")
    assert verify_pdf(bytes(certificate.pdf)).outcome == Outcome.REVOKED


def test_a_superseded_certificate_is_reported_superseded(certificate, exam_staff):
    services.reissue(certificate=certificate, actor=exam_staff)
    assert verify_pdf(bytes(certificate.pdf)).outcome == Outcome.SUPERSEDED


def test_an_expired_unit_is_reported_expired(holder, exam_staff):
    lapsed = UnitPass.objects.create(
        candidate=holder,
        unit="UVC",
        passed_on=datetime.date(2020, 6, 1),
        expires_on=datetime.date(2022, 5, 31),
    )
    issued = services.issue(source=lapsed, actor=exam_staff, language="fr")
    assert verify_pdf(bytes(issued.pdf)).outcome == Outcome.EXPIRED


def test_a_pdf_without_statement_is_not_a_certificate(certificate):
    plain = rendering.plain_pdf("<p>Certificat</p>", ".")
    assert verify_pdf(plain).outcome == Outcome.NOT_A_CERTIFICATE


def test_garbage_is_not_a_certificate(db):
    assert verify_pdf(b"%PDF-1.7 not really").outcome == Outcome.NOT_A_CERTIFICATE


def test_a_signed_statement_missing_from_the_register_is_unknown(certificate):
    data = bytes(certificate.pdf)
    type(certificate).objects.filter(pk=certificate.pk).update(code="ZZZZ-ZZZZ-ZZZZ-ZZZZ")
    assert verify_pdf(data).outcome == Outcome.UNKNOWN


def test_the_command_reports_a_valid_certificate(certificate, tmp_path, capsys):
    path = tmp_path / "certificate.pdf"
    path.write_bytes(bytes(certificate.pdf))
    call_command("verify_certificate", str(path))
    assert capsys.readouterr().out.startswith("valid:")


def test_the_command_checks_offline_with_the_published_key(certificate, tmp_path, capsys):
    path, key = tmp_path / "certificate.pdf", tmp_path / "federation.pem"
    path.write_bytes(bytes(certificate.pdf))
    key.write_text(signing.public_key_pem())
    call_command("verify_certificate", str(path), "--offline", "--public-key", str(key), "--json")
    report = json.loads(capsys.readouterr().out)
    assert (report["outcome"], report["statement"]["code"]) == ("signature_valid", certificate.code)


def test_the_command_fails_on_a_tampered_certificate(certificate, tmp_path, capsys):
    path = tmp_path / "tampered.pdf"
    path.write_bytes(with_title(bytes(certificate.pdf), "Autre chose"))
    with pytest.raises(SystemExit) as exit_status:
        call_command("verify_certificate", str(path))
    assert exit_status.value.code == 1
    assert capsys.readouterr().out.startswith("altered:")


def test_lists_and_status_pages_never_read_the_stored_pdf(certificate):
    from certificates.models import Certificate

    listed = Certificate.objects.listed().get(pk=certificate.pk)
    assert "pdf" in listed.get_deferred_fields()

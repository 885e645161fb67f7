"""The certificate PDF: what it says, in which language, fonts, PDF/A, attachments, QR code."""

from __future__ import annotations

import io
import json

import pikepdf
from pypdf import PdfReader

from certificates import services, signing, statement
from tests.certificates.conftest import pdf_text, qr_payloads


def test_it_prints_the_holder_the_unit_the_session_and_the_validity(certificate):
    text = pdf_text(bytes(certificate.pdf))
    for expected in ("Camille Durand-Lefèvre", "UVR — Règles du jeu", "13 juin 2026", "12 juin 2028"):
        assert expected in text


def test_it_prints_its_verification_code_and_url(certificate):
    text = pdf_text(bytes(certificate.pdf))
    assert certificate.code in text
    assert f"https://arbitre.example.org/verify/{certificate.code}/" in text


def test_it_is_one_a4_landscape_page(certificate):
    reader = PdfReader(io.BytesIO(bytes(certificate.pdf)))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (842, 595)


def test_every_font_is_embedded(certificate):
    with pikepdf.open(io.BytesIO(bytes(certificate.pdf))) as pdf:
        fonts = [font for page in pdf.pages for font in page.Resources.Font.values()]
        embedded = [
            any(
                key in (font.DescendantFonts[0] if "/DescendantFonts" in font else font).FontDescriptor
                for key in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            for font in fonts
        ]
    assert embedded
    assert all(embedded)


def test_it_declares_pdf_a_3b_in_its_metadata(certificate):
    with pikepdf.open(io.BytesIO(bytes(certificate.pdf))) as pdf:
        metadata = pdf.open_metadata()
        part, conformance = metadata.get("pdfaid:part"), metadata.get("pdfaid:conformance")
        has_output_intent = "/OutputIntents" in pdf.Root
    assert (part, conformance) == ("3", "B")
    assert has_output_intent


def test_it_carries_the_signed_statement_as_attachments(certificate):
    attachments = PdfReader(io.BytesIO(bytes(certificate.pdf))).attachments
    data = attachments[statement.STATEMENT_NAME][0]
    signature = attachments[statement.SIGNATURE_NAME][0].decode()
    assert signing.verify(data, signature)
    assert json.loads(data)["code"] == certificate.code


def test_the_statement_is_the_canonical_json_of_what_is_certified(certificate):
    facts = json.loads(certificate.statement)
    assert statement.canonical(facts).decode() == certificate.statement
    assert facts["details"] == {
        "unit": "UVR",
        "session": "2026-06-13",
        "passed_on": "2026-06-13",
        "valid_until": "2028-06-12",
    }


def test_its_qr_code_carries_the_verification_url(certificate, tmp_path):
    assert qr_payloads(bytes(certificate.pdf), tmp_path) == [
        f"https://arbitre.example.org/verify/{certificate.code}/"
    ]


def test_a_bilingual_certificate_says_it_in_both_languages_on_one_page(title_award, exam_staff):
    issued = services.issue(source=title_award, actor=exam_staff, language="both")
    text = pdf_text(bytes(issued.pdf))
    assert "Arbitre fédéral d'open (AFO2)" in text
    assert "Federal Open Arbiter (AFO2)" in text
    assert len(PdfReader(io.BytesIO(bytes(issued.pdf))).pages) == 1


def test_by_default_it_is_written_in_the_holders_language(stage_record, exam_staff):
    stage_record.candidate.preferred_language = "en"
    stage_record.candidate.save()
    issued = services.issue(source=stage_record, actor=exam_staff)
    text = pdf_text(bytes(issued.pdf))
    assert "has attended the" in text
    assert "club arbiter course (SC)" in text
    assert "14 hours" in text
    assert "La Direction Nationale" not in text


def test_a_stage_certificate_gives_the_course_hours_date_place_and_trainer(stage_record, exam_staff):
    text = pdf_text(bytes(services.issue(source=stage_record, actor=exam_staff, language="fr").pdf))
    for expected in ("stage d'arbitre de club (SC)", "14 h", "1 mars 2026", "Rennes", "Julien Bernard"):
        assert expected in text


def test_it_is_signed_by_the_configured_signatory(unit_pass, exam_staff, settings):
    settings.CERTIFICATE_SIGNATORY_NAME = "Dominique Échiquier"
    text = pdf_text(bytes(services.issue(source=unit_pass, actor=exam_staff, language="fr").pdf))
    assert "Dominique Échiquier" in text
    assert "Le Directeur National de l'Arbitrage" in text

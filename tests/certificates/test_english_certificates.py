"""'Anglais' chosen by exam staff gives an English certificate, one by one and in batches (issue 19)."""

from __future__ import annotations

from certificates.models import Certificate, CertificateBatch
from tests.certificates.conftest import pdf_text
from tests.conftest import client_for


def test_staff_issue_one_certificate_in_english(unit_pass, exam_staff, holder):
    client_for(exam_staff).post(
        f"/certificats/equipe/dossiers/{holder.pk}/delivrer/",
        {"kind": "unit_pass", "source_id": unit_pass.pk, "language": "en"},
    )
    text = pdf_text(bytes(Certificate.objects.get(unit_pass=unit_pass).pdf))
    assert "has passed the examination unit" in text
    assert "a obtenu" not in text


def test_staff_issue_a_batch_in_english(unit_pass, exam_session, exam_staff):
    client_for(exam_staff).post(
        "/certificats/equipe/lots/", {"scope": "session", "session": exam_session.pk, "language": "en"}
    )
    assert CertificateBatch.objects.get().language == "en"
    assert "Valid until" in pdf_text(bytes(Certificate.objects.get(unit_pass=unit_pass).pdf))

"""Convocations: the PDF (parsed back with pypdf), its e-mail, and the background batch."""

from __future__ import annotations

import io
import re

import pytest
from django.core import mail
from django.urls import reverse
from pypdf import PdfReader

from exams import convocations
from exams.models import AuditEntry, ConvocationBatch
from tests.conftest import client_for


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.fixture
def pdf(registration) -> bytes:
    return convocations.render_pdf(registration)


def test_the_convocation_is_an_a4_pdf(pdf):
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_the_convocation_fits_on_one_page(pdf):
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1


def test_the_convocation_embeds_its_fonts(pdf):
    reader = PdfReader(io.BytesIO(pdf))
    fonts = [font.get_object() for font in reader.pages[0]["/Resources"]["/Font"].values()]
    descriptors = [
        f["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        if "/DescendantFonts" in f
        else f["/FontDescriptor"]
        for f in fonts
    ]
    assert all(any(key in d for key in ("/FontFile", "/FontFile2", "/FontFile3")) for d in descriptors)


def test_the_convocation_gives_the_code_centre_date_and_duration(registration, pdf):
    text = pdf_text(pdf)
    for expected in (registration.anonymity_code, "Rennes", "1 rue de la Paix", "09:30", "120 minutes"):
        assert expected in text


def test_the_convocation_states_the_rules_of_conduct(pdf):
    text = pdf_text(pdf).replace("\n", " ")
    assert "Téléphones" in text
    assert "pièce d'identité" in text


def test_the_convocation_counts_the_extra_time(registration):
    registration.extra_time_minutes = 30
    registration.save()
    assert "150 minutes" in pdf_text(convocations.render_pdf(registration))


def test_the_convocation_is_written_in_the_candidates_language(registration):
    registration.candidate.preferred_language = "en"
    registration.candidate.save()
    reader = PdfReader(io.BytesIO(convocations.render_pdf(registration)))
    assert reader.trailer["/Root"]["/Lang"] == "en"


def test_the_candidate_downloads_their_convocation(registration):
    response = client_for(registration.candidate).get(reverse("exams:convocation", args=[registration.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_staff_e_mail_one_convocation_as_an_attachment(registration, exam_staff):
    client_for(exam_staff).post(reverse("exams:staff_email_convocation", args=[registration.pk]))
    message = mail.outbox[0]
    assert message.to == [registration.candidate.email]
    assert message.attachments[0][0] == f"convocation-{registration.anonymity_code}.pdf"


def test_staff_send_a_whole_session_in_a_batch(registration, exam_staff):
    client_for(exam_staff).post(reverse("exams:staff_send_convocations", args=[registration.session_id]))
    batch = ConvocationBatch.objects.get()
    assert (batch.status, batch.sent, batch.total) == (ConvocationBatch.Status.DONE, 1, 1)
    assert len(mail.outbox) == 1


def test_sending_a_session_is_logged(registration, exam_staff):
    client_for(exam_staff).post(reverse("exams:staff_send_convocations", args=[registration.session_id]))
    assert AuditEntry.objects.filter(action=AuditEntry.Action.CONVOCATIONS).exists()


def test_a_running_batch_is_polled_by_htmx(registration, exam_staff):
    batch = ConvocationBatch.objects.create(
        session=registration.session, started_by=exam_staff, total=3, sent=1
    )
    response = client_for(exam_staff).get(
        reverse("exams:staff_batch", args=[batch.pk]), HTTP_HX_REQUEST="true"
    )
    content = response.content.decode()
    assert 'hx-trigger="every 2s"' in content
    assert 'value="33"' in content
    assert re.search(r"Envoi du \d", content)


def test_a_finished_batch_stops_polling(registration, exam_staff):
    batch = ConvocationBatch.objects.create(
        session=registration.session,
        started_by=exam_staff,
        total=1,
        sent=1,
        status=ConvocationBatch.Status.DONE,
    )
    response = client_for(exam_staff).get(
        reverse("exams:staff_batch", args=[batch.pk]), HTTP_HX_REQUEST="true"
    )
    assert "hx-trigger" not in response.content.decode()


def test_a_failed_address_is_counted_and_the_others_still_sent(registration, exam_staff, monkeypatch):
    def refuse(registration):
        raise OSError("mailbox unavailable")

    monkeypatch.setattr(convocations, "send", refuse)
    client_for(exam_staff).post(reverse("exams:staff_send_convocations", args=[registration.session_id]))
    batch = ConvocationBatch.objects.get()
    assert (batch.status, batch.failed) == (ConvocationBatch.Status.FAILED, 1)

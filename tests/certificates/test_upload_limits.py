"""A PDF with too many pages is refused from its raw bytes, before any parsing (issue 19)."""

from __future__ import annotations

import time

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from certificates.verification import Outcome, verify_pdf
from tests.certificates.pdf_factory import many_pages


def test_a_55000_page_pdf_is_refused_in_well_under_a_second(db):
    data = many_pages(55_000)
    started = time.perf_counter()
    report = verify_pdf(data, offline=True)
    assert time.perf_counter() - started < 1.5  # it took 16 s on a quiet machine, 112 s on this one
    assert report.outcome == Outcome.NOT_A_CERTIFICATE
    assert "55000 pages" in report.problems[0]


def test_a_page_tree_that_understates_its_count_is_refused_too(db):
    report = verify_pdf(many_pages(12, declared=1), offline=True)
    assert report.outcome == Outcome.NOT_A_CERTIFICATE
    assert "12 pages" in report.problems[0]


def test_the_verify_page_refuses_a_many_page_pdf_with_a_clear_422(db):
    upload = SimpleUploadedFile("c.pdf", many_pages(5_000), content_type="application/pdf")
    response = Client().post("/verify/", {"document": upload})
    assert response.status_code == 422
    assert "un certificat n&#x27;en a qu&#x27;une ou deux" in response.content.decode()


def test_a_genuine_certificate_is_within_the_limits(certificate):
    assert verify_pdf(bytes(certificate.pdf)).outcome == Outcome.VALID

"""Fuzz tests of certificate verification: whatever the uploaded bytes, a report, never an error.

Random bytes, a real certificate with bytes changed, and PDFs carrying hostile statements and
signatures as attachments."""

from __future__ import annotations

import io
import json

from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfWriter

from certificates import statement as statements
from certificates.verification import Outcome, verify_pdf
from tests.fuzzing import FUZZ, json_value


def check(data: bytes) -> None:
    report = verify_pdf(data)
    assert report.outcome in Outcome.values
    for problem in report.problems:
        problem.encode("utf-8")


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes_get_a_report(data):
    check(b"%PDF-1.7\n" + data)


def test_a_certificate_with_bytes_changed_gets_a_report_and_is_never_valid(certificate):
    import random

    generator = random.Random(7)
    original = bytes(certificate.pdf)
    for _ in range(40):
        damaged = bytearray(original)
        for _ in range(generator.randint(1, 20)):
            damaged[generator.randrange(len(damaged))] = generator.randrange(256)
        report = verify_pdf(bytes(damaged))
        assert report.outcome != Outcome.VALID or bytes(damaged) == original


def pdf_with(attachments: dict[str, bytes]) -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    for name, data in attachments.items():
        writer.add_attachment(name, data)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


@FUZZ
@given(json_value, st.binary(max_size=100))
def test_hostile_statements_and_signatures_are_never_valid(statement, signature):
    data = pdf_with({
        statements.STATEMENT_NAME: json.dumps(statement, allow_nan=True).encode(),
        statements.SIGNATURE_NAME: signature,
    })
    report = verify_pdf(data)
    assert report.outcome not in (Outcome.VALID, Outcome.SIGNATURE_VALID_OFFLINE)

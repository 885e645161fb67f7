"""Issuing, reissuing, revoking, immutability, the audit log and batches."""

from __future__ import annotations

import hashlib

import pytest
from django.core.exceptions import ValidationError

from certificates import services
from certificates.models import Certificate, CertificateBatch, CertificateLogEntry, Status
from exams.models import UnitPass


def test_issuing_stores_the_bytes_and_their_hash(certificate):
    assert certificate.sha256 == hashlib.sha256(bytes(certificate.pdf)).hexdigest()
    assert certificate.status() == Status.VALID


def test_issuing_is_logged_with_who_did_it(certificate, exam_staff):
    entry = CertificateLogEntry.objects.get(certificate=certificate)
    assert (entry.action, entry.actor) == (CertificateLogEntry.Action.ISSUE, exam_staff)


def test_codes_are_long_and_unique(unit_pass, title_award, exam_staff):
    first = services.issue(source=unit_pass, actor=exam_staff)
    second = services.issue(source=title_award, actor=exam_staff)
    assert first.code != second.code
    assert len(first.code.replace("-", "")) == 16


def test_a_second_certificate_for_the_same_record_is_refused(certificate, exam_staff):
    with pytest.raises(services.CertificateError, match="nouvelle version"):
        services.issue(source=certificate.unit_pass, actor=exam_staff)


def test_a_holder_without_a_name_gets_no_certificate(unit_pass, exam_staff):
    unit_pass.candidate.first_name = unit_pass.candidate.last_name = ""
    unit_pass.candidate.save()
    with pytest.raises(services.CertificateError, match="ni prénom ni nom"):
        services.issue(source=unit_pass, actor=exam_staff)


def test_an_issued_certificate_cannot_be_changed(certificate):
    certificate.holder_name = "Quelqu'un d'autre"
    with pytest.raises(ValidationError):
        certificate.save()


def test_a_reissue_is_a_new_version_and_supersedes_the_old_one(certificate, exam_staff):
    new = services.reissue(certificate=certificate, actor=exam_staff, language="both")
    certificate.refresh_from_db()
    assert (new.version, new.previous) == (2, certificate)
    assert certificate.status() == Status.SUPERSEDED
    assert new.status() == Status.VALID


def test_a_superseded_certificate_cannot_be_reissued_again(certificate, exam_staff):
    services.reissue(certificate=certificate, actor=exam_staff)
    certificate.refresh_from_db()
    with pytest.raises(services.CertificateError, match="déjà été remplacé"):
        services.reissue(certificate=certificate, actor=exam_staff)


def test_revoking_needs_a_reason(certificate, exam_staff):
    with pytest.raises(services.CertificateError, match="motif"):
        services.revoke(certificate=certificate, actor=exam_staff, reason="  ")


def test_revoking_keeps_who_when_and_why_and_logs_it(certificate, exam_staff):
    revoked = services.revoke(certificate=certificate, actor=exam_staff, reason="Fraude constatée")
    entry = CertificateLogEntry.objects.get(certificate=certificate, action=CertificateLogEntry.Action.REVOKE)
    assert (revoked.revoked_by, revoked.revocation_reason) == (exam_staff, "Fraude constatée")
    assert (entry.actor, entry.reason) == (exam_staff, "Fraude constatée")


def test_revoking_twice_is_refused(certificate, exam_staff):
    services.revoke(certificate=certificate, actor=exam_staff, reason="Fraude")
    with pytest.raises(services.CertificateError, match="déjà révoqué"):
        services.revoke(certificate=certificate, actor=exam_staff, reason="Encore")


def _session_passes(exam_session, other_holder, count: int) -> None:
    from tests.conftest import make_user

    for index in range(count):
        person = (
            other_holder
            if index == 0
            else make_user(f"p{index}@example.org", first_name=f"P{index}", last_name="X")
        )
        UnitPass.objects.create(
            candidate=person,
            unit="UVR",
            session=exam_session,
            passed_on=exam_session.date,
            expires_on=exam_session.date.replace(year=exam_session.date.year + 2),
        )


def test_a_batch_certifies_every_unit_of_the_session_without_one(
    certificate, exam_session, other_holder, exam_staff
):
    _session_passes(exam_session, other_holder, 2)
    batch = services.start_batch(actor=exam_staff, scope=CertificateBatch.Scope.SESSION, session=exam_session)
    services.run_batch(batch, processes=1)
    assert (batch.total, batch.done, batch.state) == (2, 2, CertificateBatch.State.DONE)
    assert Certificate.objects.filter(unit_pass__session=exam_session).count() == 3


def test_a_batch_renders_with_two_processes(exam_session, other_holder, exam_staff):
    _session_passes(exam_session, other_holder, 3)
    batch = services.start_batch(actor=exam_staff, scope=CertificateBatch.Scope.SESSION, session=exam_session)
    services.run_batch(batch, processes=2)
    codes = [c.code for c in batch.certificates.all() if c.code in c.statement and c.sha256]
    assert len(codes) == 3


def test_a_batch_reports_who_could_not_be_certified(exam_session, other_holder, exam_staff):
    _session_passes(exam_session, other_holder, 1)
    other_holder.first_name = other_holder.last_name = ""
    other_holder.save()
    batch = services.start_batch(actor=exam_staff, scope=CertificateBatch.Scope.SESSION, session=exam_session)
    services.run_batch(batch, processes=1)
    assert (batch.failed, batch.state) == (1, CertificateBatch.State.FAILED)
    assert "ni prénom ni nom" in batch.errors[0]


def test_a_titles_batch_certifies_the_titles_without_certificate(title_award, exam_staff):
    batch = services.start_batch(actor=exam_staff, scope=CertificateBatch.Scope.TITLES)
    services.run_batch(batch, processes=1)
    assert title_award.certificates.get().batch == batch


def test_the_database_keeps_one_certificate_in_force_per_record(certificate, exam_staff):
    draft = services.prepare(source=certificate.unit_pass, actor=exam_staff)  # as a concurrent issue would
    with pytest.raises(services.CertificateError, match="en vigueur existe déjà"):
        services.store(draft, b"%PDF-1.7", actor=exam_staff)

"""load_demo issues a valid, a superseded and a revoked certificate, once."""

from __future__ import annotations

from django.core.management import call_command

from certificates.models import Certificate, Status
from certificates.verification import Outcome, verify_pdf


def test_the_demo_has_a_valid_a_superseded_and_a_revoked_certificate(db, settings, tmp_path):
    settings.CERTIFICATE_DEMO_DIR = tmp_path
    call_command("load_demo", verbosity=0)
    statuses = sorted(certificate.status() for certificate in Certificate.objects.all())
    assert statuses == sorted([Status.VALID, Status.SUPERSEDED, Status.REVOKED])
    written = sorted(tmp_path.glob("*.pdf"))
    assert [verify_pdf(path.read_bytes()).outcome for path in written] == [
        Outcome.REVOKED,
        Outcome.SUPERSEDED,
        Outcome.VALID,
    ]


def test_loading_the_demo_twice_changes_nothing(db, settings, tmp_path):
    settings.CERTIFICATE_DEMO_DIR = None
    call_command("load_demo", verbosity=0)
    call_command("load_demo", verbosity=0)
    assert Certificate.objects.count() == 3

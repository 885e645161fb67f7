from __future__ import annotations

import datetime
import io
import shutil
import subprocess
from decimal import Decimal

import pytest
from django.core.cache import cache

from accounts.models import Role
from certificates import services, signing
from exams.models import ExamSession, SessionStatus, StageRecord, TitleAward, UnitPass
from questions.models import Unit
from tests.conftest import make_user

PASSED_ON = datetime.date(2026, 6, 13)


@pytest.fixture(autouse=True)
def signing_key(tmp_path, settings):
    """Each test signs with a key generated for it, never the server's."""
    settings.CERTIFICATE_SIGNING_KEY_FILE = tmp_path / "certificate_signing_key"
    settings.CERTIFICATE_RENDER_PROCESSES = 1
    settings.SITE_URL = "https://arbitre.example.org"
    signing._private_key_from.cache_clear()
    cache.clear()
    yield settings.CERTIFICATE_SIGNING_KEY_FILE
    signing._private_key_from.cache_clear()


@pytest.fixture
def holder(trainee):
    trainee.first_name = "Camille"
    trainee.last_name = "Durand-Lefèvre"
    trainee.ffe_licence = "K12345"
    trainee.birth_date = datetime.date(1990, 5, 17)
    trainee.save()
    return trainee


@pytest.fixture
def other_holder(db):
    return make_user("olga@example.org", Role.TRAINEE, first_name="Olga", last_name="Novak")


@pytest.fixture
def exam_session(exam_staff):
    return ExamSession.objects.create(
        unit=Unit.UVR,
        date=PASSED_ON,
        start_time=datetime.time(9, 30),
        duration=datetime.timedelta(hours=2),
        registration_closes_on=PASSED_ON - datetime.timedelta(days=10),
        status=SessionStatus.PUBLISHED,
        created_by=exam_staff,
    )


@pytest.fixture
def unit_pass(holder, exam_session):
    return UnitPass.objects.create(
        candidate=holder,
        unit=Unit.UVR,
        session=exam_session,
        passed_on=PASSED_ON,
        expires_on=PASSED_ON + datetime.timedelta(days=730),
    )


@pytest.fixture
def title_award(holder, exam_staff):
    return TitleAward.objects.create(
        candidate=holder, title="AFO", level=2, awarded_on=datetime.date(2026, 9, 1), awarded_by=exam_staff
    )


@pytest.fixture
def stage_record(holder):
    return StageRecord.objects.create(
        candidate=holder,
        stage="SC",
        date=datetime.date(2026, 3, 1),
        place="Rennes",
        trainer_name="Julien Bernard",
        hours=Decimal(14),
    )


@pytest.fixture
def certificate(unit_pass, exam_staff):
    return services.issue(source=unit_pass, actor=exam_staff, language="fr")


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def qr_payloads(data: bytes, tmp_path) -> list[str]:
    """The QR codes zbar reads on the first page rendered at 150 dpi by pdftoppm."""
    pdftoppm, zbarimg = shutil.which("pdftoppm"), shutil.which("zbarimg")
    assert pdftoppm and zbarimg, "poppler-utils and zbar-tools are needed (make system-packages)"
    source = tmp_path / "certificate.pdf"
    source.write_bytes(data)
    subprocess.run(  # noqa: S603
        [pdftoppm, "-r", "150", "-png", "-singlefile", str(source), str(tmp_path / "page")], check=True
    )
    result = subprocess.run(  # noqa: S603
        [zbarimg, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(tmp_path / "page.png")],
        capture_output=True,
        text=True,
        check=False,
    )
    return [line for line in result.stdout.splitlines() if line]

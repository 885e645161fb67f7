"""Demo certificates, loaded by `load_demo` (idempotent): one valid, one superseded by a
bilingual second version, one revoked, plus the units of the published demo session (once
the bank is loaded). Their PDFs are also written to ``CERTIFICATE_DEMO_DIR``
(var/demo-certificates/) so that a newcomer can try /verify/ and
`manage.py verify_certificate` at once."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.conf import settings
from django.utils import timezone

from accounts.models import User
from certificates import services
from certificates.models import Certificate
from exams.models import StageRecord, UnitPass

REVOCATION_REASON = "Démonstration : stage déclaré par erreur (motif confidentiel, jamais publié)."


def _write(certificate: Certificate, label: str) -> str:
    folder = settings.CERTIFICATE_DEMO_DIR
    if folder is None:
        return f"{label} {certificate.code}"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{label}.pdf"
    path.write_bytes(bytes(certificate.pdf))
    return f"{label} {certificate.code} ({path})"


def load() -> list[str]:
    created: list[str] = []
    staff = User.objects.filter(email="examens@demo.arbitre.fr").first()
    trainee = User.objects.filter(email="stagiaire@demo.arbitre.fr").first()
    grader = User.objects.filter(email="correcteur@demo.arbitre.fr").first()
    if staff is None or trainee is None or grader is None:
        return created
    stage = trainee.stage_records.filter(stage="SC").first()
    if stage is not None and not stage.certificates.exists():
        first = services.issue(source=stage, actor=staff, language="fr")
        second = services.reissue(certificate=first, actor=staff, language="both")
        created += [_write(first, "superseded"), _write(second, "valid")]
    # A continuing-training record of the demo grader, certified then revoked.
    training, _ = StageRecord.objects.get_or_create(
        candidate=grader,
        stage="FC",
        defaults={
            "date": timezone.localdate() - datetime.timedelta(days=200),
            "place": "Strasbourg",
            "trainer_name": "Sophie Leroy",
            "hours": Decimal(7),
            "recorded_by": staff,
        },
    )
    if not training.certificates.exists():
        certificate = services.issue(source=training, actor=staff, language="fr")
        services.revoke(certificate=certificate, actor=staff, reason=REVOCATION_REASON)
        certificate.refresh_from_db()
        created.append(_write(certificate, "revoked"))
    for unit_pass in UnitPass.objects.filter(candidate=trainee, certificates__isnull=True):
        created.append(
            _write(services.issue(source=unit_pass, actor=staff, language="both"), f"unit-{unit_pass.unit}")
        )
    return created

"""Find and repair unit passes whose validity date disagrees with RIDNA Art. 8.

    python manage.py repair_validity            # dry run: lists what would change
    python manage.py repair_validity --apply    # repairs, logged in the exam office's audit log

Each repaired unit pass is logged (``unit_pass``, with the old and new dates); each
certificate in force that states another date is replaced by a new version (the existing
reissue: new code, the old one superseded and still verifiable as such). Running it again
changes nothing.
"""

from __future__ import annotations

import datetime
import json

from django.core.management.base import BaseCommand
from django.db import transaction

from certificates import services as certificates
from certificates.models import Certificate
from exams import validity
from exams.audit import log_action
from exams.models import AuditEntry, UnitPass

REASON = "RIDNA Art. 8 : date de validité recalculée (manage.py repair_validity)"


def _stated(certificate: Certificate) -> str | None:
    return json.loads(certificate.statement).get("valid_until")


class Command(BaseCommand):
    help = "List (or, with --apply, repair) unit passes and certificates whose validity date is not Art. 8's."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--apply", action="store_true", help="Repair (the default only lists).")

    def handle(self, *args, **options) -> None:
        apply = options["apply"]
        wrong = list(validity.disagreeing())
        expected_by_pass = {unit_pass.pk: expected for unit_pass, expected in wrong}
        for unit_pass, expected in wrong:
            self.stdout.write(
                f"{unit_pass.candidate.email} {unit_pass.unit} obtenue le {unit_pass.passed_on:%d/%m/%Y}: "
                f"{unit_pass.expires_on:%d/%m/%Y} -> {expected:%d/%m/%Y}"
            )
            if apply:
                self._repair(unit_pass, expected)
        reissued = self._certificates(expected_by_pass, apply=apply)
        verb = "repaired" if apply else "would be repaired (dry run: --apply to repair)"
        self.stdout.write(f"{len(wrong)} unit pass(es) and {reissued} certificate(s) {verb}.")

    def _repair(self, unit_pass: UnitPass, expected: datetime.date) -> None:
        with transaction.atomic():
            old = unit_pass.expires_on
            unit_pass.expires_on = expected
            unit_pass.save(update_fields=["expires_on"])
            log_action(
                actor=None,
                action=AuditEntry.Action.UNIT_PASS,
                target=unit_pass,
                session=unit_pass.session,
                reason=REASON,
                details={
                    "unit": unit_pass.unit,
                    "passed_on": unit_pass.passed_on,
                    "old_expires_on": old,
                    "expires_on": expected,
                },
            )

    def _certificates(self, expected_by_pass: dict[int, datetime.date], *, apply: bool) -> int:
        """Reissue each certificate in force that states a date other than its unit pass's."""
        count = 0
        in_force = (
            Certificate.objects.current()
            .filter(revoked_at__isnull=True, unit_pass__isnull=False)
            .select_related("unit_pass")
            .defer("pdf")
            .order_by("pk")
        )
        for certificate in in_force:
            unit_pass = certificate.unit_pass
            right = expected_by_pass.get(unit_pass.pk, unit_pass.expires_on).isoformat()
            stated = _stated(certificate)
            if stated == right:
                continue
            count += 1
            self.stdout.write(f"  certificate {certificate.code} states {stated}, reissued with {right}")
            if apply:
                new = certificates.reissue(certificate=certificate, actor=None)
                self.stdout.write(f"    -> {new.code}")
        return count

"""A batch of 1,000 certificates (``CERTIFICATES=N`` to change it), against WeasyPrint alone.

Measured in the same run, with the same number of processes (``CERTIFICATE_RENDER_PROCESSES``,
2 by default, both cores):
- the batch as staff run it (``certificates.services.run_batch``): reading the unit passes,
  building and signing each statement, the HTML with its QR code, WeasyPrint's PDF/A-3b
  with the statement attached, the hash and the immutable row of each certificate;
- the baseline: WeasyPrint's own rendering (``HTML(string=…).write_pdf()``) of the very same
  HTML pages in a pool of the same size;
- WeasyPrint alone again, keeping one font configuration per process as the batch's workers
  do (building it is a fifth of a render): ``ratio_to_reused_fonts`` is what everything else
  (PDF/A, statement, signature, QR code, storage) costs on top of rendering.
Measured in 5 rounds (batch, then both baselines on its pages) so that the shared machine's
load drifts alike for all. Target: ``ratio`` (batch / WeasyPrint) at most 1.2. The data (a published
session, its candidates and their units) is made inside a transaction that is rolled back,
and the signing key is a throw-away one. Results: ``bench/results/certificates.json``.
"""

from __future__ import annotations

import datetime
import json
import os
import tempfile
import time
from pathlib import Path

from common import setup, write_result

COUNT = int(os.environ.get("CERTIFICATES", "1000"))
TARGET_RATIO = 1.2


ROUNDS = 5


class _Rollback(Exception):
    pass


def _rounds(count: int) -> list[int]:
    rounds = min(ROUNDS, count)
    return [count // rounds + (1 if index < count % rounds else 0) for index in range(rounds)]


def main() -> None:
    setup()
    from django.conf import settings
    from django.contrib.auth.hashers import make_password
    from django.db import transaction

    from accounts.models import User
    from certificates import rendering, services, signing
    from certificates.models import Certificate, CertificateBatch
    from exams.models import ExamSession, SessionStatus, UnitPass

    processes = settings.CERTIFICATE_RENDER_PROCESSES
    figures: dict = {}
    with tempfile.TemporaryDirectory() as folder:
        settings.CERTIFICATE_SIGNING_KEY_FILE = Path(folder) / "bench_signing_key"
        signing._private_key_from.cache_clear()
        try:
            with transaction.atomic():
                day = datetime.date(2026, 6, 13)
                password = make_password(None)
                staff = User.objects.create(email="bench-certificates-staff@example.org", password=password)
                batch_seconds = weasyprint_seconds = reused_fonts_seconds = 0.0
                batches = []
                # In rounds, each measuring the batch then WeasyPrint alone on its pages: the
                # machine's load drifts, and both sides should see the same drift.
                for round_number, size in enumerate(_rounds(COUNT)):
                    session = ExamSession.objects.create(
                        unit="UVR",
                        date=day,
                        start_time=datetime.time(9, round_number),
                        duration=datetime.timedelta(hours=2),
                        registration_closes_on=day - datetime.timedelta(days=10),
                        status=SessionStatus.PUBLISHED,
                    )
                    people = User.objects.bulk_create(
                        [
                            User(
                                email=f"bench-certificate-{round_number}-{n}@example.org",
                                first_name=f"Prénom{n}",
                                last_name=f"Nom-{round_number}-{n}",
                                password=password,
                                preferred_language="fr" if n % 3 else "en",
                            )
                            for n in range(size)
                        ]
                    )
                    UnitPass.objects.bulk_create(
                        [
                            UnitPass(
                                candidate=person,
                                unit="UVR",
                                session=session,
                                passed_on=day,
                                expires_on=day + datetime.timedelta(days=730),
                            )
                            for person in people
                        ]
                    )
                    batch = services.start_batch(
                        actor=staff, scope=CertificateBatch.Scope.SESSION, session=session
                    )
                    start = time.perf_counter()
                    services.run_batch(batch, processes=processes)
                    batch_seconds += time.perf_counter() - start
                    assert batch.done == size, batch.errors
                    batches.append(batch)
                    pages = [
                        (rendering.html(statement=json.loads(statement), language=language), [])
                        for statement, language in batch.certificates.order_by("pk").values_list(
                            "statement", "language"
                        )
                    ]
                    start = time.perf_counter()
                    baseline = list(rendering.render_many(pages, processes=processes, plain=True))
                    weasyprint_seconds += time.perf_counter() - start
                    assert len(baseline) == size
                    start = time.perf_counter()
                    list(rendering.render_many(pages, processes=processes, plain=True, reuse_fonts=True))
                    reused_fonts_seconds += time.perf_counter() - start
                pdf_bytes = sum(
                    len(pdf)
                    for pdf in Certificate.objects.filter(batch__in=batches).values_list("pdf", flat=True)
                )
                figures = {
                    "count": COUNT,
                    "processes": processes,
                    "rounds": len(batches),
                    "seconds": round(batch_seconds, 2),
                    "weasyprint_seconds": round(weasyprint_seconds, 2),
                    "ratio": round(batch_seconds / weasyprint_seconds, 3),
                    "target_ratio": TARGET_RATIO,
                    # WeasyPrint alone again, keeping its font configuration between documents
                    # as the batch's workers do: what the rest of the batch costs beyond rendering.
                    "weasyprint_reused_fonts_seconds": round(reused_fonts_seconds, 2),
                    "ratio_to_reused_fonts": round(batch_seconds / reused_fonts_seconds, 3),
                    "certificates_per_second": round(COUNT / batch_seconds, 2),
                    "mean_pdf_kb": round(pdf_bytes / COUNT / 1024, 1),
                }
                raise _Rollback
        except _Rollback:
            pass
        finally:
            signing._private_key_from.cache_clear()
    write_result(
        "certificates",
        figures,
        f"{COUNT} certificates in {figures['seconds']} s with {processes} processes; WeasyPrint alone "
        f"{figures['weasyprint_seconds']} s; ratio {figures['ratio']} (target ≤ {TARGET_RATIO})",
    )


if __name__ == "__main__":
    main()

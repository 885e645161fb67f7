"""Background tasks of the exam office (django-tasks; run by `python manage.py db_worker`)."""

from __future__ import annotations

import logging

from django.utils import timezone
from django_tasks import task

from exams import convocations
from exams.models import ConvocationBatch

logger = logging.getLogger(__name__)


@task()
def send_session_convocations(batch_id: int) -> int:
    """E-mail every active registration's convocation, counting progress on the batch row."""
    batch = ConvocationBatch.objects.select_related("session").get(pk=batch_id)
    registrations = list(
        batch.session.registrations.active().select_related(
            "session", "centre", "candidate", "centre__regional_director"
        )
    )
    batch.status = ConvocationBatch.Status.RUNNING
    batch.total = len(registrations)
    batch.save(update_fields=["status", "total"])
    for registration in registrations:
        try:
            convocations.send(registration)
        except Exception as error:  # one unreachable address must not stop the others
            logger.warning("Convocation %s not sent: %s", registration.anonymity_code, error)
            batch.failed += 1
            batch.errors = [*batch.errors, f"{registration.anonymity_code}: {error}"][:50]
            batch.save(update_fields=["failed", "errors"])
        else:
            batch.sent += 1
            batch.save(update_fields=["sent"])
    batch.status = ConvocationBatch.Status.DONE if not batch.failed else ConvocationBatch.Status.FAILED
    batch.finished_at = timezone.now()
    batch.save(update_fields=["status", "finished_at"])
    return batch.sent

"""Background tasks of certificates (django-tasks; run by `python manage.py db_worker`)."""

from __future__ import annotations

import logging

from django.utils import timezone
from django_tasks import task

from certificates import services
from certificates.models import CertificateBatch

logger = logging.getLogger(__name__)


@task()
def issue_batch(batch_id: int) -> int:
    batch = CertificateBatch.objects.select_related("session", "started_by").get(pk=batch_id)
    try:
        services.run_batch(batch)
    except Exception as error:  # the staff page must show the batch stopped, not spin forever
        logger.exception("Certificate batch %s failed", batch_id)
        batch.state = CertificateBatch.State.FAILED
        batch.errors = [*batch.errors, str(error)][:50]
        batch.finished_at = timezone.now()
        batch.save(update_fields=["state", "errors", "finished_at"])
    return batch.done

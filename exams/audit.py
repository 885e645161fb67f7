"""Writing the audit log (``exams.AuditEntry``)."""

from __future__ import annotations

from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import models

from exams.models import AuditEntry, ExamSession


def log_action(
    *,
    actor,
    action: str,
    target: models.Model | None = None,
    reason: str = "",
    details: dict[str, Any] | None = None,
    session: ExamSession | None = None,
) -> AuditEntry:
    """Record who did what to which object, why, with the facts needed to check it later."""
    entry = AuditEntry(
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        session=session,
        reason=reason,
        details=details or {},
    )
    if target is not None:
        entry.content_type = ContentType.objects.get_for_model(target)
        entry.object_id = str(target.pk)
        entry.object_repr = str(target)[:200]
    entry.full_clean(exclude=["content_type"])
    entry.save()
    return entry

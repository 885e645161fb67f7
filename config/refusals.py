"""A refusal (403) that explains itself: its message is the reason the 403 page shows.

A plain ``PermissionDenied("…")`` keeps its message for the logs and the 403 page says only
"you may not open this page, ask the DNA to check your roles" (``config.views.permission_denied``
shows ``public_reason`` alone): right for a role the person lacks, wrong for a rule they can
act on (a tournament frozen with a handed-in mock, a copy of a centre they invigilated)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied


class ExplainedRefusal(PermissionDenied):
    def __init__(self, message) -> None:
        super().__init__(message)
        self.public_reason = message

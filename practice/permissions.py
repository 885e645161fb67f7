"""Who may practise: anyone with the ``practise`` capability (every role but a bare account).

A trainee only ever sees their own cards, history and papers: every query goes through
``request.user``; the attempts themselves are guarded by ``delivery.permissions``.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied


def can_practise(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.practise"))


def require_practise(user) -> None:
    if not can_practise(user):
        raise PermissionDenied

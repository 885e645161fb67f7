"""Who may use the tournament calculators: anyone who practises (trainees and every staff
role); a logged-in person without a role gets 403."""

from __future__ import annotations

from functools import wraps

from django.core.exceptions import PermissionDenied


def can_use_calculators(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.practise"))


def require_calculators(view):
    """Refuse (403) anyone who may not use the calculators; use after ``login_required``."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not can_use_calculators(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper

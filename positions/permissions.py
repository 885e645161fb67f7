"""Who may use the positions pages.

The analysis page and panel are for trainers (``accounts.author_questions``); the public
API and the diagram route are open to everyone.
"""

from __future__ import annotations

from functools import wraps

from django.core.exceptions import PermissionDenied


def can_analyse(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.author_questions"))


def can_view_reference(user) -> bool:
    """Reference positions and replays are read-only: trainees who practise may see them too."""
    return bool(
        user.is_authenticated
        and (user.has_perm("accounts.practise") or user.has_perm("accounts.author_questions"))
    )


def require_reference(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not can_view_reference(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def require_analyse(view):
    """Refuse (403) anyone who may not analyse; use after ``login_required``."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not can_analyse(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper

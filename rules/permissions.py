"""Who may do what with the rulebook. Reading is public; loading editions needs
``accounts.manage_rulebook``."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from rules.models import EditionUpload

MANAGE_RULEBOOK = "accounts.manage_rulebook"


def can_manage_rulebook(user) -> bool:
    return bool(user.is_authenticated and user.has_perm(MANAGE_RULEBOOK))


def rulebook_manager_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Anonymous people are sent to the login page, others without the capability get 403."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not can_manage_rulebook(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def get_upload_for_user(user, pk: int) -> EditionUpload:
    """An upload is only ever shown to the person who uploaded it."""
    return get_object_or_404(EditionUpload, pk=pk, uploaded_by=user)

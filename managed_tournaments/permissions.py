"""Who may see and change a managed tournament: its owner, and nobody else (not even staff:
it is a trainee's practice). Every view fetches its tournament through
:func:`get_tournament_for_user`; a stranger's tournament is not found (404), a person who may
not practise is refused (403)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from managed_tournaments.models import ManagedTournament
from tournaments.permissions import can_use_calculators


def require_manager(user) -> None:
    """403 for anyone who may not use the tournament tools (a logged-in person without a role)."""
    if not can_use_calculators(user):
        raise PermissionDenied


def tournaments_of(user):
    require_manager(user)
    return ManagedTournament.objects.filter(owner=user)


def get_tournament_for_user(user, pk: int) -> ManagedTournament:
    """The tournament ``pk`` if ``user`` owns it; 404 otherwise (its existence is not revealed)."""
    return get_object_or_404(tournaments_of(user), pk=pk)

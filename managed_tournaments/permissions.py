"""Who may see and change a managed tournament: its owner, and nobody else (not even staff:
it is a trainee's practice). Every view fetches its tournament through
:func:`get_tournament_for_user`; a stranger's tournament is not found (404), a person who may
not practise is refused (403), and so is any change of a frozen tournament (a UVT mock's,
once handed in)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from config.refusals import ExplainedRefusal
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


def get_tournament_for_request(request, pk: int, *, change_form: bool = False) -> ManagedTournament:
    """The tournament ``pk`` for this request's user; a POST (every change is one) is refused
    with 403 once the tournament is frozen: a UVT mock's tournament after its hand-in. A page
    that only holds a change form (``change_form``) is refused as well, GET included."""
    tournament = get_tournament_for_user(request.user, pk)
    if request.method == "POST" or change_form:
        refuse_if_frozen(tournament)
    return tournament


def refuse_if_frozen(tournament: ManagedTournament) -> None:
    if not tournament.is_frozen and (part := tournament.mock_part()) is not None:
        # A mock whose time (and grace period) is over is handed in now, which freezes this.
        part.close_if_overdue()
        tournament.refresh_from_db(fields=["frozen_at"])
    if tournament.is_frozen:
        # Explained on the 403 page: a tab left open on the manager posts here after the hand-in.
        raise ExplainedRefusal(
            _("Ce tournoi a été corrigé avec l'examen blanc remis : il ne peut plus être modifié.")
        )

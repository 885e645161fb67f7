"""Who may see and change a managed tournament: its owner, and nobody else (not even staff:
it is a trainee's practice). Every view fetches its tournament through
:func:`get_tournament_for_user`; a stranger's tournament is not found (404), a person who may
not practise is refused (403), and so is any change of a frozen tournament (a UVT mock's,
once handed in: refused from the hand-in's commit on, before the grading freezes it).

Every write goes through :func:`locked_for_change` (the services and the pairing functions
call it), which takes the tournament's row and refuses a frozen tournament under that lock;
:func:`freeze` takes the same row. A change and the mock's hand-in are therefore serialised:
a change that took the row first is committed before the freeze and graded with the rest, a
change that comes after the freeze is refused."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.exceptions import PermissionDenied
from django.db import transaction
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
    that only holds a change form (``change_form``) is refused as well, GET included.

    This early refusal spares the trainee a form that cannot be saved; the refusal that
    counts is the one the write itself meets under the row lock (:func:`locked_for_change`)."""
    tournament = get_tournament_for_user(request.user, pk)
    if request.method == "POST" or change_form:
        refuse_if_frozen(tournament)
    return tournament


def refuse_if_frozen(tournament: ManagedTournament) -> None:
    """403 (explained) if the tournament is frozen or its mock handed in (:func:`_handed_in`),
    handing its mock in first if it is overdue."""
    _hand_in_if_overdue(tournament)
    if tournament.is_frozen or _handed_in(tournament):
        raise _frozen()


@contextmanager
def locked_for_change(tournament: ManagedTournament) -> Iterator[ManagedTournament]:
    """The one way to change an existing tournament: a transaction that holds the tournament's
    row (``SELECT … FOR UPDATE``) until the change is committed, refused (403, explained) if
    the row says the tournament is frozen.

    The freeze (:func:`freeze`) takes the same row: on PostgreSQL a change and a hand-in
    that meet wait for each other instead of interleaving, so the grading never reads a
    tournament that a change is still writing, and no change lands after the grading. (On
    SQLite every write transaction already holds the database's write lock.) Call it outside
    any transaction: an overdue mock is handed in before the lock is taken, and the refusal
    that follows must not roll that hand-in back."""
    _hand_in_if_overdue(tournament)
    with transaction.atomic():
        row = ManagedTournament.objects.select_for_update().only("pk", "frozen_at").get(pk=tournament.pk)
        # Read under the lock, never from the caller's copy, which may predate the freeze.
        tournament.frozen_at = row.frozen_at
        if tournament.is_frozen or _handed_in(tournament):
            raise _frozen()
        yield tournament


def freeze(tournament_id: int, *, at) -> None:
    """Freeze the tournament (its mock is handed in): an UPDATE, which takes the row as
    :func:`locked_for_change` does, so it waits for a change being written. Kept if set."""
    ManagedTournament.objects.filter(pk=tournament_id, frozen_at__isnull=True).update(frozen_at=at)


def _handed_in(tournament: ManagedTournament) -> bool:
    """Whether the tournament is a UVT mock's whose copy is handed in. The hand-in is committed
    before its grading freezes the tournament: a grading that fails, or a worker stopped in
    between, must not leave the tournament open to changes after the hand-in."""
    from delivery.models import AttemptStatus
    from practice.models import ManagedPart

    return (ManagedPart.objects.filter(tournament=tournament)
            .exclude(attempt__status=AttemptStatus.IN_PROGRESS).exists())


def _hand_in_if_overdue(tournament: ManagedTournament) -> None:
    if not tournament.is_frozen and (part := tournament.mock_part()) is not None:
        # A mock whose time (and grace period) is over is handed in now, which freezes this.
        part.close_if_overdue()
        tournament.refresh_from_db(fields=["frozen_at"])


def _frozen() -> ExplainedRefusal:
    # Explained on the 403 page: a tab left open on the manager posts here after the hand-in.
    return ExplainedRefusal(
        _("Ce tournoi a été corrigé avec l'examen blanc remis : il ne peut plus être modifié.")
    )

"""Every change of a managed tournament goes through permissions.locked_for_change: it holds
the tournament's row and refuses a frozen tournament under that lock, so that a change and a
UVT mock's hand-in (which freezes the tournament) never interleave."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from functools import partial

import pytest
from django.db import connection, connections, transaction
from django.utils import timezone

from config.refusals import ExplainedRefusal
from managed_tournaments import services
from managed_tournaments.models import ByeKind, ManagedTournament
from managed_tournaments.pairing import (
    change_pairing,
    pair_next_round,
    pairing_as_text,
    round_pairing,
    undo_last_round,
)
from managed_tournaments.permissions import freeze, locked_for_change


@pytest.fixture
def paired(tournament):
    """Round 1 paired, no result yet; a half-point bye asked for round 2, a withdrawal from 3."""
    pair_next_round(tournament=tournament)
    services.request_bye(player=tournament.players.get(number=2), round_number=2, kind=ByeKind.HALF)
    services.withdraw(player=tournament.players.get(number=3), from_round=3)
    return ManagedTournament.objects.get(pk=tournament.pk)


def player(tournament, number):
    return tournament.players.get(number=number)  # its .tournament is the copy given


# Each change, its objects read from a copy of the tournament taken before the freeze.
CHANGES = {
    "settings": lambda t: partial(services.update_settings, tournament=t, name="Open renommé"),
    "delete": lambda t: partial(services.delete_tournament, tournament=t),
    "add_player": lambda t: partial(services.add_player, tournament=t, name="Hugo", rating=1600),
    "edit_player": lambda t: partial(services.update_player, player=player(t, 1), name="Alicia"),
    "remove_player": lambda t: partial(services.remove_player, player=player(t, 1)),
    "withdraw": lambda t: partial(services.withdraw, player=player(t, 1), from_round=2),
    "reinstate": lambda t: partial(services.reinstate, player=player(t, 3)),
    "request_bye": lambda t: partial(services.request_bye, player=player(t, 4), round_number=2, kind="H"),
    "cancel_bye": lambda t: partial(services.cancel_bye, bye=t.byes.get(round_number=2)),
    "set_result": lambda t: partial(services.set_result, board=t.last_round().boards.first(), result="1-0"),
    "pair_next": lambda t: partial(pair_next_round, tournament=t),
    "undo_last": lambda t: partial(undo_last_round, tournament=t),
    "change_pairing": lambda t: partial(
        change_pairing, tournament=t, text=pairing_as_text(round_pairing(t.last_round()))),
}


def state(tournament) -> tuple:
    tournament = ManagedTournament.objects.get(pk=tournament.pk)
    return (
        tournament.name,
        tournament.updated_at,
        list(tournament.players.values_list("number", "name", "withdrawn_from_round")),
        list(tournament.byes.values_list("player__number", "round_number", "kind")),
        list(tournament.rounds.values_list("number", "boards__white__number", "boards__result")),
    )


@pytest.mark.django_db
@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_it_refuses_a_change_after_the_freeze_even_from_a_copy_read_before_it(paired, change):
    write = change(ManagedTournament.objects.get(pk=paired.pk))
    freeze(paired.pk, at=timezone.now())
    before = state(paired)
    with pytest.raises(ExplainedRefusal):
        write()
    assert state(paired) == before


@pytest.mark.django_db
def test_a_change_before_the_freeze_is_kept(paired):
    services.set_result(board=paired.last_round().boards.first(), result="1-0")
    freeze(paired.pk, at=timezone.now())
    assert paired.last_round().boards.first().result == "1-0"


@pytest.mark.django_db
def test_the_freeze_keeps_its_first_date(paired):
    first = timezone.now()
    freeze(paired.pk, at=first)
    freeze(paired.pk, at=first + timedelta(minutes=5))
    assert ManagedTournament.objects.get(pk=paired.pk).frozen_at == first


# --- on PostgreSQL: a change and the freeze, each on its own connection -------------------------

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite serialises every write transaction anyway"
)


def waiting_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                       " AND datname = current_database()")
        return cursor.fetchone()[0] > 0


def in_thread(function, outcome: list) -> threading.Thread:
    def run():
        try:
            outcome.append(function())
        except Exception as error:  # the test reads what the thread met
            outcome.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def wait_until_blocked(outcome: list) -> None:
    for _tick in range(100):
        if waiting_on_a_lock() or outcome:
            return
        time.sleep(0.05)


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_change_arriving_while_the_freeze_holds_the_row_waits_for_it_and_is_refused(paired):
    board = paired.last_round().boards.first()
    outcome: list = []
    with transaction.atomic():
        freeze(paired.pk, at=timezone.now())  # the hand-in, not yet committed
        thread = in_thread(partial(services.set_result, board=board, result="1-0"), outcome)
        wait_until_blocked(outcome)
        assert not outcome, "the change did not wait for the freeze"
    thread.join(timeout=30)
    assert isinstance(outcome[0], ExplainedRefusal)
    assert paired.last_round().boards.first().result == ""


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_the_freeze_waits_for_a_change_that_holds_the_row_and_then_reads_it(paired):
    board = paired.last_round().boards.first()
    outcome: list = []

    def hand_in():
        freeze(paired.pk, at=timezone.now())
        return board.__class__.objects.get(pk=board.pk).result  # what the grading reads next

    with locked_for_change(paired):
        thread = in_thread(hand_in, outcome)
        wait_until_blocked(outcome)
        assert not outcome, "the freeze did not wait for the change"
        board.result = "0-1"
        board.save(update_fields=["result"])
    thread.join(timeout=30)
    assert outcome == ["0-1"]
    assert ManagedTournament.objects.get(pk=paired.pk).is_frozen

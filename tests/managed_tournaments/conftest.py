from __future__ import annotations

from pathlib import Path

import pytest

from accounts.models import Role
from managed_tournaments import services
from managed_tournaments.imports import import_trf, read_trf
from tests.conftest import make_user

LIVRE = Path(__file__).parent.parent / "tournaments" / "data" / "livre_4_3.trf"

PLAYERS = [
    ("Alice", 2300, "FM", "FRA"),
    ("Bruno", 2200, "", "FRA"),
    ("Carla", 2100, "WFM", "ITA"),
    ("David", 2000, "", "FRA"),
    ("Eloïse", 1900, "", "FRA"),
    ("Finn", 1800, "", "GER"),
    ("Gaspard", 1700, "", "FRA"),
]


@pytest.fixture
def alice(db):
    return make_user("alice.manager@example.org", Role.TRAINEE, first_name="Alice")


@pytest.fixture
def charlie(db):
    """Another trainee: must never see Alice's tournaments."""
    return make_user("charlie.manager@example.org", Role.TRAINEE, first_name="Charlie")


@pytest.fixture
def tournament(alice):
    """Seven players entered by hand, five rounds, nothing paired yet."""
    tournament = services.create_tournament(
        owner=alice, name="Open de Lyon", planned_rounds=5, time_control="90 min + 30 s"
    )
    for name, rating, title, federation in PLAYERS:
        services.add_player(
            tournament=tournament, name=name, rating=rating, title=title, federation=federation
        )
    return tournament


@pytest.fixture
def livre(alice):
    """The Livre's 4.3 tournament (14 players) after two rounds."""
    return import_trf(owner=alice, trf=read_trf(LIVRE.read_bytes()).up_to(2))


def play_round(tournament, result="1-0"):
    """Every board of the last round gets ``result``."""
    for board in tournament.last_round().boards.all():
        services.set_result(board=board, result=result)

"""Pairing rounds with the engine, results, undoing, and the order rounds must follow."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from managed_tournaments import services
from managed_tournaments.models import ByeKind
from managed_tournaments.pairing import engine_pairing, pair_next_round, undo_last_round
from tests.managed_tournaments.conftest import play_round
from tournaments.swiss.engine import pair_round
from tournaments.trf import parse

pytestmark = pytest.mark.django_db


def test_round_one_pairs_the_top_half_against_the_bottom_half_with_a_bye_for_the_last(tournament):
    round_ = pair_next_round(tournament=tournament)
    pairs = [(b.white.number, b.black.number) for b in round_.boards.all()]
    assert pairs == [(1, 4), (5, 2), (3, 6)]
    assert list(tournament.byes.filter(round_number=1).values_list("player__number", "kind")) == [(7, "U")]


def test_round_one_renumbers_the_players_by_rating(tournament):
    services.add_player(tournament=tournament, name="Zoé", rating=2400)
    pair_next_round(tournament=tournament)
    assert tournament.players.get(name="Zoé").number == 1


def test_it_refuses_to_pair_a_round_before_the_previous_one_has_all_its_results(tournament):
    pair_next_round(tournament=tournament)
    services.set_result(board=tournament.last_round().boards.first(), result="1-0")
    with pytest.raises(ValidationError, match="n'a pas encore tous ses résultats"):
        pair_next_round(tournament=tournament)


def test_round_two_is_the_engines_pairing_of_the_file(tournament):
    pair_next_round(tournament=tournament)
    play_round(tournament, "=")
    expected = pair_round(parse(_trf_text(tournament)))
    round_ = pair_next_round(tournament=tournament)
    assert tuple((b.white.number, b.black.number) for b in round_.boards.all()) == expected.pairs


def _trf_text(tournament):
    from tournaments.trf import write

    return write(tournament.as_trf())


def test_it_refuses_more_rounds_than_planned(alice):
    tournament = services.create_tournament(owner=alice, name="Court", planned_rounds=1)
    for name in ("A", "B"):
        services.add_player(tournament=tournament, name=name)
    pair_next_round(tournament=tournament)
    play_round(tournament)
    with pytest.raises(ValidationError, match="sont appariées"):
        pair_next_round(tournament=tournament)


def test_undo_removes_the_last_pairing_and_its_bye_while_no_result_is_entered(tournament):
    pair_next_round(tournament=tournament)
    assert undo_last_round(tournament=tournament) == 1
    assert (tournament.rounds.count(), tournament.byes.count()) == (0, 0)


def test_undo_is_refused_once_a_result_is_entered(tournament):
    pair_next_round(tournament=tournament)
    services.set_result(board=tournament.last_round().boards.first(), result="0-1")
    with pytest.raises(ValidationError, match="a déjà des résultats"):
        undo_last_round(tournament=tournament)


def test_the_results_of_an_earlier_round_no_longer_change(tournament):
    pair_next_round(tournament=tournament)
    play_round(tournament)
    pair_next_round(tournament=tournament)
    first = tournament.rounds.get(number=1).boards.first()
    with pytest.raises(ValidationError, match="ne changent plus"):
        services.set_result(board=first, result="0-1")


def test_the_livre_tournament_pairs_its_third_round_as_the_livre_does(livre):
    round_ = pair_next_round(tournament=livre)
    pairs = {(b.white.number, b.black.number) for b in round_.boards.all()}
    assert (4, 3) in pairs or (3, 4) in pairs
    assert livre.byes.filter(round_number=3, kind=ByeKind.PAIRING).count() == 0


def test_an_accelerated_tournament_pairs_with_the_virtual_points(alice):
    tournament = services.create_tournament(
        owner=alice, name="Accéléré", planned_rounds=5, acceleration="haley"
    )
    for index in range(8):
        services.add_player(tournament=tournament, name=f"Joueur {index}", rating=2400 - 100 * index)
    round_ = pair_next_round(tournament=tournament)
    pairs = {frozenset((b.white.number, b.black.number)) for b in round_.boards.all()}
    assert pairs == {frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}


def test_the_engine_pairing_of_the_last_round_is_the_one_saved(tournament):
    round_ = pair_next_round(tournament=tournament)
    assert engine_pairing(tournament, 1).pairs == tuple(
        (b.white.number, b.black.number) for b in round_.boards.all()
    )

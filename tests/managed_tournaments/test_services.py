"""Forfeits, withdrawals, late entries with their byes, requested byes, and the manual change
of a pairing with the checker's warnings."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError

from managed_tournaments import services
from managed_tournaments.models import ByeKind
from managed_tournaments.pairing import change_pairing, pair_next_round, parse_manual_pairing
from managed_tournaments.standings import standings
from tests.managed_tournaments.conftest import play_round

pytestmark = pytest.mark.django_db


def score(tournament, number):
    return next(row.score for row in standings(tournament).rows if row.number == number)


def test_a_forfeit_gives_the_point_to_the_player_who_came(tournament):
    pair_next_round(tournament=tournament)
    board = tournament.last_round().boards.first()
    services.set_result(board=board, result="+-")
    play_round_rest(tournament)
    assert (score(tournament, board.white.number), score(tournament, board.black.number)) == (1, 0)


def play_round_rest(tournament, result="="):
    for board in tournament.last_round().boards.filter(result=""):
        services.set_result(board=board, result=result)


def test_a_double_forfeit_gives_nobody_a_point(tournament):
    pair_next_round(tournament=tournament)
    board = tournament.last_round().boards.first()
    services.set_result(board=board, result="--")
    play_round_rest(tournament)
    assert (score(tournament, board.white.number), score(tournament, board.black.number)) == (0, 0)


def test_a_forfeited_game_is_written_as_a_forfeit_in_the_trf(tournament):
    pair_next_round(tournament=tournament)
    board = tournament.last_round().boards.first()
    services.set_result(board=board, result="-+")
    trf = tournament.as_trf()
    assert trf.entry(board.white.number, 1).result == "-"
    assert trf.entry(board.black.number, 1).result == "+"


def test_an_unknown_result_is_refused_in_french(tournament):
    pair_next_round(tournament=tournament)
    with pytest.raises(ValidationError, match="Résultat inconnu"):
        services.set_result(board=tournament.last_round().boards.first(), result="2-0")


def test_a_withdrawn_player_is_not_paired_from_his_round_on(tournament):
    pair_next_round(tournament=tournament)
    play_round(tournament)
    services.withdraw(player=tournament.players.get(number=2), from_round=2)
    round_ = pair_next_round(tournament=tournament)
    seated = {n for b in round_.boards.all() for n in (b.white.number, b.black.number)}
    assert 2 not in seated and len(seated) == 6


def test_a_withdrawal_from_a_paired_round_is_refused(tournament):
    pair_next_round(tournament=tournament)
    with pytest.raises(ValidationError, match="saisissez un forfait"):
        services.withdraw(player=tournament.players.get(number=2), from_round=1)


def test_a_late_entry_gets_the_chosen_bye_for_every_round_already_paired(tournament):
    pair_next_round(tournament=tournament)
    play_round(tournament)
    pair_next_round(tournament=tournament)
    late = services.add_player(
        tournament=tournament, name="Retard", rating=1500, missed_rounds_bye=ByeKind.HALF
    )
    assert list(late.byes.values_list("round_number", "kind")) == [(1, "H"), (2, "H")]
    assert late.number == 8


def test_a_late_entry_is_paired_in_the_next_round_with_his_half_points(tournament):
    pair_next_round(tournament=tournament)
    play_round(tournament)
    late = services.add_player(
        tournament=tournament, name="Retard", rating=1500, missed_rounds_bye=ByeKind.HALF
    )
    round_ = pair_next_round(tournament=tournament)
    seated = {n for b in round_.boards.all() for n in (b.white.number, b.black.number)}
    assert late.number in seated
    assert tournament.as_trf(rounds=1).player(late.number).score == Fraction(1, 2)


def test_a_requested_bye_keeps_the_player_out_of_that_round(tournament):
    player = tournament.players.get(number=3)
    services.request_bye(player=player, round_number=1, kind=ByeKind.HALF)
    round_ = pair_next_round(tournament=tournament)
    seated = {n for b in round_.boards.all() for n in (b.white.number, b.black.number)}
    assert player.number not in seated
    assert round_.boards.count() == 3  # six present: nobody gets the pairing bye


def test_a_bye_for_a_paired_round_is_refused(tournament):
    pair_next_round(tournament=tournament)
    with pytest.raises(ValidationError, match="pas encore appariée"):
        services.request_bye(player=tournament.players.get(number=1), round_number=1, kind=ByeKind.ZERO)


def test_a_player_is_removed_only_before_round_one(tournament):
    pair_next_round(tournament=tournament)
    with pytest.raises(ValidationError, match="retirez-le"):
        services.remove_player(player=tournament.players.get(number=1))


def test_the_manual_text_names_the_players_left_out(tournament):
    pair_next_round(tournament=tournament)
    with pytest.raises(ValidationError, match="Joueurs oubliés : 3, 6, 7"):
        parse_manual_pairing("1-4\n5-2", tournament=tournament, round_number=1)


def test_the_manual_text_names_a_player_seated_twice(tournament):
    pair_next_round(tournament=tournament)
    with pytest.raises(ValidationError, match="Ligne 3 : le joueur 1 figure déjà ligne 1"):
        parse_manual_pairing("1-4\n5-2\n3-1", tournament=tournament, round_number=1)


def test_the_manual_text_names_the_unreadable_line(tournament):
    pair_next_round(tournament=tournament)
    with pytest.raises(ValidationError, match="Ligne 2 : « 5 contre 2 »"):
        parse_manual_pairing("1-4\n5 contre 2", tournament=tournament, round_number=1)


def test_a_swap_that_breaks_no_absolute_criterion_is_saved_with_the_checkers_report(tournament):
    pair_next_round(tournament=tournament)
    change = change_pairing(tournament=tournament, text="1-5\n4-2\n3-6\nexempt 7")
    assert change.report.is_valid and not change.report.same_as_engine
    assert tournament.last_round().changed_by_hand


def _after_round_one(tournament):
    pair_next_round(tournament=tournament)
    play_round(tournament)
    return pair_next_round(tournament=tournament)


def test_a_rematch_is_refused_unless_the_arbiter_maintains_it(tournament):
    _after_round_one(tournament)
    with pytest.raises(ValidationError, match="critère absolu"):
        change_pairing(tournament=tournament, text="1-4\n5-2\n3-6\nexempt 7")


def test_a_rematch_the_arbiter_maintains_is_saved_with_its_fault_explained(tournament):
    _after_round_one(tournament)
    change = change_pairing(
        tournament=tournament, text="1-4\n5-2\n3-6\nexempt 7", accept_absolute_faults=True
    )
    assert any(v.rule == "C.04.1 b" for v in change.report.absolute)


def test_a_second_bye_is_an_absolute_fault(tournament):
    _after_round_one(tournament)
    change = change_pairing(
        tournament=tournament, text="1-2\n3-4\n5-6\nexempt 7", accept_absolute_faults=True
    )
    assert any(v.rule == "C.04.1 c" for v in change.report.absolute)


def test_the_pairing_cannot_change_once_a_result_is_in(tournament):
    pair_next_round(tournament=tournament)
    services.set_result(board=tournament.last_round().boards.first(), result="1-0")
    with pytest.raises(ValidationError, match="a déjà des résultats"):
        change_pairing(tournament=tournament, text="1-5\n4-2\n3-6\nexempt 7")


def test_the_acceleration_cannot_change_once_round_one_is_paired(tournament):
    pair_next_round(tournament=tournament)
    with pytest.raises(ValidationError, match="ne changent plus"):
        services.update_settings(tournament=tournament, acceleration="baku")

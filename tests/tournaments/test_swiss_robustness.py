"""Whatever file the TRF reader accepts, pairing and checking end in a result or in their own
error (shown to the trainee), never in another exception (a 500 page)."""

import pytest
from hypothesis import HealthCheck, given, settings

from tests.tournaments.test_trf import tournaments
from tournaments.swiss.checker import check_round
from tournaments.swiss.engine import PairingImpossible, pair_round


@settings(max_examples=80, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_pairing_any_readable_file_ends_in_a_pairing_or_its_own_error(tournament):
    try:
        pairing = pair_round(tournament)
    except PairingImpossible:
        return
    paired = [p for pair in pairing.pairs for p in pair] + list(pairing.byes)
    assert len(paired) == len(set(paired))


@settings(max_examples=80, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_checking_any_readable_file_ends_in_a_report_or_its_own_error(tournament):
    if tournament.rounds == 0:
        with pytest.raises(ValueError):
            check_round(tournament)
    else:
        assert check_round(tournament).round == tournament.rounds

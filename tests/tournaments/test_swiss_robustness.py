"""Whatever file the TRF reader accepts, pairing and checking end in a result or in their own
error (shown to the trainee), never in another exception (a 500 page)."""

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.test_trf import tournaments
from tournaments.forms_swiss import grid_to_trf, parse_pairings
from tournaments.swiss.checker import check_round
from tournaments.swiss.engine import PairingImpossible, pair_round
from tournaments.trf import TrfError, parse

LIVRE_AFTER_ONE = parse((Path(__file__).parent / "data" / "livre_4_3.trf").read_bytes()).up_to(1)


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


@settings(max_examples=300, derandomize=True)
@given(st.text(alphabet=st.sampled_from("0123456789 :wbn+-=½²abyes\n"), max_size=120))
def test_the_grid_reader_raises_only_its_own_error(text):
    with contextlib.suppress(TrfError):
        parse(grid_to_trf(text))


@settings(max_examples=200, derandomize=True)
@given(st.text(alphabet=st.sampled_from("0123456789 -–exmpt\n²"), max_size=80))
def test_the_pasted_pairings_reader_raises_only_its_own_error(text):
    with contextlib.suppress(TrfError):
        parse_pairings(text, LIVRE_AFTER_ONE)

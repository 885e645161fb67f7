"""Swiss pairing (Livre 4.1): gacrux pairs, our code applies the Livre's bye rule, the checker
explains each fault, and the commands print JSON or the faults."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournaments.swiss.checker import ABSOLUTE, NOTE, QUALITY, before_round, check_round, round_of
from tournaments.swiss.engine import PairingImpossible, RoundPairing, pair_round
from tournaments.trf import parse

DATA = Path(__file__).parent / "data"
LIVRE = DATA / "livre_4_3.trf"


@pytest.fixture(scope="module")
def livre():
    return parse(LIVRE.read_bytes())


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_it_pairs_each_round_of_the_livre_example_exactly_colours_included(livre, number):
    expected = round_of(livre, number)
    paired = pair_round(before_round(livre, number))
    assert (sorted(paired.pairs), paired.byes) == (list(expected.pairs), expected.byes)


def test_it_puts_the_livre_boards_in_order(livre):
    assert pair_round(before_round(livre, 5)).pairs[:2] == ((2, 1), (5, 11))


def test_it_leaves_out_a_player_announced_absent(livre):
    paired = pair_round(before_round(livre, 2))
    assert 12 not in {p for pair in paired.pairs for p in pair} and paired.byes == (14,)


FIVE = """XXR 3
001    1 m    A                                 2400                             1.0          3 w 1
001    2 m    B                                 2300                             1.0          4 b 1
001    3 m    C                                 2200                             0.0          1 b 0
001    4 m    D                                 2100                             0.0          2 w 0
001    5 m    E                                 2000                             0.0       0000 - Z
"""


def test_the_bye_goes_to_the_lowest_player_even_if_he_missed_a_round_as_the_livre_says():
    # gacrux follows the 2017+ rule [C9] (fewest unplayed games) and would exempt 4.
    assert pair_round(parse(FIVE)).byes == (5,)


def test_a_player_who_scored_without_playing_gets_no_second_bye():
    text = FIVE.replace("0000 - Z", "0000 - U").replace(" 0.0       0000 - U", " 1.0       0000 - U")
    assert pair_round(parse(text)).byes != (5,)


@pytest.mark.parametrize("record", ["XXZ 99", "013 team"])
def test_a_record_that_trips_the_engine_ends_in_its_own_error(livre, record):
    from tournaments.trf import write

    with pytest.raises(PairingImpossible):
        pair_round(parse(record + "\n" + write(livre.up_to(4))))


def test_it_refuses_to_pair_after_a_round_without_results(livre):
    unplayed = swapped(livre, 4, [(6, 2), (4, 5), (1, 3), (11, 7), (10, 14), (8, 9), (13, 12)])
    with pytest.raises(PairingImpossible, match="résultats"):
        pair_round(unplayed)


def test_it_refuses_to_pair_past_the_last_round(livre):
    with pytest.raises(PairingImpossible):
        pair_round(livre)


def test_the_livre_rounds_break_no_absolute_criterion(livre):
    assert all(check_round(livre.up_to(n)).is_valid for n in range(1, 6))


def test_an_unavoidable_repeated_float_is_only_a_note(livre):
    report = check_round(livre)
    assert {(v.players, v.severity) for v in report.violations} == {((5,), NOTE), ((11,), NOTE)}


def swapped(livre, number, pairs, byes=()):
    from tournaments.swiss.checker import with_round

    return with_round(livre, RoundPairing(number, tuple(pairs), tuple(byes)))


def test_it_explains_a_repeated_meeting(livre):
    proposal = swapped(livre, 2, [(8, 1), (2, 7), (6, 3), (4, 9), (5, 11), (10, 13)], [14])
    faults = check_round(proposal).absolute
    assert [v.rule for v in faults] == ["C.04.1 b"] and "déjà rencontrés" in faults[0].message


def test_it_explains_a_second_point_without_playing(livre):
    round_three = [(2, 5), (3, 4), (11, 6), (9, 1), (7, 10), (12, 8)]
    proposal = swapped(livre.up_to(2), 3, round_three, [14])
    faults = check_round(proposal).absolute
    assert any(v.rule == "C.04.1 c" and v.players == (14,) for v in faults)


def test_it_explains_a_third_colour_in_a_row(livre):
    # 1 had Black in rounds 2 and 3 and would have Black again.
    proposal = swapped(livre, 4, [(6, 2), (4, 5), (3, 1), (11, 7), (10, 14), (8, 9), (13, 12)])
    faults = check_round(proposal).absolute
    assert any(v.players == (1,) and "troisième" in v.message for v in faults)


def test_the_pair_round_command_refuses_a_finished_tournament():
    with pytest.raises(CommandError, match="5 rondes"):
        call_command("pair_round", str(LIVRE), stdout=StringIO())


def test_the_pair_round_command_pairs_the_next_round(tmp_path, livre):
    from tournaments.trf import write

    file = tmp_path / "r4.trf"
    file.write_text(write(livre.up_to(4)), encoding="utf-8")
    out = StringIO()
    call_command("pair_round", str(file), stdout=out)
    assert json.loads(out.getvalue()) == {
        "round": 5,
        "pairs": [[2, 1], [5, 11], [4, 6], [3, 7], [9, 10], [14, 12], [13, 8]],
        "byes": [],
    }


def test_the_check_command_explains_and_fails_on_a_bad_round(tmp_path, livre):
    from tournaments.trf import write

    file = tmp_path / "bad.trf"
    file.write_text(
        write(swapped(livre, 2, [(8, 1), (2, 7), (6, 3), (4, 9), (5, 11), (10, 13)], [14])), encoding="utf-8"
    )
    out = StringIO()
    with pytest.raises(CommandError, match="critère absolu"):
        call_command("check_pairing", str(file), stdout=out)
    assert "C.04.1 b" in out.getvalue()


def test_the_check_command_accepts_the_livre_round(livre):
    out = StringIO()
    call_command("check_pairing", str(LIVRE), stdout=out)
    assert "Aucun critère absolu" in out.getvalue()


@pytest.mark.parametrize("command", ["pair_round", "check_pairing"])
def test_the_commands_name_the_faulty_line_of_a_bad_file(tmp_path, command):
    file = tmp_path / "bad.trf"
    file.write_text("001    x\n", encoding="utf-8")
    with pytest.raises(CommandError, match="Ligne 1, colonne 5"):
        call_command(command, str(file))


@pytest.mark.parametrize("command", ["pair_round", "check_pairing"])
def test_the_commands_report_a_missing_file(tmp_path, command):
    with pytest.raises(CommandError, match="lecture impossible"):
        call_command(command, str(tmp_path / "missing.trf"))


def test_absolute_faults_are_flagged_absolute(livre):
    proposal = swapped(livre, 2, [(8, 1), (2, 7), (6, 3), (4, 9), (5, 11), (10, 13)], [14])
    assert check_round(proposal).absolute[0].severity == ABSOLUTE


def test_a_forfeit_win_is_a_downfloat_and_the_forfeit_loser_does_not_float(livre):
    from tournaments.swiss.checker import previous_floats

    floats = previous_floats(livre.up_to(3))
    assert floats.get(6) == "down" and 11 not in floats


def test_the_bye_is_a_downfloat(livre):
    from tournaments.swiss.checker import previous_floats

    assert previous_floats(livre.up_to(2))[14] == "down"


def test_an_avoidable_repeated_float_is_a_quality_fault(livre):
    # Round 4 (Livre): 4 floated down in round 2 only; put 6, who floated down in round 3
    # (forfeit win), down again against 7 (2 points) while the engine avoids it.
    proposal = swapped(livre, 4, [(6, 7), (4, 5), (1, 3), (11, 2), (10, 14), (8, 9), (13, 12)])
    report = check_round(proposal)
    assert any(v.rule == "B.5" and v.severity == QUALITY and v.players == (6,) for v in report.violations)


EXEMPT_ONE = """XXR 3
XXC white1
001    1                                        2360                             1.0       0000 - U
001    2                                        2320                             0.0          7 b -
001    3                                        2280                             1.0          5 w 1
001    4                                        2240                             0.5          6 b =
001    5                                        2200                             0.0          3 b 0
001    6                                        2160                             0.5          4 w =
001    7                                        2120                             1.0          2 w +
"""


def test_the_initial_colour_is_the_files_even_when_player_1_was_exempt_in_round_1():
    # 1 and 7 have no colour yet (a bye, a forfeit): E.5 gives 1 (odd) the initial colour,
    # White; gacrux read Black off the 2-7 board of round 1.
    assert (1, 7) in pair_round(parse(EXEMPT_ONE)).pairs


def test_the_initial_colour_is_read_from_any_board_of_round_1_without_xxc():
    from tournaments.swiss.engine import top_colour

    # No XXC; 1 exempt; 2 (even) had White against 7: the colour drawn was Black.
    text = EXEMPT_ONE.replace("XXC white1\n", "").replace("7 b -", "7 w -").replace("2 w +", "2 b +")
    assert top_colour(parse(text)) == "b"

"""The TRF16 reader: strict, every error naming line and column, nothing but TrfError escaping,
and what it writes it reads back unchanged."""

import contextlib
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.trf import MAX_BYTES, RoundEntry, TrfError, TrfPlayer, TrfTournament, parse, write

LIVRE = Path(__file__).parent / "data" / "livre_4_3.trf"
LINE = "001    1 m    Alice                             2500                             1.0          2 w 1"
OTHER = "001    2 m    Bruno                             2400                             0.0          1 b 0"


def error_of(text: str | bytes) -> TrfError:
    with pytest.raises(TrfError) as caught:
        parse(text)
    return caught.value


def test_it_reads_the_livre_tournament():
    tournament = parse(LIVRE.read_bytes())
    assert (len(tournament.players), tournament.rounds, tournament.planned_rounds) == (14, 5, 5)


def test_it_reads_a_forfeit_and_a_pairing_allocated_bye():
    tournament = parse(LIVRE.read_bytes())
    assert tournament.entry(6, 3) == RoundEntry(11, "b", "+") and tournament.entry(14, 2).is_pairing_bye


def test_it_names_the_line_and_column_of_a_bad_start_number():
    error = error_of(LINE + "\n" + OTHER.replace("   2 m", "   x m"))
    assert (error.line, error.column) == (2, 5) and "Ligne 2, colonne 5" in str(error)


def test_it_refuses_a_colour_that_is_not_w_b_or_dash():
    error = error_of(LINE.replace(" 2 w 1", " 2 x 1") + "\n" + OTHER)
    assert (error.line, error.column) == (1, 97)


def test_it_refuses_points_that_the_results_do_not_give():
    error = error_of(LINE.replace(" 1.0 ", " 3.0 ") + "\n" + OTHER)
    assert error.column == 81 and "3.0" in error.problem


def test_it_refuses_a_game_the_opponent_does_not_record():
    error = error_of(LINE + "\n" + OTHER.replace(" 1 b 0", " 1 w 0"))
    assert error.line == 1 and "ligne 2" in error.problem


def test_it_refuses_an_unknown_opponent():
    assert "99" in error_of(LINE.replace("     2 w 1", "    99 w 1")).problem


def test_it_refuses_a_start_number_given_twice():
    assert error_of(LINE + "\n" + LINE).line == 2


def test_it_reads_the_colour_drawn_for_player_one_beside_rank():
    assert parse("XXC rank black1\n" + LINE + "\n" + OTHER).initial_colour == "black1"


def test_it_refuses_an_unknown_configuration():
    assert error_of("XXC purple\n" + LINE + "\n" + OTHER).column == 5


def test_it_refuses_an_unknown_record():
    assert error_of("hello\n" + LINE).column == 1


def test_it_refuses_a_file_over_the_size_limit():
    assert "kio" in str(error_of(b" " * (MAX_BYTES + 1)))


def test_it_refuses_a_file_without_players():
    assert "001" in str(error_of("012 Open\n"))


def test_it_reads_latin_1_names():
    text = (LINE.replace("Alice", "Zoé  ") + "\n" + OTHER).encode("latin-1")
    assert parse(text).player(1).name == "Zoé"


def test_it_turns_the_rounds_into_a_crosstable():
    table = parse(LIVRE.read_bytes()).crosstable()
    assert table[1].score == 4 and table[14].results[1].kind == "bye"


names = st.text(
    st.characters(min_codepoint=0xA1, max_codepoint=0x17F)
    | st.characters(min_codepoint=33, max_codepoint=0x7E),
    max_size=20,
)


@st.composite
def tournaments(draw) -> TrfTournament:
    size = draw(st.integers(2, 8))
    rounds = draw(st.integers(0, 4))
    entries: dict[int, list[RoundEntry]] = {n: [] for n in range(1, size + 1)}
    for _round in range(rounds):
        order = draw(st.permutations(range(1, size + 1)))
        for white, black in zip(order[0::2], order[1::2], strict=False):
            result = draw(st.sampled_from(["1", "=", "0", "+", "-"]))
            opposite = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+"}[result]
            entries[white].append(RoundEntry(black, "w", result))
            entries[black].append(RoundEntry(white, "b", opposite))
        if size % 2:
            entries[order[-1]].append(RoundEntry(0, "-", draw(st.sampled_from("UHFZ-"))))
    players = tuple(
        TrfPlayer(
            number=n,
            name=draw(names),
            sex=draw(st.sampled_from(" mf")),
            title=draw(st.sampled_from(["", "GM", "WFM"])),
            rating=draw(st.integers(0, 2900)),
            rounds=tuple(entries[n]),
            points=sum((e.score for e in entries[n]), Fraction(0)),
        )
        for n in range(1, size + 1)
    )
    return TrfTournament(players=players, name=draw(names), planned_rounds=draw(st.integers(0, 9)))


@settings(max_examples=150, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_what_it_writes_it_reads_back_unchanged(tournament):
    assert parse(write(tournament)) == tournament


@settings(max_examples=300, derandomize=True)
@given(st.binary(max_size=400))
def test_no_exception_but_its_own_escapes_on_random_bytes(data):
    with contextlib.suppress(TrfError):
        parse(data)


@settings(max_examples=300, derandomize=True)
@given(st.integers(0, 200), st.characters(min_codepoint=0, max_codepoint=0x3FF))
def test_no_exception_but_its_own_escapes_on_a_damaged_file(position, character):
    text = LIVRE.read_text(encoding="utf-8")
    position = position * len(text) // 200
    with contextlib.suppress(TrfError):
        parse(text[:position] + character + text[position + 1 :])

"""TRF16 in and out, the template a mock sets, and the crosstable PDF."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError
from pypdf import PdfReader

from managed_tournaments.imports import MAX_UPLOAD_BYTES, create_from_template, import_trf, read_trf
from managed_tournaments.pairing import pair_next_round
from managed_tournaments.pdf import render_crosstable_pdf
from tests.managed_tournaments.conftest import LIVRE, play_round
from tournaments.trf import RoundEntry, parse, write

pytestmark = pytest.mark.django_db


def meaningful(trf):
    """What must survive a round trip: the header that matters, each player and every round."""
    rounds = trf.rounds
    return (
        trf.name,
        trf.planned_rounds,
        trf.initial_colour,
        tuple(
            (
                p.number,
                p.name,
                p.sex,
                p.title,
                p.rating,
                p.federation,
                p.fide_id,
                p.birth,
                p.score,
                tuple(p.rounds[i] if i < len(p.rounds) else RoundEntry(0, "-", "-") for i in range(rounds)),
            )
            for p in trf.players
        ),
    )


def test_importing_then_exporting_the_livre_tournament_changes_nothing_meaningful(alice):
    original = parse(LIVRE.read_bytes())
    tournament = import_trf(owner=alice, trf=original)
    assert meaningful(parse(write(tournament.as_trf()))) == meaningful(original)


def test_the_time_control_survives_the_round_trip(alice):
    text = "012 Open\n122 90 min + 30 s\nXXR 3\n" + "\n".join(LIVRE.read_text().splitlines()[3:5])
    text = "\n".join(line[:91] if line.startswith("001") else line for line in text.splitlines())
    text = text.replace("4.0", "   ").replace("3.5", "   ")
    tournament = import_trf(owner=alice, trf=read_trf(text))
    assert tournament.time_control == "90 min + 30 s"
    assert "122 90 min + 30 s" in write(tournament.as_trf())


def test_an_imported_tournament_is_paired_on_from_where_the_file_stops(livre):
    round_ = pair_next_round(tournament=livre)
    assert round_.number == 3


def test_a_damaged_file_is_refused_naming_its_line_in_french(alice):
    damaged = LIVRE.read_text().replace("2500", "25x0", 1)
    with pytest.raises(ValidationError, match="Ligne 4, colonne 49"):
        read_trf(damaged)


def test_a_file_too_large_is_refused_before_it_is_read(alice):
    with pytest.raises(ValidationError, match="dépasse 256 kio"):
        read_trf(b"x" * (MAX_UPLOAD_BYTES + 1))


def test_the_template_gives_a_user_a_short_tournament_to_go_on_with(alice):
    tournament = create_from_template(user=alice, template="livre_4_3", after_round=2)
    assert (tournament.owner, tournament.last_round_number(), tournament.players.count()) == (alice, 2, 14)


def test_an_unknown_template_is_refused(alice):
    with pytest.raises(ValidationError, match="Modèle de tournoi inconnu"):
        create_from_template(user=alice, template="../../etc/passwd")


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_crosstable_pdf_lists_every_player_with_his_points(tournament):
    pair_next_round(tournament=tournament)
    play_round(tournament)
    text = pdf_text(render_crosstable_pdf(tournament))
    assert all(name in text for name in ("Alice", "Bruno", "Carla", "Gaspard"))
    assert "Open de Lyon" in text


def test_the_standings_of_the_livre_tournament_agree_with_the_tiebreak_module(alice):
    from managed_tournaments.standings import standings
    from tournaments import tiebreaks

    tournament = import_trf(owner=alice, trf=parse(LIVRE.read_bytes()))
    table = parse(LIVRE.read_bytes()).crosstable()
    rows = standings(tournament).rows
    assert [row.values[1] for row in rows] == [tiebreaks.buchholz(table, row.number) for row in rows]
    first, second = rows[:2]  # Alice and Eloïse, both on 4 points: the cut Buchholz decides
    assert first.score == second.score and first.values[0] > second.values[0]


def test_a_full_point_bye_of_the_file_comes_back_as_a_full_point_bye(alice):
    text = LIVRE.read_text().replace("  0000 - U", "  0000 - F")
    original = parse(text)
    tournament = import_trf(owner=alice, trf=original)
    assert meaningful(parse(write(tournament.as_trf()))) == meaningful(original)

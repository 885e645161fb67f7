"""The owner's pages: creating, entering players, importing, pairing, results (htmx), the
manual change's check, standings and the exports."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from managed_tournaments.models import ManagedTournament
from managed_tournaments.pairing import pair_next_round
from tests.conftest import client_for
from tests.managed_tournaments.conftest import LIVRE, play_round

pytestmark = pytest.mark.django_db


def test_a_trainee_creates_a_tournament(alice):
    response = client_for(alice).post(
        reverse("managed_tournaments:create"),
        {
            "name": "Open",
            "planned_rounds": 7,
            "time_control": "1 h 30",
            "acceleration": "",
            "initial_colour": "white1",
            "tiebreak_choices": ["buchholz", "sonneborn_berger"],
        },
    )
    tournament = ManagedTournament.objects.get(owner=alice)
    assert response.status_code == 302 and tournament.tiebreak_list == ["buchholz", "sonneborn_berger"]


def test_a_tournament_of_no_rounds_is_refused_with_status_422(alice):
    response = client_for(alice).post(
        reverse("managed_tournaments:create"),
        {"name": "Open", "planned_rounds": 0, "initial_colour": "white1"},
    )
    assert response.status_code == 422


def test_a_player_with_a_bad_federation_is_refused_with_its_reason(tournament, alice):
    response = client_for(alice).post(
        reverse("managed_tournaments:detail", args=[tournament.pk]),
        {"name": "Zoé", "rating": 1500, "federation": "FR1"},
    )
    assert response.status_code == 422 and "Trois lettres" in response.content.decode()


def test_the_tournament_page_offers_a_late_entry_once_round_one_is_paired(tournament, alice):
    pair_next_round(tournament=tournament)
    response = client_for(alice).get(reverse("managed_tournaments:detail", args=[tournament.pk]))
    assert "Inscrire un retardataire" in response.content.decode()


def test_a_trainee_imports_a_trf_file(alice):
    upload = SimpleUploadedFile("livre.trf", LIVRE.read_bytes(), content_type="text/plain")
    response = client_for(alice).post(reverse("managed_tournaments:import"), {"trf_file": upload})
    tournament = ManagedTournament.objects.get(owner=alice)
    assert response.status_code == 302 and tournament.last_round_number() == 5


def test_a_damaged_trf_file_is_refused_naming_its_line(alice):
    text = LIVRE.read_text().replace(" 5 b 0 ", " 5 x 0 ", 1)
    response = client_for(alice).post(reverse("managed_tournaments:import"), {"trf_text": text})
    assert response.status_code == 422 and "Ligne 4" in response.content.decode()


def test_pairing_a_round_leads_to_its_page(tournament, alice):
    response = client_for(alice).post(reverse("managed_tournaments:pair_next", args=[tournament.pk]))
    assert response["Location"] == reverse("managed_tournaments:round", args=[tournament.pk, 1])


def test_a_result_sent_by_htmx_returns_the_board_row(tournament, alice):
    pair_next_round(tournament=tournament)
    url = reverse("managed_tournaments:set_result", args=[tournament.pk, 1, 1])
    response = client_for(alice).post(url, {"result": "="}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert body.lstrip().startswith('<tr id="board-1">') and 'value="=" selected' in body


def test_pairing_too_early_tells_why(tournament, alice):
    pair_next_round(tournament=tournament)
    client = client_for(alice)
    response = client.post(reverse("managed_tournaments:pair_next", args=[tournament.pk]), follow=True)
    assert "n&#x27;a pas encore tous ses résultats" in response.content.decode()


def test_checking_a_manual_change_by_htmx_returns_the_checkers_report(tournament, alice):
    pair_next_round(tournament=tournament)
    play_round(tournament)
    pair_next_round(tournament=tournament)
    response = client_for(alice).post(
        reverse("managed_tournaments:change_pairing", args=[tournament.pk]),
        {"text": "1-4\n5-2\n3-6\nexempt 7", "action": "check"},
        HTTP_HX_REQUEST="true",
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="check-result"') and "C.04.1 b" in body


def test_the_standings_name_the_tiebreaks_used(tournament, alice):
    pair_next_round(tournament=tournament)
    play_round(tournament)
    body = (
        client_for(alice).get(reverse("managed_tournaments:standings", args=[tournament.pk])).content.decode()
    )
    assert "Classement après la ronde 1" in body and "Buchholz tronqué" in body


def test_the_trf_export_is_a_file_the_reader_accepts(tournament, alice):
    from tournaments.trf import parse

    pair_next_round(tournament=tournament)
    response = client_for(alice).get(reverse("managed_tournaments:export_trf", args=[tournament.pk]))
    assert "attachment" in response["Content-Disposition"]
    assert len(parse(response.content).players) == 7


def test_the_crosstable_is_served_as_pdf(tournament, alice):
    response = client_for(alice).get(reverse("managed_tournaments:crosstable_pdf", args=[tournament.pk]))
    assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")


def test_a_tournament_may_be_created_without_any_tiebreak(alice):
    response = client_for(alice).post(
        reverse("managed_tournaments:create"),
        {
            "name": "Sans départage",
            "planned_rounds": 3,
            "initial_colour": "white1",
            "acceleration": "degressif",
        },
    )
    assert response.status_code == 302 and ManagedTournament.objects.get(owner=alice).tiebreak_list == []


def test_a_late_entry_through_the_page_gets_the_half_point_byes_chosen(tournament, alice):
    pair_next_round(tournament=tournament)
    client_for(alice).post(
        reverse("managed_tournaments:detail", args=[tournament.pk]),
        {"name": "Tardif", "rating": 1500, "missed_rounds_bye": "H"},
    )
    late = tournament.players.get(name="Tardif")
    assert list(late.byes.values_list("round_number", "kind")) == [(1, "H")]


def test_a_round_changed_by_hand_shows_the_checkers_faults(tournament, alice):
    from managed_tournaments.pairing import change_pairing

    pair_next_round(tournament=tournament)
    play_round(tournament)
    pair_next_round(tournament=tournament)
    change_pairing(tournament=tournament, text="1-4\n5-2\n3-6\nexempt 7", accept_absolute_faults=True)
    body = (
        client_for(alice).get(reverse("managed_tournaments:round", args=[tournament.pk, 2])).content.decode()
    )
    assert "modifiée à la main" in body and "C.04.1 b" in body


def test_the_standings_write_half_points_with_the_readers_decimal_separator(livre, alice):
    url = reverse("managed_tournaments:standings", args=[livre.pk])
    french = client_for(alice).get(url).content.decode()
    english = client_for(alice).get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.search(r">\d+,5<", french) and not re.search(r">\d+,5<", english)
    assert re.search(r">\d+\.5<", english)

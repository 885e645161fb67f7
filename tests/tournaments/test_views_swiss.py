from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import client_for

TIEBREAKS = "/tournaments/departages/"
CHECK = "/tournaments/suisse/verifier/"
PAIR = "/tournaments/suisse/apparier/"
PAGES = [TIEBREAKS, CHECK, PAIR]
ALLOWED = ["trainee", "trainer", "grader", "exam_staff", "administrator"]
LIVRE = (Path(__file__).parent / "data" / "livre_4_3.trf").read_text(encoding="utf-8")


def up_to_round_4() -> str:
    from tournaments.trf import parse, write

    return write(parse(LIVRE).up_to(4))


@pytest.mark.parametrize("role", ALLOWED)
@pytest.mark.parametrize("url", PAGES)
def test_every_role_that_practises_sees_the_swiss_tools(role, url, request):
    assert client_for(request.getfixturevalue(role)).get(url).status_code == 200


@pytest.mark.parametrize("url", PAGES)
def test_a_user_without_a_role_is_refused_the_swiss_tools(url, stranger):
    assert client_for(stranger).post(url, {"text": LIVRE}).status_code == 403


@pytest.mark.parametrize("url", PAGES)
def test_anonymous_visitors_are_sent_to_log_in(url, db):
    assert client_for(None).get(url).status_code == 302


@pytest.mark.parametrize("url", PAGES)
def test_the_swiss_tools_refuse_put(url, trainee):
    assert client_for(trainee).put(url).status_code == 405


def test_the_tiebreak_page_details_a_player_with_a_virtual_opponent(trainee):
    response = client_for(trainee).post(TIEBREAKS, {"text": LIVRE, "player": 14})
    content = response.content.decode()
    assert response.status_code == 200 and "adversaire virtuel" in content


def test_the_tiebreak_page_shows_an_opponents_adjusted_score(trainee):
    # 4 met 11, who lost a round by forfeit: 2,5 points, counted 3 in 4's Buchholz.
    response = client_for(trainee).post(TIEBREAKS, {"text": LIVRE, "player": 4})
    assert "il a 2,5 points" in response.content.decode()


def test_the_tiebreak_page_reads_the_simple_grid(trainee):
    grid = "1 2000 : 2w1 3b=\n2 1900 : 1b0 bye1\n3 1800 : abs 1w="
    response = client_for(trainee).post(TIEBREAKS, {"text": grid, "player": 1})
    assert response.status_code == 200 and "data-buchholz" in response.content.decode()


def test_the_tiebreak_page_names_the_faulty_grid_line(trainee):
    response = client_for(trainee).post(TIEBREAKS, {"text": "1 : 2w1\n2 : 1b0 zz"})
    assert response.status_code == 422 and "Ligne 2" in response.content.decode()


def test_the_tiebreak_page_accepts_an_upload(trainee):
    upload = SimpleUploadedFile("t.trf", LIVRE.encode(), content_type="text/plain")
    assert client_for(trainee).post(TIEBREAKS, {"trf_file": upload}).status_code == 200


def test_the_check_page_explains_a_repeated_meeting(trainee):
    pairings = "1-8\n2-7\n6-3\n4-9\n5-11\n10-13\n14-12"
    response = client_for(trainee).post(CHECK, {"text": _round_one(), "pairings": pairings})
    assert response.status_code == 200 and "C.04.1 b" in response.content.decode()


def _round_one() -> str:
    from tournaments.trf import parse, write

    return write(parse(LIVRE).up_to(1))


def test_the_check_page_names_the_faulty_pairing_line(trainee):
    response = client_for(trainee).post(CHECK, {"text": _round_one(), "pairings": "1-8\nnonsense"})
    assert response.status_code == 422 and "Ligne 2" in response.content.decode()


def test_the_check_page_names_the_faulty_trf_line(trainee):
    response = client_for(trainee).post(CHECK, {"text": "001    x"})
    assert response.status_code == 422 and "Ligne 1, colonne 5" in response.content.decode()


def test_the_pair_page_pairs_round_five_as_the_livre(trainee):
    response = client_for(trainee).post(PAIR, {"text": up_to_round_4()})
    content = response.content.decode()
    assert response.status_code == 200 and "Ronde 5" in content


def test_the_pair_page_refuses_a_finished_tournament(trainee):
    response = client_for(trainee).post(PAIR, {"text": LIVRE})
    assert response.status_code == 422 and "5 rondes" in response.content.decode()


def test_the_pair_page_requires_a_file(trainee):
    assert client_for(trainee).post(PAIR, {}).status_code == 422


def players_trf(count: int) -> str:
    """A TRF of ``count`` players before round 1."""
    lines = ["012 Open test", "XXR 9"]
    lines += [f"001 {n:4d}      {'Joueur ' + str(n):33} {2400 - n:4d} {'':3} {'':11} {'':10}  0.0     "
              for n in range(1, count + 1)]
    return "\n".join(lines)


@pytest.mark.parametrize("url", [PAIR, CHECK])
def test_a_field_too_large_to_pair_at_once_is_refused_before_the_file_is_read(url, trainee, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("parsed")

    monkeypatch.setattr("tournaments.forms_swiss.parse", never)
    response = client_for(trainee).post(url, {"text": players_trf(998)})
    assert response.status_code == 422
    assert "ce fichier compte 998 joueurs" in response.content.decode()


def test_an_uploaded_file_too_large_to_pair_is_refused(trainee):
    upload = SimpleUploadedFile("open.trf", players_trf(201).encode())
    response = client_for(trainee).post(PAIR, {"trf_file": upload})
    assert "ce fichier compte 201 joueurs" in response.content.decode()


def test_the_largest_field_allowed_is_paired(trainee):
    response = client_for(trainee).post(PAIR, {"text": players_trf(200)})
    assert response.status_code == 200 and "Ronde 1" in response.content.decode()

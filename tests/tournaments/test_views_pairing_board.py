"""« Apparier une ronde à la main »: loading a tournament, the board kept in the session,
its autosave, and the correction (faults, mark, the engine's round explained)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import client_for
from tournaments.trf import MAX_BYTES, parse, write

BOARD = "/tournaments/suisse/tableau/"
SAVE = "/tournaments/suisse/tableau/enregistrer/"
LIVRE = (Path(__file__).parent / "data" / "livre_4_3.trf").read_text(encoding="utf-8")
ROUND_5 = [[2, 1], [5, 11], [4, 6], [3, 7], [9, 10], [14, 12], [13, 8]]


def up_to(rounds: int) -> str:
    return write(parse(LIVRE).up_to(rounds))


def loaded(user, **data):
    client = client_for(user)
    response = client.post(BOARD, {"action": "load", **data})
    assert response.status_code == 302, response.content.decode()[:500]
    return client


@pytest.mark.parametrize("role", ["trainee", "trainer", "grader", "exam_staff", "administrator"])
def test_every_role_that_practises_sees_the_board_tool(role, request):
    response = client_for(request.getfixturevalue(role)).get(BOARD)
    assert response.status_code == 200
    assert "Tournoi d’exemple" in response.content.decode()


@pytest.mark.parametrize("url", [BOARD, SAVE])
def test_a_user_without_a_role_is_refused(url, stranger):
    assert client_for(stranger).post(url, {"action": "load", "text": LIVRE}).status_code == 403


def test_anonymous_visitors_are_sent_to_log_in(db):
    assert client_for(None).get(BOARD).status_code == 302


def test_the_index_links_to_the_board_tool(trainee):
    assert BOARD in client_for(trainee).get("/tournaments/").content.decode()


def test_a_pasted_file_shows_the_cards_of_the_next_round(trainee):
    client = loaded(trainee, text=up_to(4))
    page = client.get(BOARD).content.decode()
    assert "ronde 5 à apparier, 14 joueurs présents." in page
    assert 'data-pb-player="12"' in page and "Oskar" in page
    assert 'name="answer"' in page and 'name="answer__text"' in page
    assert "js/pairing-board.js" in page


def test_a_sample_announces_its_absent_player(trainee):
    client = loaded(trainee, sample="livre-4-3:2")
    page = client.get(BOARD).content.decode()
    assert "ronde 2 à apparier, 13 joueurs présents." in page
    assert "Hors de cette ronde" in page and "absent (0 point)" in page


def test_an_uploaded_file_is_read(trainee):
    upload = SimpleUploadedFile("t.trf", up_to(3).encode(), content_type="text/plain")
    client = loaded(trainee, trf_file=upload)
    assert "ronde 4 à apparier" in client.get(BOARD).content.decode()


def test_a_faulty_file_names_its_line(trainee):
    response = client_for(trainee).post(BOARD, {"action": "load", "text": "001  abc"})
    assert response.status_code == 422
    assert "Ligne 1" in response.content.decode()


def test_a_file_too_large_is_refused(trainee):
    upload = SimpleUploadedFile("big.trf", b"x" * (MAX_BYTES + 1))
    response = client_for(trainee).post(BOARD, {"action": "load", "trf_file": upload})
    assert response.status_code == 422
    assert "le fichier dépasse 512 kio." in response.content.decode()


def test_a_finished_tournament_has_no_round_to_pair(trainee):
    response = client_for(trainee).post(BOARD, {"action": "load", "text": LIVRE})
    assert response.status_code == 422
    assert "Ce tournoi est terminé (5 rondes)" in response.content.decode()


def test_an_unknown_sample_is_refused(trainee):
    response = client_for(trainee).post(BOARD, {"action": "load", "sample": "livre-4-3:9"})
    assert response.status_code == 422


def test_the_autosave_keeps_the_answer_for_a_reload(trainee):
    client = loaded(trainee, sample="livre-4-3:5")
    answer = {"pairs": [[2, 1], [5, 11]], "byes": []}
    assert client.post(SAVE, {"answer": json.dumps(answer)}).status_code == 204
    page = client.get(BOARD).content.decode()
    assert "{&quot;pairs&quot;:[[2,1],[5,11]],&quot;byes&quot;:[]}" in page
    assert "2-1\n5-11</textarea>" in page


def test_the_autosave_refuses_an_unknown_player_and_keeps_the_last_answer(trainee):
    client = loaded(trainee, sample="livre-4-3:5")
    client.post(SAVE, {"answer": '{"pairs": [[2, 1]], "byes": []}'})
    response = client.post(SAVE, {"answer": '{"pairs": [[2, 99]], "byes": []}'})
    assert response.status_code == 422
    assert response.content.decode() == "Le joueur 99 n'existe pas dans ce tournoi."
    assert client.session["tournaments.pairing_board"]["answer"] == {"pairs": [[2, 1]], "byes": []}


def test_the_autosave_without_a_board_is_a_conflict(trainee):
    assert client_for(trainee).post(SAVE, {"answer": "{}"}).status_code == 409


def test_the_engines_round_gets_full_marks_and_its_explanation(trainee):
    client = loaded(trainee, sample="livre-4-3:5")
    response = client.post(BOARD, {"action": "check", "answer": json.dumps({"pairs": ROUND_5, "byes": []})})
    assert response.status_code == 302 and response["Location"].endswith("?correction=1#correction")
    page = client.get(response["Location"]).content.decode()
    assert "Ronde 5 : 14 / 14" in page
    assert "note maximale" in page
    assert "fusionnés en un dernier niveau effondré" in page  # the Livre's collapsed last bracket


def test_the_textarea_answer_is_graded_with_its_faults(trainee):
    client = loaded(trainee, sample="livre-4-3:2")
    # round 2: 1 against 8 again (they met in round 1)
    text = "1-8\n2-7\n6-3\n4-9\n5-11\n10-13\nexempt 14"
    response = client.post(BOARD, {"action": "check", "answer": "{}", "answer__text": text}, follow=True)
    page = response.content.decode()
    assert "Critères absolus enfreints" in page and "C.04.1 b" in page
    assert "1 et 8 se sont déjà rencontrés à la ronde 1" in page
    assert "Pas à pas" in page


def test_a_bad_text_line_is_named_and_the_board_stays(trainee):
    client = loaded(trainee, sample="livre-4-3:5")
    response = client.post(BOARD, {"action": "check", "answer": "{}", "answer__text": "2-1\n5 11"})
    assert response.status_code == 422
    page = response.content.decode()
    assert "Ligne 2 : « 5 11 » illisible" in page
    assert 'data-pb-player="5"' in page


def test_the_correction_follows_the_language(trainee):
    client = loaded(trainee, sample="livre-4-3:5")
    client.post(BOARD, {"action": "check", "answer": json.dumps({"pairs": ROUND_5, "byes": []})})
    page = client.get(BOARD + "?correction=1", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Score groups, from the highest down" in page
    assert "merged into a collapsed last bracket" in page
    assert "Groupes de points" not in page


def test_changing_tournament_empties_the_board(trainee):
    client = loaded(trainee, sample="livre-4-3:5")
    assert client.post(BOARD, {"action": "new"}).status_code == 302
    assert "tournaments.pairing_board" not in client.session
    assert "data-pb-player" not in client.get(BOARD).content.decode()


def test_the_board_page_and_its_correction_are_valid_html(trainee, tmp_path):
    import shutil

    if shutil.which("java") is None:
        pytest.skip("needs Java (Debian default-jre-headless)")
    from tests.quality.test_html_validity import validate

    client = loaded(trainee, sample="livre-4-3:2")
    client.post(SAVE, {"answer": json.dumps({"pairs": [[1, 8], [2, 9]], "byes": [14]})})
    pages = {"board": BOARD, "correction": BOARD + "?correction=1"}
    files = []
    for name, url in pages.items():
        path = tmp_path / f"{name}.html"
        path.write_bytes(client.get(url).content)
        files.append(path)
    assert validate(files) == []


def test_the_arbiter_can_start_from_the_engines_round_and_change_it(trainee):
    client = loaded(trainee, sample="livre-4-3:5")
    assert client.post(BOARD, {"action": "engine"}).status_code == 302
    assert client.session["tournaments.pairing_board"]["answer"] == {"pairs": ROUND_5, "byes": []}
    assert "2-1\n5-11\n4-6" in client.get(BOARD).content.decode()

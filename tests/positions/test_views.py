import json

import pytest

from tests.conftest import client_for

SHUFFLE_PGN = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"


# The reference positions' verdicts take seconds to search, then stay in the worker's memory:
# the tests of the reference page run on one pytest-xdist worker (tests/conftest.py).
reference_page = pytest.mark.xdist_group("reference-positions")


@pytest.fixture
def anonymous():
    return None


def test_a_trainer_sees_the_analysis_page(trainer):
    response = client_for(trainer).get("/positions/analyse/")
    assert response.status_code == 200
    assert b"data-board-editor" in response.content


def test_a_trainer_gets_the_analysis_on_post(trainer):
    response = client_for(trainer).post(
        "/positions/analyse/", {"moves": SHUFFLE_PGN, "claim_type": "threefold", "rate": "standard"}
    )
    assert response.status_code == 200
    assert b'data-field="claim"' in response.content and b"data-replay" in response.content


def test_the_page_reports_bad_input_with_status_422(trainer):
    response = client_for(trainer).post("/positions/analyse/", {"fen": "8/8/8/8/8/8/8/8 w - - 0 1"})
    assert response.status_code == 422
    assert "pas de roi blanc" in response.content.decode()


def test_htmx_gets_the_results_fragment(trainer):
    response = client_for(trainer).post("/positions/analyse/", {"moves": "1. e4 e5"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert b"<html" not in response.content and b'id="results"' in response.content


@pytest.mark.parametrize("role", ["trainee", "grader", "stranger"])
def test_other_roles_may_not_analyse(role, request):
    user = request.getfixturevalue(role)
    assert client_for(user).get("/positions/analyse/").status_code == 403
    assert client_for(user).post("/positions/analyse-panel/", {"moves": "e4"}).status_code == 403


def test_anonymous_visitors_are_sent_to_the_login_page(db):
    response = client_for(None).get("/positions/analyse/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_analysis_page_refuses_put(trainer):
    assert client_for(trainer).put("/positions/analyse/").status_code == 405


def test_the_panel_returns_a_fragment(trainer):
    response = client_for(trainer).post(
        "/positions/analyse-panel/", {"fen": "", "moves": "1. e4 e5 2. Nc4", "rate": "standard"}
    )
    assert response.status_code == 200
    assert b'data-field="illegal_moves"' in response.content and b"<html" not in response.content


def test_the_panel_shows_errors_in_the_fragment(trainer):
    response = client_for(trainer).post("/positions/analyse-panel/", {"fen": "nonsense"})
    assert response.status_code == 200
    assert b"form-errors" in response.content


def test_the_panel_refuses_get(trainer):
    assert client_for(trainer).get("/positions/analyse-panel/").status_code == 405


def test_the_diagram_route_is_public_and_long_cached(db):
    response = client_for(None).get(
        "/positions/diagram.svg", {"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "arrows": "e1e2:red"}
    )
    assert response.status_code == 200 and response["Content-Type"].startswith("image/svg+xml")
    assert "immutable" in response["Cache-Control"] and response["ETag"]


def test_the_diagram_route_answers_304_to_a_known_etag(db):
    client = client_for(None)
    params = {"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}
    etag = client.get("/positions/diagram.svg", params)["ETag"]
    assert client.get("/positions/diagram.svg", params, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_diagram_route_rejects_bad_input_with_400(db):
    response = client_for(None).get(
        "/positions/diagram.svg", {"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "squares": "z9:pink"}
    )
    assert response.status_code == 400


def test_trainers_see_the_navigation_entry(trainer):
    assert b'data-nav="positions"' in client_for(trainer).get("/").content


def test_trainees_do_not_see_the_navigation_entry(trainee):
    assert b'data-nav="positions"' not in client_for(trainee).get("/").content


def test_the_openapi_document_describes_the_analysis(db):
    document = json.loads(client_for(None).get("/api/openapi.json").content)
    assert "/chess/analyse" in document["paths"] and "Analysis" in document["components"]["schemas"]


@reference_page
@pytest.mark.parametrize("role", ["trainee", "trainer"])
def test_trainees_and_trainers_see_the_reference_positions(role, request):
    response = client_for(request.getfixturevalue(role)).get("/positions/reference/")
    assert response.status_code == 200
    assert response.content.count(b"<figure") == 10


@reference_page
def test_the_reference_page_shows_the_engine_verdicts(trainer):
    content = client_for(trainer).get("/positions/reference/").content.decode()
    assert content.count("position morte") >= 3


def test_strangers_may_not_see_the_reference_positions(stranger):
    assert client_for(stranger).get("/positions/reference/").status_code == 403


def test_the_reference_page_refuses_post(trainer):
    assert client_for(trainer).post("/positions/reference/").status_code == 405


def test_the_replay_links_rerun_the_analysis_without_javascript(trainer):
    client = client_for(trainer)
    page = client.post("/positions/analyse/", {"moves": "1. e4 e5 2. Nf3", "rate": "blitz"}).content.decode()
    assert "?moves=1.+e4+e5+2.+Nf3&amp;rate=blitz&amp;ply=1" in page
    response = client.get("/positions/analyse/", {"moves": "1. e4 e5 2. Nf3", "rate": "blitz", "ply": "1"})
    assert response.status_code == 200 and "Position après le demi-coup 1" in response.content.decode()


def test_the_panel_names_the_start_position_among_the_repetitions(trainer):
    response = client_for(trainer).post("/positions/analyse-panel/", {"moves": SHUFFLE_PGN})
    assert "0 (position de départ), 4, 8" in response.content.decode()


def test_the_panel_gives_the_flag_fall_result_in_one_translatable_sentence(trainer):
    response = client_for(trainer).post(
        "/positions/analyse-panel/", {"fen": "8/8/8/4k3/8/8/8/3QK3 b - - 0 1", "flag_fell": "black"}
    )
    assert "Chute du drapeau : 1-0" in response.content.decode()


def test_the_replay_writes_an_illegal_king_jump_as_a_king_move(trainer):
    response = client_for(trainer).post(
        "/positions/analyse/", {"fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "moves": "1. Kc3"}
    )
    content = response.content.decode()
    # R: the king, in the French interface.
    assert 'data-label="1. Re1-c3"' in content and 'data-label="1. O-O-O"' not in content


def test_the_panel_refuses_an_unclosed_comment(trainer):
    response = client_for(trainer).post("/positions/analyse-panel/", {"moves": "1. e4 {oops"})
    assert "Commentaire ouvert par « { » jamais refermé, après 1. e4" in response.content.decode()
    assert b'data-field="status"' not in response.content


def test_the_panel_draws_the_position_after_an_illegal_king_move(trainer):
    response = client_for(trainer).post(
        "/positions/analyse-panel/", {"rate": "blitz", "moves": "1. e4 e5 2. Ke3 Ke6 3. Kd4"}
    )
    html = response.content.decode()
    assert "Diagramme impossible" not in html and "<svg" in html
    assert "Le roi blanc est en échec alors que les Noirs ont le trait" in html


def test_the_analysis_page_replays_a_game_with_an_illegal_king_move(trainer):
    # Regression: the replay's diagram of the position after 3. Kd4 raised FenError (a 500).
    response = client_for(trainer).post("/positions/analyse/", {"moves": "1. e4 e5 2. Ke3 Ke6 3. Kd4"})
    assert response.status_code == 200


def test_the_panel_shows_an_intended_move_that_is_no_move_as_a_field_error(trainer):
    response = client_for(trainer).post(
        "/positions/analyse-panel/", {"moves": "1. e4 e5", "claim_type": "threefold", "intended_move": "Qxz9"}
    )
    html = response.content.decode()
    assert "« Qxz9 » n&#x27;est pas un coup" in html and "Coup écrit et annoncé" in html
    assert "Réclamation incorrecte" not in html


def test_the_panel_judges_a_claim_and_a_flag_fall_together(trainer):
    response = client_for(trainer).post(
        "/positions/analyse-panel/", {"moves": SHUFFLE_PGN, "claim_type": "threefold", "flag_fell": "white"}
    )
    html = response.content.decode()
    assert 'data-field="claim"' in html and 'data-field="flag_fall"' in html
    assert "deux événements distincts" in html

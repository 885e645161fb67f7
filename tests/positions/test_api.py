import json

import pytest
from django.test import Client

URL = "/api/chess/analyse"


def post(body, **extra):
    client = Client(enforce_csrf_checks=True)
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(URL, data=data, content_type=extra.pop("content_type", "application/json"), **extra)


def test_it_judges_a_threefold_claim(db):
    response = post(
        {"moves": ["Nf3", "Nf6", "Ng1", "Ng8"] * 2, "claim": {"type": "threefold", "intended_move": None}}
    )
    data = response.json()
    assert response.status_code == 200
    assert (data["repetition"]["count"], data["claim"]["valid"], data["status"]) == (3, True, "ongoing")


def test_it_reports_a_flag_fall(db):
    data = post({"fen": "8/8/8/4k3/8/8/8/3QK3 b - - 0 1", "flag_fell": "black"}).json()
    assert data["flag_fall"]["result"] == "1-0"
    assert data["mating_lines"]["white"][-1].endswith("#")


def test_it_reports_illegal_moves(db):
    data = post({"moves": ["e4", "e5", "Nc4"], "rate": "standard"}).json()
    assert data["illegal_moves"][0]["ply"] == 3 and data["illegal_moves"][0]["article"] == "7.5.5"


def test_it_answers_in_the_requested_language(db):
    response = post({"moves": ["e4"], "claim": {"type": "fifty"}, "lang": "en"})
    assert response["Content-Language"] == "en"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "fen"),
        ({"moves": "e4 e5"}, "moves"),
        ({"moves": ["e4"], "ply": "2"}, "ply"),
        ({"claim": {"type": "agreement"}}, "claim.type"),
        ({"claim": "threefold"}, "claim"),
        ({"rate": "bullet"}, "rate"),
        ({"colour": "white"}, "colour"),
        ({"pgn": "1. e4 e5 2. Ke3"}, "pgn"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(db, body, field):
    if field == "pgn":
        body = {"pgn": "1. e4 e5 2. Kx9"}
    response = post(body)
    assert response.status_code == 400
    assert response.json()["error"]["field"] == field


def test_it_rejects_a_non_json_content_type_with_415(db):
    assert post("fen=x", content_type="application/x-www-form-urlencoded").status_code == 415


def test_it_rejects_malformed_json(db):
    assert post("{not json").status_code == 400


def test_it_rejects_a_json_array(db):
    assert post("[]").status_code == 400


def test_it_rejects_a_huge_body(db):
    assert post({"pgn": "e4 " * 100_000}).status_code == 413


def test_it_refuses_get(db):
    assert Client().get(URL).status_code == 405


def test_it_follows_accept_language(db):
    response = post({"moves": ["e4"]}, HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "en"


def test_a_pgn_with_clocks_and_a_custom_start(db):
    pgn = '[SetUp "1"]\n[FEN "7k/8/6K1/8/8/8/8/R7 w - - 99 80"]\n\n80. Ra8# {[%clk 0:00:05]}'
    data = post({"pgn": pgn, "claim": {"type": "fifty"}}).json()
    assert (data["status"], data["claim"]["valid"]) == ("checkmate", False)
    assert data["plies"][0]["clock"] == "0:00:05"


def test_absurdly_nested_json_is_a_400_not_a_500(db):
    # Regression: the JSON decoder's RecursionError escaped as a 500.
    response = post('{"a":' * 5000)
    assert response.status_code == 400
    assert set(response.json()["error"]) == {"field", "message"}


def test_a_null_move_in_the_list_is_a_400(db):
    response = post({"moves": ["e4", "--"]})
    assert (response.status_code, response.json()["error"]["field"]) == (400, "moves")


def test_the_openapi_description_states_the_limits_with_their_values(db):
    # Regression: "{MAX_PLIES} plies" was printed literally (a missing f-string prefix).
    document = json.loads(Client().get("/api/openapi.json").content)
    description = document["paths"]["/chess/analyse"]["post"]["description"]
    assert "1000 plies" in description and "{" not in description


def test_a_body_over_djangos_own_limit_is_a_json_413(db, settings):
    # Regression: past DATA_UPLOAD_MAX_MEMORY_SIZE Django answered with an HTML 400 page.
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 250_000
    response = post('{"pgn": "' + "x" * 300_000 + '"}')
    assert response.status_code == 413
    assert set(response.json()["error"]) == {"field", "message"}


def test_an_intended_move_that_is_no_move_is_a_400_on_its_field(db):
    response = post({"moves": ["e4", "e5"], "claim": {"type": "threefold", "intended_move": "Qxz9"}})
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "claim.intended_move"


def test_an_illegal_intended_move_is_an_incorrect_claim(db):
    response = post({"moves": ["d4", "e5"], "claim": {"type": "threefold", "intended_move": "Qh5"}})
    assert (response.status_code, response.json()["claim"]["valid"]) == (200, False)


def test_a_claim_and_a_flag_fall_are_both_judged(db):
    data = post({"moves": ["e4", "e5"], "claim": {"type": "threefold"}, "flag_fell": "white"}).json()
    assert (data["claim"]["valid"], data["flag_fall"]["result"]) == (False, "0-1")
    assert any("deux événements distincts" in message for message in data["messages"])


def test_an_unclosed_comment_in_the_pgn_is_a_400(db):
    response = post({"pgn": "1. e4 {oops 2. Nf3 Nf6"})
    assert (response.status_code, response.json()["error"]["field"]) == (400, "pgn")


def test_a_get_is_a_json_405_that_names_the_allowed_method(db):
    response = Client().get(URL)
    assert (response.status_code, response["Allow"]) == (405, "POST")
    assert response.json()["error"]["message"]

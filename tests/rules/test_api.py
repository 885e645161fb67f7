from __future__ import annotations

import pytest
from django.test import Client


def get(url: str):
    return Client().get(url)


def test_editions_lists_slug_title_year_languages_and_completeness(rulebook):
    editions = get("/api/rules/editions").json()["editions"]
    first = editions[0]
    summary = (first["slug"], first["year"], first["languages"], first["complete"])
    assert summary == ("2018", 2018, ["fr", "en"], True)


def test_editions_are_cacheable(rulebook):
    assert "max-age=300" in get("/api/rules/editions")["Cache-Control"]


def test_an_article_has_both_languages_and_its_commentary(rulebook):
    data = get("/api/rules/2018/articles/9.2.2").json()
    assert data["text"]["en"].startswith("Positions are considered")
    assert data["commentary"]["fr"].startswith("Le droit au roque")


def test_an_article_lists_the_articles_it_refers_to(rulebook):
    assert get("/api/rules/2018/articles/9.2.2").json()["references"] == ["6.9", "9.6.2"]


def test_an_article_has_its_exam_units(rulebook):
    assert get("/api/rules/2018/articles/9.2.2").json()["exam_units"] == ["UVR"]


def test_an_article_has_its_history_across_editions(rulebook):
    history = get("/api/rules/2018/articles/4.2.1").json()["history"]
    assert [(h["edition"], h["number"], h["found_by"]) for h in history] == [
        ("2014", "4.2", "correspondence"), ("2017", "4.2.1", "correspondence")]


def test_an_article_has_the_baf_144_changes(rulebook):
    changes = get("/api/rules/2018/articles/4.2.1").json()["changes"]
    assert [change["kind"] for change in changes] == ["split"]


def test_an_unknown_article_is_a_404_with_suggestions(rulebook):
    response = get("/api/rules/2018/articles/9.2.7")
    error = response.json()["error"]
    assert response.status_code == 404
    assert error["field"] == "number" and "9.2.2" in error["suggestions"]


def test_the_suggestions_start_with_the_closest_existing_parent(rulebook):
    assert get("/api/rules/2018/articles/9.2.9").json()["error"]["suggestions"][0] == "9.2"


def test_an_unknown_edition_is_a_404_on_the_edition_field(rulebook):
    response = get("/api/rules/1999/articles/1")
    assert response.status_code == 404 and response.json()["error"]["field"] == "edition"


def test_search_returns_ranked_results_with_snippets(rulebook):
    results = get("/api/rules/search?q=adoube").json()["results"]
    assert results[0]["number"] == "4.2.1" and "<mark>adoube</mark>" in results[0]["snippet"]


def test_search_in_english(rulebook):
    results = get("/api/rules/search?q=adjust&lang=en").json()["results"]
    assert [result["number"] for result in results] == ["4.2.1"]


def test_search_in_one_edition(rulebook):
    results = get("/api/rules/search?q=adoube&edition=2014").json()["results"]
    assert [(result["edition"], result["number"]) for result in results] == [("2014", "4.2")]


@pytest.mark.parametrize(
    ("query", "field"),
    [("", "q"), ("?q=", "q"), ("?q=x&lang=de", "lang"), ("?q=x&edition=1999", "edition"),
     ("?q=x&limit=0", "limit"), ("?q=x&limit=abc", "limit"), ("?q=" + "x" * 201, "q")],
)
def test_bad_search_parameters_are_a_400_naming_the_field(rulebook, query, field):
    response = get("/api/rules/search" + query)
    assert response.status_code == 400 and response.json()["error"]["field"] == field


def test_the_api_refuses_post(rulebook):
    assert Client().post("/api/rules/editions").status_code == 405


def test_the_openapi_document_describes_the_rules_api(db):
    document = get("/api/openapi.json").json()
    expected = {"/rules/editions", "/rules/search", "/rules/{edition}/articles/{number}"}
    assert expected <= set(document["paths"])
    assert "RuleArticle" in document["components"]["schemas"]


@pytest.mark.parametrize(
    "url", ["/api/rules/", "/api/rules/2018/articles/", "/api/rules/editions/", "/api/rules/nope"]
)
def test_an_unknown_api_address_gets_a_json_404(rulebook, url):
    response = get(url)
    assert (response.status_code, response["Content-Type"]) == (404, "application/json")
    assert "/api/openapi.json" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    "url", ["/api/rules/editions", "/api/rules/2018/articles/4.2.1", "/api/rules/search?q=roque"]
)
def test_writing_to_the_api_gets_a_json_405_not_a_csrf_page(rulebook, url):
    response = Client(enforce_csrf_checks=True).post(url)
    assert (response.status_code, response["Content-Type"]) == (405, "application/json")
    assert response["Allow"] == "GET, HEAD"


def test_the_api_answers_head_requests(rulebook):
    assert Client().head("/api/rules/editions").status_code == 200


def test_the_openapi_document_describes_the_json_405(db):
    document = get("/api/openapi.json").json()
    assert "405" in document["paths"]["/rules/editions"]["get"]["responses"]

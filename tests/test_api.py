"""What the whole JSON API shares: its generated OpenAPI document and reference page, and
the error shape of every refusal (unknown address, over-long address, invalid input)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from config.api import MAX_URL_LENGTH

pytestmark = pytest.mark.django_db


def document() -> dict:
    return Client().get("/api/openapi.json").json()


def test_the_reference_page_loads_its_scripts_from_our_static_files():
    html = Client().get("/api/docs").content.decode()
    sources = re.findall(r'<script[^>]*src="([^"]+)"', html)
    assert sources and all(source.startswith("/static/ninja/") for source in sources)


def test_the_reference_page_has_no_inline_code():
    html = Client().get("/api/docs").content.decode()
    inline = re.findall(r"<script(?![^>]*\bsrc=)([^>]*)>", html)
    assert inline == [' type="application/json" id="swagger-settings"']


def test_the_reference_page_runs_under_a_csp_without_inline_scripts():
    policy = Client().get("/api/docs")["Content-Security-Policy"]
    # django-csp writes the directives in no fixed order: the last one has no ";" after it.
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"


def test_the_document_is_generated_from_the_code_with_the_analysis_body_closed():
    schemas = document()["components"]["schemas"]
    assert schemas["AnalysisRequest"]["additionalProperties"] is False


def test_every_operation_documents_the_414():
    operations = [operation for item in document()["paths"].values() for operation in item.values()]
    assert all("414" in operation["responses"] for operation in operations)


def test_the_document_keeps_paths_relative_to_the_api_server():
    data = document()
    assert data["servers"] == [{"url": "/api"}] and "/chess/analyse" in data["paths"]


def test_an_address_over_the_limit_is_a_json_414():
    response = Client().get("/api/rules/search", {"q": "x" * MAX_URL_LENGTH})
    assert response.status_code == 414
    assert set(response.json()["error"]) == {"field", "message"}


def test_the_414_is_written_in_the_readers_language():
    response = Client().get("/api/rules/search", {"q": "x" * MAX_URL_LENGTH}, HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "en"


@pytest.mark.parametrize("url", ["/api/", "/api/nope", "/api/chess/"])
def test_any_unknown_api_address_is_a_json_404(url):
    response = Client().get(url)
    assert (response.status_code, response["Content-Type"]) == (404, "application/json")


def test_a_parameter_of_the_wrong_type_is_a_400_naming_it_in_french():
    error = Client().get("/api/rules/search", {"q": "roque", "limit": "abc"}).json()["error"]
    assert error == {"field": "limit", "message": "« limit » doit être un entier."}


def test_a_value_outside_its_choices_names_them():
    error = Client().get("/api/rules/search", {"q": "roque", "lang": "de"}).json()["error"]
    assert error == {"field": "lang", "message": "« lang » doit valoir « fr », « en »."}


def test_validation_errors_follow_the_requested_language():
    response = Client().post(
        "/api/chess/analyse", {"colour": "white", "lang": "en"}, content_type="application/json"
    )
    assert response.json()["error"] == {"field": "colour", "message": "Unknown field: “colour”."}


def test_an_item_of_the_wrong_type_in_a_list_names_its_position():
    response = Client().post("/api/chess/analyse", {"moves": ["e4", 3]}, content_type="application/json")
    assert response.json()["error"]["message"].startswith("Élément n° 2 :")


def test_a_405_lists_the_allowed_methods_in_a_stable_order():
    assert Client().delete("/api/rules/editions")["Allow"] == "GET, HEAD"

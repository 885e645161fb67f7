"""When the database does not answer: a 503 page that says so, and no saved answer lost."""

from __future__ import annotations

import contextlib

from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from tests.conftest import client_for
from tests.delivery.conftest import attempt, item_of, paper, reviewer  # noqa: F401 (fixtures)
from tests.security.test_headers import assert_security_headers

JSON = {"HTTP_ACCEPT": "application/json"}


@contextlib.contextmanager
def database_down(message: str = "database is locked"):
    """Every query on this thread's connection fails, as when SQLite stays locked or
    PostgreSQL refuses connections."""

    def refuse(execute, sql, params, many, context):
        raise OperationalError(message)

    with connection.execute_wrapper(refuse):
        yield


def test_a_page_answers_503_with_retry_after(trainee):
    client = client_for(trainee)
    client.raise_request_exception = False
    with database_down():
        response = client.get("/rules/")
    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    assert "Service momentanément indisponible" in response.content.decode()


def test_an_anonymous_page_answers_503_too(db):
    with database_down("could not connect to server: Connection refused"):
        response = Client(raise_request_exception=False).get("/rules/")
    assert response.status_code == 503


def test_the_503_page_is_in_english_for_an_english_visitor(trainee):
    client = client_for(trainee)
    client.raise_request_exception = False
    client.cookies["arbitre_language"] = "en"
    with database_down():
        response = client.get("/rules/")
    assert response.status_code == 503
    assert '<html lang="en">' in response.content.decode()


def test_the_503_page_carries_the_security_headers(trainee):
    client = client_for(trainee)
    client.raise_request_exception = False
    with database_down():
        assert_security_headers(client.get("/rules/"))


def test_the_api_answers_503_in_json(db):
    with database_down():
        response = Client(raise_request_exception=False).get("/api/rules/editions")
    assert response.status_code == 503
    assert response.json()["retry_after"] == 10


def test_other_errors_still_answer_500(db, monkeypatch):
    def broken(user):
        raise RuntimeError("boom")

    monkeypatch.setattr("config.views.home_panels", broken)
    assert Client(raise_request_exception=False).get("/").status_code == 500


def test_an_autosave_during_the_outage_answers_503_and_loses_nothing_already_saved(attempt, trainee):  # noqa: F811
    item = item_of(attempt.paper, "t-single")
    url = reverse("delivery:save", args=[attempt.pk])
    client = client_for(trainee)
    client.raise_request_exception = False
    client.post(url, {"item": item.pk, "sequence": 1, f"q{item.pk}-answer": "b"}, **JSON)
    with database_down():
        response = client.post(url, {"item": item.pk, "sequence": 2, f"q{item.pk}-answer": "c"}, **JSON)
    assert (response.status_code, response["Retry-After"]) == (503, "10")
    assert response.json()["status"] == "unavailable"
    assert attempt.responses.get(item=item).answer == {"choice": "b"}
    # The page sends the queued answer again once the database is back.
    client.post(url, {"item": item.pk, "sequence": 2, f"q{item.pk}-answer": "c"}, **JSON)
    assert attempt.responses.get(item=item).answer == {"choice": "c"}

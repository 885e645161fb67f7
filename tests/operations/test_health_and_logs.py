"""The load balancer's health check, and logs a machine can read without personal data in them."""

from __future__ import annotations

import json
import logging
import sys

import pytest
from django.db.utils import OperationalError
from django.test import Client

from config.observability import JsonLinesFormatter, RequestIdFilter
from tests.conftest import client_for


def test_healthz_answers_200_with_each_check(db):
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert {name: check["status"] for name, check in response.json()["checks"].items()} == {
        "database": "ok",
        "cache": "ok",
    }


def test_healthz_sets_no_cookie_and_needs_no_login(db):
    response = Client().get("/healthz")
    assert not response.cookies


def test_healthz_answers_503_when_the_database_is_down(db, monkeypatch):
    def down():
        raise OperationalError("could not connect to server")

    monkeypatch.setattr("config.views._check_database", down)
    response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == {"status": "error"}


def test_healthz_answers_503_when_the_cache_is_down(db, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("redis unreachable")

    monkeypatch.setattr("django.core.cache.cache.set", broken)
    response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json()["status"] == "error"


def test_concurrent_health_checks_do_not_read_each_others_value(db, monkeypatch):
    # Several workers checking at once once shared one key: a check could read the value the
    # next one had just written and answer a false 503 under load.
    from django.core.cache import cache

    from config import views

    original_get = cache.get

    def get_after_another_check(key, *args, **kwargs):
        cache.set(views.HEALTH_CACHE_KEY.format("another"), "another", timeout=30)
        cache.set("healthz", "another", timeout=30)
        return original_get(key, *args, **kwargs)

    monkeypatch.setattr(cache, "get", get_after_another_check)
    assert Client().get("/healthz").status_code == 200


def test_a_health_check_leaves_nothing_in_the_cache(db, monkeypatch):
    from django.core.cache import cache

    written = []
    original_set = cache.set
    monkeypatch.setattr(cache, "set", lambda key, *a, **k: written.append(key) or original_set(key, *a, **k))
    Client().get("/healthz")
    assert written and all(cache.get(key) is None for key in written)


def test_healthz_does_not_say_why_a_check_failed(db, monkeypatch):
    def down():
        raise OperationalError("password authentication failed for user arbitre at db.internal")

    monkeypatch.setattr("config.views._check_database", down)
    assert "db.internal" not in Client().get("/healthz").content.decode()


def test_healthz_refuses_post(db):
    assert Client().post("/healthz").status_code == 405


def test_every_response_carries_a_generated_request_id(db):
    first, second = Client().get("/"), Client().get("/")
    assert len(first["X-Request-ID"]) == 32
    assert first["X-Request-ID"] != second["X-Request-ID"]


def test_a_request_id_from_a_trusted_proxy_is_kept(db, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    response = Client().get("/", HTTP_X_REQUEST_ID="proxy-abc-12345678")
    assert response["X-Request-ID"] == "proxy-abc-12345678"


def test_a_request_id_sent_without_a_trusted_proxy_is_replaced(db):
    response = Client().get("/", HTTP_X_REQUEST_ID="chosen-by-the-client")
    assert response["X-Request-ID"] != "chosen-by-the-client"


def test_a_malformed_request_id_is_replaced(db, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    response = Client().get("/", HTTP_X_REQUEST_ID="bad id\nwith a newline")
    assert response["X-Request-ID"] != "bad id\nwith a newline"


@pytest.fixture
def access_lines(caplog):
    caplog.set_level(logging.INFO, logger="arbitre.request")
    formatter = JsonLinesFormatter()
    request_filter = RequestIdFilter()

    def lines() -> list[dict]:
        out = []
        for record in caplog.records:
            if record.name == "arbitre.request":
                request_filter.filter(record)
                out.append(json.loads(formatter.format(record)))
        return out

    return lines


def test_each_request_writes_one_json_access_line_with_its_id(db, access_lines):
    response = Client().get("/rules/")
    (line,) = access_lines()
    assert line["request_id"] == response["X-Request-ID"]
    assert (line["method"], line["route"], line["status"]) == ("GET", "/rules/", response.status_code)


def test_the_access_line_names_the_url_pattern_not_the_path(trainee, access_lines):
    client_for(trainee).get("/accounts/password/reset/MQ/secret-token-123/")
    text = json.dumps(access_lines())
    assert "secret-token-123" not in text
    assert "<token>" in text


def test_no_email_address_ip_or_body_reaches_the_logs_of_a_failed_login(db, trainee, caplog, access_lines):
    caplog.set_level(logging.DEBUG)
    credentials = {"username": trainee.email, "password": "wrong-secret"}
    Client().post("/accounts/login/?email=alice@example.org", credentials)
    formatter = JsonLinesFormatter()
    text = "\n".join(formatter.format(record) for record in caplog.records)
    assert "alice@example.org" not in text
    assert "127.0.0.1" not in text
    assert "wrong-secret" not in text


def test_the_client_address_is_logged_only_when_configured(db, settings, access_lines):
    settings.LOG_CLIENT_ADDRESS = True
    Client().get("/")
    assert access_lines()[0]["client"] == "127.0.0.1"


def test_a_log_line_is_one_json_object_with_the_exception(db):
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.getLogger("x").makeRecord(
            "x", logging.ERROR, __file__, 1, "failed %s", ("here",), sys.exc_info()
        )
    line = JsonLinesFormatter().format(record)
    entry = json.loads(line)
    assert "\n" not in line
    assert (entry["message"], entry["level"]) == ("failed here", "ERROR")
    assert "ValueError: boom" in entry["exception"]


def test_healthz_answers_a_head_probe_with_200_and_no_body(db):
    response = Client().head("/healthz")
    assert response.status_code == 200
    assert response.content == b""


def test_healthz_answers_a_head_probe_with_503_when_the_database_is_down(db, monkeypatch):
    def down():
        raise OperationalError("could not connect to server")

    monkeypatch.setattr("config.views._check_database", down)
    assert Client().head("/healthz").status_code == 503


def test_healthz_still_refuses_a_post(db):
    assert Client().post("/healthz").status_code == 405

"""Every response carries the security headers, error pages included."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import client_for

EXPECTED = {
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}


def assert_security_headers(response) -> None:
    for header, value in EXPECTED.items():
        assert response.headers.get(header) == value, header
    assert "camera=()" in response.headers["Permissions-Policy"]
    policy = response.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in policy
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]


def test_a_page_carries_the_headers(db):
    response = Client().get("/")
    assert response.status_code == 200
    assert_security_headers(response)


def test_a_403_page_carries_the_headers(trainee):
    response = client_for(trainee).get("/papers/")
    assert response.status_code == 403
    assert_security_headers(response)


def test_a_404_page_carries_the_headers(db):
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert_security_headers(response)


def test_a_405_answer_carries_the_headers(db):
    response = Client().post("/")
    assert response.status_code == 405
    assert_security_headers(response)


def test_a_500_page_carries_the_headers(db, monkeypatch):
    def broken(user):
        raise RuntimeError("boom")

    monkeypatch.setattr("config.views.home_panels", broken)
    response = Client(raise_request_exception=False).get("/")
    assert response.status_code == 500
    assert_security_headers(response)
    assert "Erreur du serveur" in response.content.decode()


def test_a_json_api_answer_carries_the_headers(db):
    response = Client().get("/api/no-such-endpoint")
    assert response.status_code == 404
    assert_security_headers(response)


@pytest.mark.parametrize("path", ["/", "/no-such-page/"])
def test_https_responses_carry_hsts_in_production(db, settings, path):
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    response = Client().get(path, secure=True)
    assert response.headers["Strict-Transport-Security"].startswith("max-age=31536000; includeSubDomains")

"""The site as a whole: home page, error pages, security headers, languages."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def test_the_home_page_explains_the_platform_in_french_by_default(client):
    response = client.get("/")
    assert response.status_code == 200
    assert '<html lang="fr">' in response.content.decode()


def test_the_home_page_speaks_english_when_asked(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="en">' in response.content.decode()
    assert "Log in" in response.content.decode()


def test_urls_are_the_same_in_both_languages(client):
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="en").status_code == 200
    assert reverse("accounts:login") == "/accounts/login/"


def test_the_home_page_refuses_post(client):
    assert client.post("/").status_code == 405


def test_unknown_pages_get_the_custom_404_in_the_visitors_language(client):
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_the_403_page_is_translated(rf):
    from config.views import permission_denied

    request = rf.get("/")
    with translation.override("en"):
        response = permission_denied(request)
    assert response.status_code == 403
    assert "Access denied" in response.content.decode()


def test_the_500_page_renders_without_context_processors(rf):
    from config.views import server_error

    with translation.override("fr"):
        response = server_error(rf.get("/"))
    assert response.status_code == 500
    assert "Erreur du serveur" in response.content.decode()


def test_every_page_sends_a_content_security_policy_without_inline_scripts(client):
    policy = client.get("/")["Content-Security-Policy"]
    script_src = next(part for part in policy.split(";") if "script-src" in part)
    assert "unsafe-inline" not in script_src
    assert "default-src 'self'" in policy


def test_htmx_is_served_by_the_app_itself(client):
    content = client.get("/").content.decode()
    assert '<script src="/static/django_htmx/htmx-2.min.js"' in content
    assert "https://" not in content.split("<body")[0]


def test_the_csrf_token_travels_with_htmx_requests(client):
    assert "hx-headers" in client.get("/").content.decode()


def test_csrf_is_enforced_on_post():
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("accounts:set_language"), {"language": "en"})
    assert response.status_code == 403


def test_the_health_check_answers(client):
    assert client.get("/healthz").json()["status"] == "ok"


def test_administrators_see_the_administration_link(administrator, trainee):
    assert 'data-nav="admin"' in client_for(administrator).get("/").content.decode()
    assert 'data-nav="admin"' not in client_for(trainee).get("/").content.decode()


def test_the_openapi_document_is_valid_json(client):
    document = client.get("/api/openapi.json").json()
    assert document["openapi"].startswith("3.")


def test_each_role_is_led_to_its_work_from_the_home_page(trainee, trainer, exam_staff):
    def panels(user):
        content = client_for(user).get("/").content.decode()
        keys = ("questions", "rules", "positions", "rulebook-editions")
        return {key for key in keys if f'data-panel="{key}"' in content}

    assert panels(trainee) == {"rules", "positions"}
    assert panels(trainer) == {"rules", "positions", "questions"}
    assert panels(exam_staff) == {"rules", "positions", "rulebook-editions"}

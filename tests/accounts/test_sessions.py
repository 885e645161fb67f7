"""Sessions live in the shared cache, written through to the database (SESSION_ENGINE cached_db)."""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def logged_in(client: Client, user) -> Client:
    response = client.post(reverse("accounts:login"),
                           {"username": user.email, "password": "correct-horse-battery"})
    assert response.status_code == 302
    return client


def test_it_keeps_a_session_in_the_cache_and_in_the_database(client, trainee):
    key = logged_in(client, trainee).session.session_key
    assert cache.get(f"django.contrib.sessions.cached_db{key}") is not None
    assert Session.objects.filter(session_key=key).exists()


def test_a_session_the_cache_lost_is_read_back_from_the_database(client, trainee):
    logged_in(client, trainee)
    cache.clear()
    assert client.get(reverse("home")).wsgi_request.user == trainee


def test_logging_out_ends_the_session_for_whoever_kept_its_cookie(client, trainee):
    logged_in(client, trainee)
    kept = client.cookies["sessionid"].value
    client.post(reverse("accounts:logout"))
    replay = Client()
    replay.cookies["sessionid"] = kept
    assert replay.get(reverse("home")).wsgi_request.user.is_authenticated is False
    assert not Session.objects.filter(session_key=kept).exists()

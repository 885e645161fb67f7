"""Failed logins are counted per person (whatever the case of the address) and per client
address (the client's, not the reverse proxy's)."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from accounts.lockout import client_address

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"


def log_in(client: Client, email: str, password: str, **meta):
    return client.post(reverse("accounts:login"), {"username": email, "password": password}, **meta)


def test_case_variants_of_an_address_share_one_failure_counter(client, trainee):
    for spelling in ["alice@example.org", "Alice@example.org", "ALICE@example.org",
                     "alice@EXAMPLE.org", "aLiCe@example.org"]:
        log_in(client, spelling, "nope")
    assert log_in(client, "AlIcE@Example.Org", PASSWORD).status_code == 429


def test_a_locked_out_address_cannot_log_in_with_another_case(client, trainee):
    for _ in range(5):
        log_in(client, "alice@example.org", "nope")
    assert log_in(client, "ALICE@EXAMPLE.ORG", PASSWORD).status_code == 429


def test_behind_one_trusted_proxy_two_clients_get_separate_counters(settings, trainee):
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    for _ in range(5):
        log_in(Client(), trainee.email, "nope", HTTP_X_FORWARDED_FOR="203.0.113.5", **proxy)
    other = log_in(Client(), trainee.email, PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.7", **proxy)
    attacker = log_in(Client(), trainee.email, PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.5", **proxy)
    assert (other.status_code, attacker.status_code) == (302, 429)


def test_without_trusted_proxies_a_forged_forwarded_for_is_ignored(settings, trainee):
    settings.TRUSTED_PROXY_COUNT = 0
    for number in range(5):
        log_in(Client(), trainee.email, "nope", HTTP_X_FORWARDED_FOR=f"192.0.2.{number}")
    assert log_in(Client(), trainee.email, PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.99").status_code == 429


def test_a_client_cannot_forge_the_entry_the_trusted_proxy_appended(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.5", REMOTE_ADDR="10.0.0.2")
    assert client_address(request) == "203.0.113.5"


def test_with_two_trusted_proxies_the_client_is_the_second_entry_from_the_right(settings):
    settings.TRUSTED_PROXY_COUNT = 2
    request = RequestFactory().get(
        "/", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.5, 10.0.0.1", REMOTE_ADDR="10.0.0.2"
    )
    assert client_address(request) == "203.0.113.5"


@pytest.mark.parametrize("forwarded", ["", "not-an-address"])
def test_a_missing_or_malformed_forwarded_for_falls_back_to_the_peer_address(settings, forwarded):
    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR=forwarded, REMOTE_ADDR="10.0.0.2")
    assert client_address(request) == "10.0.0.2"

"""Changing a password (logged in) and resetting a forgotten one (by e-mail link)."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.conftest import client_for

pytestmark = pytest.mark.django_db

NEW = {"new_password1": "Tr3s-long-secret", "new_password2": "Tr3s-long-secret"}


def test_changing_the_password_requires_login(client):
    response = client.get(reverse("accounts:password_change"))
    assert response.status_code == 302 and reverse("accounts:login") in response["Location"]


def test_a_user_changes_their_password(trainee):
    response = client_for(trainee).post(
        reverse("accounts:password_change"),
        {"old_password": "correct-horse-battery", **NEW},
    )
    trainee.refresh_from_db()
    assert response.status_code == 302 and trainee.check_password("Tr3s-long-secret")


def test_a_wrong_old_password_changes_nothing(trainee):
    response = client_for(trainee).post(
        reverse("accounts:password_change"),
        {"old_password": "nope", **NEW},
    )
    trainee.refresh_from_db()
    assert response.status_code == 200 and trainee.check_password("correct-horse-battery")


def test_changing_the_password_refuses_other_methods(trainee):
    assert client_for(trainee).put(reverse("accounts:password_change")).status_code == 405


def test_the_reset_link_lets_the_user_choose_a_new_password(client, trainee):
    client.post(reverse("accounts:password_reset"), {"email": trainee.email})
    link = re.search(r"/accounts/password/reset/[^/\s]+/[^/\s]+/", mail.outbox[0].body).group(0)
    form_page = client.get(link, follow=True)
    response = client.post(form_page.redirect_chain[-1][0], NEW)
    trainee.refresh_from_db()
    assert response["Location"] == reverse("accounts:password_reset_complete")
    assert trainee.check_password("Tr3s-long-secret")


def test_a_forged_reset_link_says_it_is_invalid(client, trainee):
    response = client.get(reverse("accounts:password_reset_confirm", args=["MQ", "forged-token"]))
    assert response.status_code == 200 and b"new_password1" not in response.content


def test_the_reset_pages_are_public(client):
    done = client.get(reverse("accounts:password_reset_done"))
    complete = client.get(reverse("accounts:password_reset_complete"))
    assert done.status_code == 200 and complete.status_code == 200


@pytest.mark.parametrize("name", ["login", "password_reset"])
def test_the_public_forms_refuse_other_methods(client, name):
    assert client.put(reverse(f"accounts:{name}")).status_code == 405


def test_the_reset_confirmation_pages_refuse_post(client):
    assert client.post(reverse("accounts:password_reset_done")).status_code == 405

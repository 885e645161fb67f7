"""The Elo ratings on the profile (RIDNA Art. 7.1: a title needs a standard or rapid rating)."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import client_for

BASE = {"first_name": "Alice", "last_name": "Durand", "preferred_language": "fr"}


def test_a_user_records_a_rating_with_its_kind(trainee):
    client_for(trainee).post(
        reverse("accounts:profile"), {**BASE, "elo_rapid": "1420", "elo_rapid_kind": "N"}
    )
    trainee.refresh_from_db()
    assert (trainee.elo_rapid, trainee.elo_rapid_kind) == (1420, "N")


def test_it_rejects_a_rating_without_its_kind(trainee):
    response = client_for(trainee).post(reverse("accounts:profile"), {**BASE, "elo_standard": "1500"})
    assert response.status_code == 422
    assert "FIDE (F), national (N) ou estimé (E)" in response.content.decode()


def test_it_rejects_a_kind_without_a_rating(trainee):
    response = client_for(trainee).post(reverse("accounts:profile"), {**BASE, "elo_standard_kind": "F"})
    assert response.status_code == 422
    assert "Indiquez le classement" in response.content.decode()

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.core import mail
from django.core.management import call_command
from django.urls import reverse

from accounts.models import ROLE_PERMISSIONS, Role, User
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def test_the_migration_creates_one_group_per_role_with_its_capabilities():
    for role, capabilities in ROLE_PERMISSIONS.items():
        group = Group.objects.get(name=role)
        assert set(group.permissions.values_list("codename", flat=True)) == set(capabilities)


def test_a_trainer_may_author_questions_but_not_manage_exams(trainer):
    assert trainer.has_perm("accounts.author_questions")
    assert not trainer.has_perm("accounts.manage_exams")


def test_a_trainee_only_practises(trainee):
    assert trainee.has_perm("accounts.practise")
    assert not trainee.has_perm("accounts.author_questions")


def test_users_log_in_with_their_email_whatever_its_case(client, trainee):
    response = client.post(
        reverse("accounts:login"), {"username": "ALICE@example.org", "password": "correct-horse-battery"}
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(trainee.pk)


def test_it_rejects_a_wrong_password_with_a_clear_message(client, trainee):
    response = client.post(reverse("accounts:login"), {"username": trainee.email, "password": "nope"})
    assert response.status_code == 200
    assert "Adresse e-mail ou mot de passe incorrect" in response.content.decode()


def test_it_locks_out_after_five_failed_logins(client, trainee):
    for _ in range(5):
        client.post(reverse("accounts:login"), {"username": trainee.email, "password": "nope"})
    response = client.post(
        reverse("accounts:login"), {"username": trainee.email, "password": "correct-horse-battery"}
    )
    assert response.status_code == 429
    assert "Connexion temporairement bloquée" in response.content.decode()


def test_logout_requires_post(trainee):
    client = client_for(trainee)
    assert client.get(reverse("accounts:logout")).status_code == 405
    assert client.post(reverse("accounts:logout")).status_code == 302


def test_the_profile_requires_login(client):
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


def test_a_user_updates_their_profile(trainee):
    response = client_for(trainee).post(
        reverse("accounts:profile"),
        {"first_name": "Alice", "last_name": "Durand", "ffe_licence": "k12345", "league": "Bretagne",
         "birth_date": "2001-05-04", "preferred_language": "en"},
    )
    trainee.refresh_from_db()
    assert response.status_code == 302
    assert (trainee.ffe_licence, trainee.preferred_language) == ("K12345", "en")


def test_it_rejects_a_malformed_licence_number_and_keeps_the_rest(trainee):
    response = client_for(trainee).post(
        reverse("accounts:profile"),
        {"first_name": "Alicia", "ffe_licence": "12", "preferred_language": "fr"},
    )
    assert response.status_code == 422
    assert "une lettre suivie de cinq chiffres" in response.content.decode()
    assert 'value="Alicia"' in response.content.decode()


def test_switching_language_is_remembered_on_the_profile(trainee):
    client = client_for(trainee)
    response = client.post(reverse("accounts:set_language"), {"language": "en", "next": "/"})
    trainee.refresh_from_db()
    assert response.status_code == 302
    assert trainee.preferred_language == "en"


def test_switching_language_sets_the_cookie_for_visitors(client):
    response = client.post(reverse("accounts:set_language"), {"language": "en", "next": "/"})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"


def test_the_preferred_language_applies_at_login(client, trainee):
    trainee.preferred_language = "en"
    trainee.save()
    client.post(reverse("accounts:login"), {"username": trainee.email, "password": "correct-horse-battery"})
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"


def test_password_reset_sends_a_link_by_email(client, trainee):
    response = client.post(reverse("accounts:password_reset"), {"email": trainee.email})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert "/accounts/password/reset/" in mail.outbox[0].body


def test_load_demo_creates_one_user_per_role_and_is_idempotent():
    call_command("load_demo")
    call_command("load_demo")
    # Two trainers, and two graders so that one may invigilate without grading their centre.
    assert User.objects.count() == 7
    for role in Role.values:
        assert User.objects.filter(groups__name=role).exists()


def test_it_rejects_a_birth_date_in_the_future(trainee):
    response = client_for(trainee).post(
        reverse("accounts:profile"), {"birth_date": "2999-01-01", "preferred_language": "fr"}
    )
    assert response.status_code == 422
    assert response.context["form"].errors["birth_date"]


def test_it_rejects_a_birth_date_before_1900(trainee):
    response = client_for(trainee).post(
        reverse("accounts:profile"), {"birth_date": "0200-01-01", "preferred_language": "fr"}
    )
    assert response.status_code == 422

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from accounts.models import Role, User


def make_user(email: str, *roles: str, **fields) -> User:
    user = User.objects.create_user(email=email, password="correct-horse-battery", **fields)
    for role in roles:
        user.groups.add(Group.objects.get(name=role))
    return user


@pytest.fixture
def trainee(db) -> User:
    return make_user("alice@example.org", Role.TRAINEE, first_name="Alice")


@pytest.fixture
def trainer(db) -> User:
    return make_user("bob@example.org", Role.TRAINER, first_name="Bob")


@pytest.fixture
def other_trainer(db) -> User:
    return make_user("bea@example.org", Role.TRAINER, first_name="Béa")


@pytest.fixture
def grader(db) -> User:
    return make_user("gina@example.org", Role.GRADER, first_name="Gina")


@pytest.fixture
def exam_staff(db) -> User:
    return make_user("eric@example.org", Role.EXAM_STAFF, first_name="Éric")


@pytest.fixture
def administrator(db) -> User:
    return make_user("ada@example.org", Role.ADMINISTRATOR, first_name="Ada")


@pytest.fixture
def stranger(db) -> User:
    """Logged in, but with no role at all."""
    return make_user("charlie@example.org", first_name="Charlie")


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client

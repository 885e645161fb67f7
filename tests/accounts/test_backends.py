"""accounts.backends.ModelBackend: the person's permissions as Django's backend reads them, in one
statement compiled once."""

from __future__ import annotations

import pytest
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend
from django.contrib.auth.models import Permission

from accounts.backends import ModelBackend
from accounts.models import User
from tests.conftest import make_user


def fresh(user: User) -> User:
    return User.objects.get(pk=user.pk)  # no permission read yet


def djangos_permissions(user: User) -> set[str]:
    return DjangoModelBackend().get_all_permissions(fresh(user))


@pytest.fixture
def trainer_with_a_permission_of_their_own(trainer):
    trainer.user_permissions.add(Permission.objects.get(codename="manage_exams"))
    return trainer


@pytest.mark.parametrize("role", ["trainee", "trainer", "grader", "exam_staff", "administrator", "stranger"])
def test_it_reads_the_permissions_djangos_backend_reads_for_each_role(request, role):
    user = request.getfixturevalue(role)
    assert ModelBackend().get_all_permissions(fresh(user)) == djangos_permissions(user)


def test_it_reads_a_persons_own_permissions_beside_their_groups(trainer_with_a_permission_of_their_own):
    permissions = ModelBackend().get_all_permissions(fresh(trainer_with_a_permission_of_their_own))
    assert {"accounts.manage_exams", "accounts.author_questions"} <= permissions
    assert permissions == djangos_permissions(trainer_with_a_permission_of_their_own)


def test_it_reads_them_in_one_query(trainer_with_a_permission_of_their_own, django_assert_num_queries):
    user = fresh(trainer_with_a_permission_of_their_own)
    with django_assert_num_queries(1):
        assert user.has_perm("accounts.author_questions")
        assert user.has_perm("accounts.manage_exams")
        assert not user.has_perm("accounts.manage_users")


def test_it_gives_an_inactive_person_no_permission(db):
    user = make_user("ancien@example.org", "trainer", is_active=False)
    assert ModelBackend().get_all_permissions(fresh(user)) == set()


def test_it_gives_a_superuser_every_permission(db):
    user = make_user("racine@example.org", is_superuser=True)
    assert ModelBackend().get_all_permissions(fresh(user)) == djangos_permissions(user)


def test_it_does_not_hand_one_persons_permissions_to_the_next(trainee, exam_staff):
    backend = ModelBackend()
    first = backend.get_all_permissions(fresh(exam_staff))
    second = backend.get_all_permissions(fresh(trainee))
    assert "accounts.manage_exams" in first
    assert "accounts.manage_exams" not in second

"""The flush ending each transactional test (tests/flush.py) leaves the database as Django's does."""

from __future__ import annotations

import io

from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection

from accounts.models import Role
from tests.conftest import make_user
from tests.flush import tables_with_rows


def transactional_flush() -> None:
    """As TransactionTestCase flushes after a test."""
    call_command("flush", interactive=False, reset_sequences=False, verbosity=0)


def permissions() -> set[tuple[str, str]]:
    return set(Permission.objects.values_list("content_type__app_label", "codename"))


def test_it_empties_every_table_but_the_content_types_and_permissions(transactional_db):
    make_user("someone@example.org", Role.TRAINER)
    call_command("load_demo", stdout=io.StringIO())
    transactional_flush()
    assert tables_with_rows(connection) == {"django_content_type", "auth_permission"}


def test_it_leaves_the_content_types_and_permissions_that_djangos_flush_writes_back(transactional_db):
    make_user("someone@example.org", Role.TRAINER)
    call_command("flush", interactive=False, verbosity=0)  # Django's own (it resets the sequences)
    expected = (set(ContentType.objects.values_list("app_label", "model")), permissions())
    make_user("someone@example.org", Role.TRAINER)
    transactional_flush()
    assert (set(ContentType.objects.values_list("app_label", "model")), permissions()) == expected


def test_the_next_test_can_create_the_role_groups_again(transactional_db):
    make_user("someone@example.org", Role.GRADER)
    transactional_flush()
    make_user("someone@example.org", Role.GRADER)
    assert Group.objects.get(name=Role.GRADER).permissions.exists()

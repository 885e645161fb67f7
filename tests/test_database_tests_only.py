"""`make test` runs on PostgreSQL only the tests that reach a database (tests/conftest.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.conftest import reaches_the_database


def item(*fixtures: str, marked: bool = False) -> SimpleNamespace:
    marker = pytest.mark.django_db.mark if marked else None
    return SimpleNamespace(fixturenames=list(fixtures), get_closest_marker=lambda name: marker)


def test_a_test_asking_for_the_database_through_any_fixture_is_kept():
    for fixture in ("db", "transactional_db", "live_server", "django_db_setup"):
        assert reaches_the_database(item("settings", fixture))


def test_a_test_marked_django_db_is_kept_without_a_fixture():
    assert reaches_the_database(item("settings", marked=True))


def test_a_test_without_database_access_is_left_out():
    assert not reaches_the_database(item("settings", "monkeypatch", "tmp_path"))


def test_this_very_test_is_left_out(request):
    assert not reaches_the_database(request.node)


def test_a_user_fixture_brings_the_database_with_it(request, trainee):
    assert reaches_the_database(request.node)


@pytest.mark.django_db
def test_a_real_database_test_is_recognised(request):
    assert reaches_the_database(request.node)

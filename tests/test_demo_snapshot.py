"""The demo data copied into the browser tests (tests/demo_snapshot.py) is what `load_demo` makes."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db import connection

from accounts.models import User
from certificates.models import Certificate
from exams.models import ExamSession
from tests import demo_snapshot
from tests.conftest import make_user


def flush() -> None:
    """What a transactional test leaves behind (the next one starts from it)."""
    call_command("flush", interactive=False, reset_sequences=False, verbosity=0)


def every_row() -> dict[str, list]:
    rows = {}
    with connection.cursor() as cursor:
        for model in demo_snapshot._models():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(model._meta.db_table)}")  # noqa: S608
            found = sorted(map(repr, cursor.fetchall()))
            if found:
                rows[model._meta.db_table] = found
    return rows


def demo_facts() -> dict:
    return {
        "users": sorted(
            (user.email, tuple(user.groups.values_list("name", flat=True)), user.totpdevice_set.exists())
            for user in User.objects.all()
        ),
        "permissions": sorted(User.objects.get(email="admin@demo.arbitre.fr").get_all_permissions()),
        "sessions": sorted(ExamSession.objects.values_list("unit", "date", "status")),
        "certificates": sorted(certificate.status() for certificate in Certificate.objects.all()),
    }


@pytest.fixture
def copy_made(transactional_db):
    demo_snapshot.load_demo()  # the worker's first load_demo, or already a copy of it
    flush()


def test_the_copy_has_every_row_of_the_load_demo_it_was_taken_from(copy_made):
    demo_snapshot.load_demo()
    copied = every_row()
    flush()
    demo_snapshot.load_demo()
    assert every_row() == copied


def test_the_copy_gives_the_same_demo_as_a_fresh_load_demo(copy_made):
    call_command("load_demo", stdout=io.StringIO())
    fresh = demo_facts()
    flush()
    demo_snapshot.load_demo()
    assert demo_facts() == fresh


def test_rows_made_after_the_copy_get_ids_of_their_own(copy_made):
    demo_snapshot.load_demo()
    newcomer = make_user("newcomer@example.org")
    assert newcomer.pk > max(User.objects.exclude(pk=newcomer.pk).values_list("pk", flat=True))


def test_a_test_with_rows_of_its_own_gets_a_real_load_demo_that_keeps_them(copy_made):
    make_user("early@example.org")
    demo_snapshot.load_demo()
    assert User.objects.filter(email__in=["early@example.org", "stagiaire@demo.arbitre.fr"]).count() == 2


def test_another_day_gets_a_real_load_demo(copy_made, monkeypatch):
    import datetime

    from django.utils import timezone

    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: tomorrow)
    demo_snapshot.load_demo()
    assert ExamSession.objects.filter(date=tomorrow).exists()

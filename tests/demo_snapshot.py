"""The demo data of `load_demo`, computed once per worker and copied into each test that asks for it.

`load_demo` takes about a second (most of it rendering the three demo certificates' PDFs); some
eighty browser tests start from it. The first of them in a worker runs `load_demo`, then the rows
of every table are kept in memory; the next ones find an empty database (transactional tests
start from a flushed one) and get those rows back, written as they were, in one transaction.

The copy stands for a fresh `load_demo` only when nothing else is in the database yet: a test
that made rows of its own before asking for the demo, or that changed what `load_demo` depends
on (the day, the certificates' signing key or address: `_conditions`), gets a real `load_demo`.
"""

from __future__ import annotations

import contextlib
import datetime
import io
import sqlite3
from dataclasses import dataclass

from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction
from django.db.models import AutoField, BigAutoField, SmallAutoField
from django.utils import timezone

from tests.flush import tables_with_rows

# What a migration or a flush leaves in an otherwise empty database: the content types and
# permissions (post_migrate) and the role groups (accounts' data migration).
BASELINE_TABLES = frozenset(
    {"django_content_type", "auth_permission", "auth_group", "auth_group_permissions"}
)


@dataclass(frozen=True)
class TableRows:
    table: str
    columns: tuple[str, ...]
    rows: tuple[tuple, ...]
    auto_pk: str | None  # the column of an auto-incremented primary key


@dataclass(frozen=True)
class Snapshot:
    conditions: tuple
    tables: tuple[TableRows, ...]


_snapshot: Snapshot | None = None


def _conditions() -> tuple:
    """What `load_demo` reads besides the database: the day (sessions are dated from it) and what
    the demo certificates' PDFs carry (the signing key, the site's address, the signatory)."""
    if settings.CERTIFICATE_DEMO_DIR is not None:  # it also writes files: never copied
        return (datetime.datetime.now(),)
    return (
        timezone.localdate(),
        settings.TIME_ZONE,
        settings.LANGUAGE_CODE,
        str(settings.CERTIFICATE_SIGNING_KEY_FILE),
        settings.SITE_URL,
        settings.CERTIFICATE_SIGNATORY_NAME,
        settings.CERTIFICATE_SIGNATORY_TITLE_FR,
        settings.CERTIFICATE_SIGNATORY_TITLE_EN,
    )


def _models():
    """Every model with a table of its own (many-to-many tables included)."""
    seen = set()
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.proxy or not meta.managed or meta.db_table in seen:
            continue
        seen.add(meta.db_table)
        yield model


def _quoted(name: str) -> str:
    # The SQL below is built from the models' own table and column names, quoted: no input.
    return connection.ops.quote_name(name)


@contextlib.contextmanager
def _raw_cursor():
    """A cursor that reads values as stored. Django's SQLite connection converts them by declared
    type (times, decimals…), and some would not bind back as they came: another connection to
    the same database, without converters, reads them as SQLite holds them."""
    if connection.vendor != "sqlite":
        with connection.cursor() as cursor:
            yield cursor
        return
    raw = sqlite3.connect(connection.settings_dict["NAME"], uri=True)
    try:
        yield raw.cursor()
    finally:
        raw.close()


def _take(conditions: tuple) -> Snapshot:
    tables = []
    connection.ensure_connection()
    with _raw_cursor() as cursor:
        for model in _models():
            meta = model._meta
            columns = tuple(field.column for field in meta.local_concrete_fields)
            cursor.execute(f"SELECT {', '.join(map(_quoted, columns))} FROM {_quoted(meta.db_table)}")  # noqa: S608
            rows = tuple(tuple(row) for row in cursor.fetchall())
            if rows:
                auto = isinstance(meta.pk, AutoField | BigAutoField | SmallAutoField)
                tables.append(TableRows(meta.db_table, columns, rows, meta.pk.column if auto else None))
    return Snapshot(conditions, tuple(tables))


def _restore(snapshot: Snapshot, present: set[str]) -> None:
    from django.contrib.contenttypes.models import ContentType

    with transaction.atomic(), connection.cursor() as cursor:
        # Foreign keys are checked at the commit (Django declares them deferrable): any order.
        for table in sorted(present):
            cursor.execute(f"DELETE FROM {_quoted(table)}")  # noqa: S608
        for table in snapshot.tables:
            placeholders = ", ".join(["%s"] * len(table.columns))
            cursor.executemany(
                f"INSERT INTO {_quoted(table.table)} ({', '.join(map(_quoted, table.columns))}) "  # noqa: S608
                f"VALUES ({placeholders})",
                table.rows,
            )
        if connection.vendor == "postgresql":
            # The rows keep their ids: the sequences must stay beyond them (SQLite's
            # AUTOINCREMENT does so by itself), even after a test that restarted them.
            bumps = [
                f"setval(pg_get_serial_sequence('{_quoted(table.table)}', '{table.auto_pk}'), "
                f"GREATEST({max(row[table.columns.index(table.auto_pk)] for row in table.rows)}, "
                f"nextval(pg_get_serial_sequence('{_quoted(table.table)}', '{table.auto_pk}'))))"
                for table in snapshot.tables
                if table.auto_pk
            ]
            if bumps:
                cursor.execute("SELECT " + ", ".join(bumps))
    ContentType.objects.clear_cache()  # the restored content types may have other ids


def load_demo() -> None:
    """As `call_command("load_demo")` on the test's database, from the worker's copy when it can."""
    global _snapshot
    conditions = _conditions()
    present = tables_with_rows(connection)
    clean = present <= BASELINE_TABLES
    if clean and _snapshot is not None and _snapshot.conditions == conditions:
        _restore(_snapshot, present)
        return
    call_command("load_demo", stdout=io.StringIO())
    if clean:
        _snapshot = _take(conditions)

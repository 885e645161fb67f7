"""The flush that ends every transactional test (browser tests, live server), made cheap.

Django empties every table (PostgreSQL: one TRUNCATE of some 80 tables, 0.5 to 1.6 s on this
machine; SQLite: 80 DELETEs), then post_migrate creates the content types and permissions again
(some 400 rows). Here only the tables that hold rows are emptied, with DELETE (foreign keys are
checked at the commit, the flush being one transaction), and the content types and permissions,
which post_migrate would only write back, are kept: the database ends as Django's flush leaves
it, in a few milliseconds. A flush asked to reset the sequences is Django's own.
"""

from __future__ import annotations

from django.core.management import sql as management_sql
from django.core.management.commands import flush as flush_command

# What post_migrate writes back after a flush: kept, so that it has nothing to write.
KEPT_TABLES = frozenset({"django_content_type", "auth_permission"})


def model_tables() -> list[str]:
    """Every model's table (many-to-many tables included), once."""
    from django.apps import apps

    tables: list[str] = []
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if not meta.proxy and meta.managed and meta.db_table not in tables:
            tables.append(meta.db_table)
    return tables


def tables_with_rows(connection) -> set[str]:
    """One query: the model tables that hold at least one row."""
    quote = connection.ops.quote_name
    # Built from the models' own table names, quoted: no input reaches this SQL.
    select = " UNION ALL ".join(
        f"SELECT '{table}' FROM (SELECT 1 FROM {quote(table)} LIMIT 1) AS t{index}"  # noqa: S608
        for index, table in enumerate(model_tables())
    )
    with connection.cursor() as cursor:
        cursor.execute(select)
        return {row[0] for row in cursor.fetchall()}


def _sql_flush(style, connection, reset_sequences=True, allow_cascade=False):
    if reset_sequences:
        return management_sql.sql_flush(
            style, connection, reset_sequences=reset_sequences, allow_cascade=allow_cascade
        )
    quote = connection.ops.quote_name
    emptied = sorted(tables_with_rows(connection) - KEPT_TABLES)
    return [f"DELETE FROM {quote(table)};" for table in emptied]  # noqa: S608 (the models' table names)


def install() -> None:
    flush_command.sql_flush = _sql_flush


def uninstall() -> None:
    flush_command.sql_flush = management_sql.sql_flush

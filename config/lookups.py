"""A row by its unique key, in SQL written once per database: for the few reads made on every
request of an exam (the signed-in person, the candidate's attempt).

``Model.objects.get(pk=…)`` rebuilds and compiles its query each time: about 0.2 ms of Python
for a one-row read, more than the database spends answering it. ``UniqueLookup`` writes the
``SELECT`` once per database alias from the model's metadata, then only binds the values.
On PostgreSQL, with server-side binding, the same text is also a prepared statement.

The instance is what the ORM would return: every concrete column, read through the field's
and the backend's converters (SQLite stores UUIDs, durations and decimals as text or numbers),
built with ``Model.from_db``. Values are always parameters, prepared by their field as a filter
prepares them; table and column names come from the model's metadata only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connections, models, router
from django.utils.functional import cached_property


class UniqueLookup:
    """``model``'s instance whose ``fields`` equal the given values, or ``None``.

    The fields must identify at most one row (the primary key, with or without more
    conditions): the query has no ``ORDER BY`` and reads one row.
    """

    def __init__(self, model: type[models.Model], *fields: str) -> None:
        self.model = model
        self.names = fields
        self._compiled: dict[str, tuple[str, list[Callable], list[str]]] = {}

    @cached_property
    def fields(self) -> list[models.Field]:
        """Resolved at the first read, once the models are ready (``pk``: the primary key)."""
        meta = self.model._meta
        return [meta.pk if name == "pk" else meta.get_field(name) for name in self.names]

    def get(self, *, using: str | None = None, **values: Any) -> models.Model | None:
        if set(values) != set(self.names):
            raise TypeError(f"{self.model.__name__} lookup takes exactly {', '.join(self.names)}")
        using = using or router.db_for_read(self.model)
        connection = connections[using]
        sql, converters, attnames = self._compiled.get(using) or self._compile(using)
        try:
            params = [field.get_db_prep_value(values[name], connection, prepared=False)
                      for name, field in zip(self.names, self.fields, strict=True)]
        except (TypeError, ValueError, ValidationError):
            return None  # a value no row can have (a malformed id): as the ORM's lookup finds none
        if not all(self._in_range(connection, field, param)
                   for field, param in zip(self.fields, params, strict=True)):
            return None  # beyond the column's integers: the ORM finds none rather than erring
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            row = cursor.fetchone()
        if row is None:
            return None
        row = [converter(value) for converter, value in zip(converters, row, strict=True)]
        return self.model.from_db(using, attnames, row)

    def _compile(self, using: str) -> tuple[str, list[Callable], list[str]]:
        connection = connections[using]
        quote = connection.ops.quote_name
        meta = self.model._meta
        table = meta.db_table
        columns = list(meta.concrete_fields)
        conditions = " AND ".join(f"{quote(table)}.{quote(field.column)} = %s" for field in self.fields)
        sql = (
            f"SELECT {', '.join(f'{quote(table)}.{quote(field.column)}' for field in columns)}"  # noqa: S608
            f" FROM {quote(table)} WHERE {conditions} LIMIT 1"
        )
        converters = [self._converter(connection, field.get_col(table)) for field in columns]
        compiled = (sql, converters, [field.attname for field in columns])
        self._compiled[using] = compiled
        return compiled

    @staticmethod
    def _in_range(connection, field: models.Field, value: Any) -> bool:
        if not isinstance(value, int) or isinstance(value, bool):
            return True
        column_field = field.target_field if field.is_relation else field
        internal_type = column_field.get_internal_type()
        low, high = connection.ops.integer_field_ranges.get(internal_type, (None, None))
        return (low is None or value >= low) and (high is None or value <= high)

    @staticmethod
    def _converter(connection, expression) -> Callable[[Any], Any]:
        """The backend's then the field's converters of one column, as the ORM applies them."""
        functions = [*connection.ops.get_db_converters(expression), *expression.get_db_converters(connection)]
        if not functions:
            return lambda value: value

        def convert(value: Any) -> Any:
            for function in functions:
                value = function(value, expression, connection)
            return value

        return convert


class CompiledQuery:
    """A queryset's SQL compiled once per database alias, its varying values bound at each run.

    ``build(**values)`` returns the queryset; it is compiled once with the sentinel of each
    value (``sentinels``: name → (a value no row holds, the model field that prepares it for
    the database, or None for an integer)), whose prepared forms are then found among the
    compiled parameters; each run puts the given values, prepared by the same field, in their
    places. For the few queries every page runs, whose building cost more than their running.
    ``rows(**values)`` returns the database's rows as they come (no converters applied).
    """

    def __init__(self, model: type[models.Model], build: Callable[..., Any],
                 **sentinels: tuple[Any, models.Field | None]) -> None:
        self.model = model
        self.build = build
        self.sentinels = sentinels
        self._compiled: dict[str, tuple[str, list, dict[str, list[int]]]] = {}

    def _prepare(self, name: str, value: Any, connection) -> Any:
        field = self.sentinels[name][1]
        return value if field is None else field.get_db_prep_value(value, connection, prepared=False)

    def _compile(self, connection) -> tuple[str, list, dict[str, list[int]]]:
        queryset = self.build(**{name: sentinel for name, (sentinel, _field) in self.sentinels.items()})
        sql, params = queryset.query.get_compiler(using=connection.alias).as_sql()
        params = list(params)
        places = {}
        for name, (sentinel, _field) in self.sentinels.items():
            prepared = self._prepare(name, sentinel, connection)
            places[name] = [index for index, param in enumerate(params) if param == prepared]
            if not places[name]:
                raise ValueError(f"{name}'s sentinel is not among the compiled parameters")
        self._compiled[connection.alias] = (sql, params, places)
        return self._compiled[connection.alias]

    def rows(self, **values: Any) -> list[tuple]:
        if set(values) != set(self.sentinels):
            raise TypeError(f"{self.model.__name__} query takes exactly {', '.join(self.sentinels)}")
        connection = connections[router.db_for_read(self.model)]
        sql, params, places = self._compiled.get(connection.alias) or self._compile(connection)
        bound = list(params)
        for name, value in values.items():
            prepared = self._prepare(name, value, connection)
            for index in places[name]:
                bound[index] = prepared
        with connection.cursor() as cursor:
            cursor.execute(sql, bound)
            return cursor.fetchall()

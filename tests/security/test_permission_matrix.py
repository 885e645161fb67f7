"""Every URL of the site × every role × GET and POST answers as tests/security/permission_matrix.py says.

The URL patterns come from the URL configuration itself: a new page without a row in the
table fails here, with the row to add (as observed) in the message. Path parameters are
filled with real objects of one shared dataset (tests/security/conftest.py). Each request
runs in a savepoint rolled back afterwards, so a POST never changes what the next one sees.
"""

from __future__ import annotations

import logging
import operator
from collections.abc import Iterator

from django.conf import settings
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.conftest import client_for
from tests.security.permission_matrix import (
    MATRIX,
    METHODS,
    NOT_REQUESTED,
    PARAMETERS,
    PARAMETERS_FOR,
    ROLES,
)


def url_names(patterns=None, namespace: str | None = None) -> Iterator[tuple[str, list[str]]]:
    """(namespaced URL name, its path parameters) for every named pattern of the URLconf."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace
            prefix = f"{namespace}:{inner}" if namespace and inner else inner or namespace
            yield from url_names(pattern.url_patterns, prefix)
        elif isinstance(pattern, URLPattern) and pattern.name:
            name = f"{namespace}:{pattern.name}" if namespace else pattern.name
            yield name, list(pattern.pattern.converters) or list(pattern.pattern.regex.groupindex)


def is_covered(name: str) -> bool:
    return name in MATRIX or any(name.startswith(prefix.rstrip("*")) for prefix in NOT_REQUESTED)


def url_for(name: str, parameters: list[str], dataset) -> str:
    sources = {**PARAMETERS, **PARAMETERS_FOR.get(name, {})}
    kwargs = {parameter: operator.attrgetter(sources[parameter])(dataset) for parameter in parameters}
    return reverse(name, kwargs=kwargs)


def observed_status(response) -> str:
    if response.status_code == 302 and response["Location"].startswith(reverse(settings.LOGIN_URL)):
        return "login"
    return str(response.status_code)


def observe(url: str, clients: dict[str, Client]) -> dict[str, str]:
    row = {}
    for method in METHODS:
        statuses = []
        for role in ROLES:
            client = clients[role]
            cookies = client.cookies.copy()  # a logout must not end the role's session for the next URL
            with transaction.atomic():
                response = getattr(client, method.lower())(url)
                transaction.set_rollback(True)
            client.cookies = cookies
            statuses.append(observed_status(response))
        row[method] = " ".join(statuses)
    return row


def format_row(name: str, row: dict[str, str]) -> str:
    return f'    "{name}": {{"GET": "{row["GET"]}", "POST": "{row["POST"]}"}},'


def missing_rows() -> list[str]:
    return sorted({name for name, _parameters in url_names() if not is_covered(name)})


def test_a_url_without_a_row_is_named(monkeypatch):
    monkeypatch.delitem(MATRIX, "exams:staff_audit")
    assert missing_rows() == ["exams:staff_audit"]


def test_every_url_pattern_has_a_row_in_the_matrix():
    missing = missing_rows()
    assert not missing, (
        "Add these URL names to MATRIX in tests/security/permission_matrix.py (the expected status "
        "per role for GET and POST; the failure of test_each_url_answers_each_role_as_the_matrix_says "
        f"prints the observed row): {', '.join(missing)}"
    )


def test_the_matrix_names_no_url_that_no_longer_exists():
    names = {name for name, _parameters in url_names()}
    assert not set(MATRIX) - names


def test_each_url_answers_each_role_as_the_matrix_says(
    dataset, trainee, trainer, grader, exam_staff, administrator, monkeypatch, caplog
):
    caplog.set_level(logging.CRITICAL, logger="django")  # a thousand 403/404/405 warnings otherwise
    # Permissions only: the reference positions' mate searches take a minute to compute.
    monkeypatch.setattr("positions.views.reference_verdicts", list)
    users = {"trainee": trainee, "trainer": trainer, "grader": grader, "exam_staff": exam_staff}
    clients = {role: client_for(user) for role, user in {**users, "administrator": administrator}.items()}
    clients["anonymous"] = Client()
    for client in clients.values():
        client.raise_request_exception = False
    differences, new_rows = [], []
    for name, parameters in sorted({(name, tuple(parameters)) for name, parameters in url_names()}):
        if name not in MATRIX and is_covered(name):
            continue
        row = observe(url_for(name, list(parameters), dataset), clients)
        if name not in MATRIX:
            new_rows.append(format_row(name, row))
        elif row != MATRIX[name]:
            differences.append(format_row(name, row) + f"  # expected {MATRIX[name]}")
    heading = "Rows observed that differ from the matrix (columns: " + ", ".join(ROLES) + "):"
    assert not differences and not new_rows, "\n".join([heading, *differences, *new_rows])

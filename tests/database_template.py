"""Migrations run once per test run, not once per pytest-xdist worker (~20 s of CPU each).

The first worker to set its database up migrates it, then leaves a copy for the others: a file
(SQLite: the in-memory test database backed up by sqlite3's backup API) or a template database
(PostgreSQL: CREATE DATABASE … TEMPLATE). The other workers start from that copy: their
`migrate` finds every migration applied and only runs the post-migrate checks. A file lock in
a directory the xdist controller makes for the run (and removes after it) orders them. The worker
that built the copy removes it when it finishes; a worker that comes later finds it closed and
migrates as before. Without xdist, or with --reuse-db, nothing changes.

What it saves is CPU (SQLite ~20 s, PostgreSQL ~9 s of the client's, per run): the second worker
waits for the first one's migration instead of running its own beside it, so on two otherwise
idle cores the wall time at the start of a run is about the same; on a shared machine it is less.
"""

from __future__ import annotations

import contextlib
import fcntl
import shutil
import sqlite3
import tempfile
from pathlib import Path

_KEEP_ALIVE: list[sqlite3.Connection] = []  # an in-memory SQLite database lives while a connection is open


WORKER_INPUT_KEY = "arbitre_test_db_directory"


def directory_for_workers(config) -> str:
    """In the xdist controller: the run's directory, made once."""
    if not hasattr(config, "_arbitre_test_db_directory"):
        config._arbitre_test_db_directory = tempfile.mkdtemp(prefix="arbitre-test-db-")
    return config._arbitre_test_db_directory


def remove_directory_for_workers(config) -> None:
    directory = getattr(config, "_arbitre_test_db_directory", None)
    if directory:
        shutil.rmtree(directory, ignore_errors=True)


def shared_directory(config) -> Path | None:
    """In a worker: the run's directory, if there are other workers to share a template with."""
    workerinput = getattr(config, "workerinput", None)
    if not workerinput or workerinput.get("workercount", 1) < 2 or WORKER_INPUT_KEY not in workerinput:
        return None
    return Path(workerinput[WORKER_INPUT_KEY])


@contextlib.contextmanager
def locked(directory: Path):
    with open(directory / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _is_memory_sqlite(connection) -> bool:
    return connection.vendor == "sqlite" and connection.creation.is_in_memory_db(
        connection.creation._get_test_db_name()
    )


def supported(connections, aliases) -> bool:
    return all(
        connections[alias].vendor == "postgresql" or _is_memory_sqlite(connections[alias])
        for alias in aliases
    )


def start_from_template(directory: Path, connections, aliases) -> bool:
    """Before setup_databases: make each test database start as a copy of the template, if one
    is ready. Returns whether it did."""
    marker = directory / "ready"
    if not marker.exists():
        return False
    for alias in aliases:
        connection = connections[alias]
        if connection.vendor == "postgresql":
            connection.settings_dict["TEST"]["TEMPLATE"] = (directory / f"{alias}.template").read_text()
        else:
            _restore_sqlite_on_creation(connection, directory / f"{alias}.sqlite3")
    return True


def _restore_sqlite_on_creation(connection, template: Path) -> None:
    creation = connection.creation
    original = creation._create_test_db

    def create(verbosity, autoclobber, keepdb=False):
        name = original(verbosity, autoclobber, keepdb)
        target = sqlite3.connect(name, uri=True)
        source = sqlite3.connect(template)
        try:
            source.backup(target)
        finally:
            source.close()
        _KEEP_ALIVE.append(target)
        creation._create_test_db = original
        return name

    creation._create_test_db = create


def publish_template(directory: Path, connections, aliases) -> None:
    """After setup_databases, before any test: leave a copy of each migrated test database."""
    for alias in aliases:
        connection = connections[alias]
        if connection.vendor == "postgresql":
            name = connection.settings_dict["NAME"]
            template = f"{name}_template"
            connection.close()
            with connection.creation._nodb_cursor() as cursor:
                cursor.execute(f'DROP DATABASE IF EXISTS "{template}"')
                cursor.execute(f'CREATE DATABASE "{template}" WITH TEMPLATE "{name}"')
            (directory / f"{alias}.template").write_text(template)
        else:
            connection.ensure_connection()
            target = sqlite3.connect(directory / f"{alias}.sqlite3")
            try:
                connection.connection.backup(target)
            finally:
                target.close()
    (directory / "ready").touch()


def is_closed(directory: Path) -> bool:
    return (directory / "closed").exists()


def remove_template(directory: Path, connections, aliases) -> None:
    """The builder's teardown: the copies go, and a worker that starts its database later
    migrates it itself."""
    (directory / "closed").touch()
    (directory / "ready").unlink(missing_ok=True)
    for alias in aliases:
        connection = connections[alias]
        name_file = directory / f"{alias}.template"
        if connection.vendor == "postgresql" and name_file.exists():
            with connection.creation._nodb_cursor() as cursor:
                cursor.execute(f'DROP DATABASE IF EXISTS "{name_file.read_text()}"')
        (directory / f"{alias}.sqlite3").unlink(missing_ok=True)

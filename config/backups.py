"""Backups of the database and MEDIA_ROOT in one archive, and their restoration.

An archive (``arbitre-backup-<UTC time>.tar.gz``) holds:

- ``database.sqlite3``: a consistent copy made with SQLite's online backup API while the
  site keeps serving (the copy is one read transaction: a snapshot, WAL included); or
  ``database.pgdump``: ``pg_dump --format=custom`` when the database is PostgreSQL;
- ``media/…``: every file under MEDIA_ROOT;
- ``manifest.json``: when, from which engine, and the size and SHA-256 of every other member.

``restore`` checks the whole archive against its manifest before it touches anything:
a member missing, added, altered or escaping the archive's directory refuses the archive.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from django.conf import settings
from django.db import connection, connections

FORMAT_VERSION = 1
MANIFEST = "manifest.json"
SQLITE_MEMBER = "database.sqlite3"
POSTGRES_MEMBER = "database.pgdump"
MEDIA_PREFIX = "media/"


class BackupError(Exception):
    """The archive cannot be made or restored; the message says why."""


@dataclass(frozen=True)
class BackupResult:
    path: Path
    database_member: str
    media_files: int


def database_engine() -> str:
    engine = settings.DATABASES["default"]["ENGINE"]
    if engine.endswith("sqlite3"):
        return "sqlite"
    if engine.endswith("postgresql"):
        return "postgresql"
    raise BackupError(f"No backup method for the database engine {engine}.")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _postgres_environment() -> dict[str, str]:
    """libpq's variables for pg_dump/pg_restore: the password never appears on a command line."""
    database = settings.DATABASES["default"]
    environment = dict(os.environ)
    names = {"PGHOST": "HOST", "PGPORT": "PORT", "PGUSER": "USER", "PGPASSWORD": "PASSWORD"}
    for variable, key in names.items():
        if database.get(key):
            environment[variable] = str(database[key])
    environment["PGDATABASE"] = str(database["NAME"])
    return environment


def _run_postgres_tool(command: list[str]) -> None:
    if shutil.which(command[0]) is None:
        raise BackupError(f"{command[0]} is not installed (Debian package postgresql-client).")
    result = subprocess.run(command, env=_postgres_environment(), capture_output=True, text=True, check=False)  # noqa: S603
    if result.returncode != 0:
        raise BackupError(f"{command[0]} failed: {result.stderr.strip()}")


def _copy_database(directory: Path) -> str:
    if database_engine() == "sqlite":
        target = directory / SQLITE_MEMBER
        connection.ensure_connection()
        destination = sqlite3.connect(target)
        try:
            # pages=-1: the whole database in one step, i.e. one consistent snapshot.
            connection.connection.backup(destination, pages=-1)
        finally:
            destination.close()
        return SQLITE_MEMBER
    target = directory / POSTGRES_MEMBER
    _run_postgres_tool(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", "--file", str(target)])
    return POSTGRES_MEMBER


def create_backup(output_directory: Path, *, now: datetime.datetime | None = None) -> BackupResult:
    now = now or datetime.datetime.now(datetime.UTC)
    output_directory.mkdir(parents=True, exist_ok=True)
    name = f"arbitre-backup-{now:%Y%m%dT%H%M%S}Z.tar.gz"
    archive_path = output_directory / name
    with tempfile.TemporaryDirectory(dir=output_directory, prefix=".backup-") as temporary:
        staging = Path(temporary)
        database_member = _copy_database(staging)
        members = {database_member: staging / database_member}
        media_root = Path(settings.MEDIA_ROOT)
        if media_root.is_dir():
            for path in sorted(media_root.rglob("*")):
                if path.is_file() and not path.is_symlink():
                    members[MEDIA_PREFIX + path.relative_to(media_root).as_posix()] = path
        manifest = {
            "format": FORMAT_VERSION,
            "created_at": now.isoformat(),
            "database_engine": database_engine(),
            "database_member": database_member,
            "files": {
                member: {"sha256": sha256_of(path), "size": path.stat().st_size}
                for member, path in members.items()
            },
        }
        manifest_path = staging / MANIFEST
        manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True), encoding="utf-8")
        partial = archive_path.with_suffix(".partial")
        with tarfile.open(partial, "w:gz") as archive:
            archive.add(manifest_path, arcname=MANIFEST)
            for member, path in members.items():
                archive.add(path, arcname=member)
        partial.replace(archive_path)  # a half-written archive never carries the final name
    return BackupResult(archive_path, database_member, len(members) - 1)


def _safe_member_name(name: str) -> bool:
    path = PurePosixPath(name)
    return not path.is_absolute() and ".." not in path.parts and name == path.as_posix()


def verify_archive(archive_path: Path, directory: Path) -> dict:
    """Extracts the archive into ``directory`` and checks it against its manifest."""
    try:
        with tarfile.open(archive_path, "r:gz") as archive:
            members = archive.getmembers()
            for member in members:
                if not (member.isfile() or member.isdir()) or not _safe_member_name(member.name):
                    raise BackupError(f"Refused: the archive holds an unexpected entry {member.name!r}.")
            archive.extractall(directory, filter="data")
    except (tarfile.TarError, EOFError, OSError) as error:
        raise BackupError(f"Refused: the archive cannot be read ({error}).") from error
    manifest_path = directory / MANIFEST
    if not manifest_path.is_file():
        raise BackupError("Refused: the archive has no manifest.")
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        files = manifest["files"]
    except (ValueError, KeyError) as error:
        raise BackupError("Refused: the manifest cannot be read.") from error
    if manifest.get("format") != FORMAT_VERSION:
        raise BackupError(f"Refused: unknown archive format {manifest.get('format')!r}.")
    present = {member.name for member in members if member.isfile()} - {MANIFEST}
    if present != set(files):
        missing, extra = sorted(set(files) - present), sorted(present - set(files))
        raise BackupError(
            f"Refused: the archive does not match its manifest (missing {missing}, extra {extra})."
        )
    for member, expected in files.items():
        if sha256_of(directory / member) != expected["sha256"]:
            raise BackupError(f"Refused: {member} is damaged (its checksum differs from the manifest's).")
    if manifest.get("database_member") not in files:
        raise BackupError("Refused: the archive holds no database.")
    return manifest


def _restore_database(manifest: dict, directory: Path) -> None:
    engine = database_engine()
    if manifest["database_engine"] != engine:
        raise BackupError(
            f"Refused: this archive holds a {manifest['database_engine']} database; "
            f"the site runs on {engine}."
        )
    source_path = directory / manifest["database_member"]
    if engine == "sqlite":
        source = sqlite3.connect(source_path)
        try:
            connection.ensure_connection()
            # Page by page into the live database, under its own locks: readers see the old
            # or the new database, never a mixture.
            source.backup(connection.connection, pages=-1)
        finally:
            source.close()
        return
    connections.close_all()
    _run_postgres_tool(
        ["pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction",
         "--dbname", settings.DATABASES["default"]["NAME"], str(source_path)]
    )


def _restore_media(directory: Path) -> None:
    media_root = Path(settings.MEDIA_ROOT)
    restored = directory / MEDIA_PREFIX.rstrip("/")
    restored.mkdir(exist_ok=True)
    media_root.parent.mkdir(parents=True, exist_ok=True)
    # Swapped by renames on the same filesystem: MEDIA_ROOT is never half old, half new.
    incoming = Path(tempfile.mkdtemp(dir=media_root.parent, prefix=".media-incoming-"))
    shutil.copytree(restored, incoming, dirs_exist_ok=True)
    previous = None
    if media_root.exists():
        previous = media_root.with_name(f".{media_root.name}-replaced-{os.getpid()}")
        media_root.rename(previous)
    incoming.rename(media_root)
    if previous is not None:
        shutil.rmtree(previous)


def restore_backup(archive_path: Path) -> dict:
    if not archive_path.is_file():
        raise BackupError(f"No such archive: {archive_path}")
    with tempfile.TemporaryDirectory(prefix="arbitre-restore-") as temporary:
        directory = Path(temporary)
        manifest = verify_archive(archive_path, directory)
        _restore_database(manifest, directory)
        _restore_media(directory)
    return manifest

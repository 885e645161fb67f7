"""`manage.py backup` and `manage.py restore`: data changed after a backup comes back as it was."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from accounts.models import User
from config.backups import MANIFEST, database_engine

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def media(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    (settings.MEDIA_ROOT / "editions").mkdir(parents=True)
    (settings.MEDIA_ROOT / "editions" / "livre.pdf").write_bytes(b"%PDF-1.7 version one")
    return settings.MEDIA_ROOT


def back_up(tmp_path: Path) -> Path:
    out = io.StringIO()
    call_command("backup", output=str(tmp_path / "backups"), stdout=out)
    (archive,) = (tmp_path / "backups").glob("arbitre-backup-*.tar.gz")
    return archive


def restore(archive: Path) -> None:
    call_command("restore", str(archive), interactive=False, stdout=io.StringIO())


def test_a_restore_brings_back_the_data_and_files_of_the_backup(tmp_path, media):
    User.objects.create_user(email="before@example.org", password="x")
    archive = back_up(tmp_path)
    User.objects.filter(email="before@example.org").delete()
    User.objects.create_user(email="after@example.org", password="x")
    (media / "editions" / "livre.pdf").write_bytes(b"%PDF-1.7 version two")
    (media / "added-later.txt").write_text("new")
    restore(archive)
    assert set(User.objects.values_list("email", flat=True)) == {"before@example.org"}
    assert (media / "editions" / "livre.pdf").read_bytes() == b"%PDF-1.7 version one"
    assert not (media / "added-later.txt").exists()


def test_the_archive_lists_every_member_with_its_checksum(tmp_path, media):
    with tarfile.open(back_up(tmp_path)) as archive:
        manifest = json.load(archive.extractfile(MANIFEST))
        names = set(archive.getnames())
    assert set(manifest["files"]) == names - {MANIFEST}
    assert "media/editions/livre.pdf" in manifest["files"]
    assert all(len(entry["sha256"]) == 64 for entry in manifest["files"].values())


def rewrite(archive: Path, change) -> Path:
    """A copy of the archive with one member altered by ``change(name, data) -> data``."""
    damaged = archive.with_name("damaged.tar.gz")
    with tarfile.open(archive) as source, tarfile.open(damaged, "w:gz") as target:
        for member in source.getmembers():
            data = change(member.name, source.extractfile(member).read())
            member.size = len(data)
            target.addfile(member, io.BytesIO(data))
    return damaged


def test_it_refuses_an_archive_whose_file_was_altered(tmp_path, media):
    User.objects.create_user(email="kept@example.org", password="x")
    archive = back_up(tmp_path)
    damaged = rewrite(archive, lambda name, data: b"tampered" if name.startswith("media/") else data)
    User.objects.create_user(email="after@example.org", password="x")
    with pytest.raises(CommandError, match="damaged"):
        restore(damaged)
    assert User.objects.filter(email="after@example.org").exists()  # nothing was touched


def test_it_refuses_a_truncated_archive(tmp_path, media):
    archive = back_up(tmp_path)
    truncated = tmp_path / "truncated.tar.gz"
    truncated.write_bytes(archive.read_bytes()[: archive.stat().st_size // 2])
    with pytest.raises(CommandError, match="Refused"):
        restore(truncated)


def test_it_refuses_an_archive_with_a_path_outside_its_directory(tmp_path, media):
    evil = tmp_path / "evil.tar.gz"
    with tarfile.open(evil, "w:gz") as archive:
        data = b"x"
        member = tarfile.TarInfo("../../outside.txt")
        member.size = len(data)
        archive.addfile(member, io.BytesIO(data))
    with pytest.raises(CommandError, match="unexpected entry"):
        restore(evil)


def test_it_refuses_an_archive_without_its_manifest(tmp_path, media):
    stripped = rewrite(back_up(tmp_path), lambda name, data: data)
    with tarfile.open(stripped) as source, tarfile.open(tmp_path / "nomanifest.tar.gz", "w:gz") as target:
        for member in source.getmembers():
            if member.name != MANIFEST:
                target.addfile(member, source.extractfile(member))
    with pytest.raises(CommandError, match="no manifest"):
        restore(tmp_path / "nomanifest.tar.gz")


ON_POSTGRESQL = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")


@pytest.mark.skipif(not ON_POSTGRESQL, reason="PostgreSQL only (DATABASE_URL)")
def test_the_postgresql_archive_holds_a_pg_dump(tmp_path, media):
    assert database_engine() == "postgresql"
    with tarfile.open(back_up(tmp_path)) as archive:
        assert "database.pgdump" in archive.getnames()

"""`manage.py backup`: the database and MEDIA_ROOT in one archive, while the site serves."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from config.backups import BackupError, create_backup


class Command(BaseCommand):
    help = "Back up the database (SQLite online backup, or pg_dump) and MEDIA_ROOT into one archive."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--output",
            default=str(settings.BACKUP_DIR),
            help=f"directory for the archive (default {settings.BACKUP_DIR})",
        )

    def handle(self, *args, output: str, **options) -> None:
        try:
            result = create_backup(Path(output))
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"{result.path} ({result.database_member} and {result.media_files} media files, "
            f"{result.path.stat().st_size} bytes)"
        )

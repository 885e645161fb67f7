"""`manage.py restore ARCHIVE`: checks an archive of `backup`, then puts it back."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.backups import BackupError, restore_backup


class Command(BaseCommand):
    help = "Restore the database and MEDIA_ROOT from an archive made by `backup` (refuses a damaged one)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("archive")
        parser.add_argument("--noinput", "--no-input", action="store_false", dest="interactive")

    def handle(self, *args, archive: str, interactive: bool, **options) -> None:
        if interactive:
            answer = input("This replaces the whole database and every uploaded file. Type 'yes' to go on: ")
            if answer.strip().lower() != "yes":
                raise CommandError("Restore cancelled.")
        try:
            manifest = restore_backup(Path(archive))
        except BackupError as error:
            raise CommandError(str(error)) from error
        count = len(manifest["files"])
        self.stdout.write(f"Restored the backup of {manifest['created_at']} ({count} files).")

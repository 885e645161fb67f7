"""Import a question file: python manage.py import_questions FILE [--format …] [--as-user EMAIL]."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from questions.formats import FORMATS
from questions.formats.importer import ImportFailed, detect_format, import_text
from questions.models import Status


class Command(BaseCommand):
    help = (
        "Import questions from the bank's JSON, Moodle XML or GIFT. All or nothing: when one question "
        "cannot be taken, nothing is imported and every problem is listed."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file")
        parser.add_argument(
            "--format", choices=FORMATS, help="Default: from the file's extension or content."
        )
        parser.add_argument(
            "--as-user", dest="email", help="E-mail of the author (and reviewer when published)."
        )
        parser.add_argument("--status", choices=[Status.DRAFT, Status.PUBLISHED], default=Status.DRAFT)

    def handle(self, *args, **options) -> None:
        path = Path(options["file"])
        try:
            text = path.read_text(encoding="utf-8-sig")
        except FileNotFoundError as error:
            raise CommandError(f"{path}: no such file.") from error
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{path}: cannot read it as UTF-8 text ({error}).") from error
        user = None
        if options["email"]:
            user = User.objects.filter(email__iexact=options["email"]).first()
            if user is None:
                raise CommandError(f"No user with the e-mail address {options['email']}.")
        format_name = options["format"] or detect_format(text, path.name)
        try:
            report = import_text(
                text,
                format_name=format_name,
                status=options["status"],
                author=user,
                reviewer=user,
                note=f"Import {path.name}",
            )
        except ImportFailed as failure:
            for problem in failure.problems:
                self.stderr.write(str(problem))
            raise CommandError(
                f"Nothing imported: {len(failure.problems)} problem(s) in {path}."
            ) from failure
        self.stdout.write(f"{path.name} ({format_name}): {report.summary()}")

"""Import a question file: python manage.py import_questions FILE [--format …] [--as-user EMAIL]."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from questions.formats import FORMATS, decode_file
from questions.formats.importer import ImportFailed, detect_format, import_text
from questions.models import Status, Unit


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
        parser.add_argument(
            "--default-unit",
            choices=Unit.values,
            help="Unit of the questions that name none (Moodle XML and GIFT files from elsewhere), as the "
            "web form's option.",
        )
        parser.add_argument(
            "--skip-unsupported",
            action="store_true",
            help="Import the other questions when some are of a type the bank cannot hold (cloze, "
            "matching…); they are listed as skipped.",
        )

    def handle(self, *args, **options) -> None:
        path = Path(options["file"])
        try:
            text, encoding = decode_file(path.read_bytes())
        except FileNotFoundError as error:
            raise CommandError(f"{path}: no such file.") from error
        except OSError as error:
            raise CommandError(f"{path}: cannot read it ({error}).") from error
        if encoding != "utf-8":
            self.stderr.write(f"{path.name}: not UTF-8, read as {encoding}.")
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
                default_unit=options["default_unit"],
                skip_unsupported=options["skip_unsupported"],
            )
        except ImportFailed as failure:
            for problem in failure.problems:
                self.stderr.write(str(problem))
            if failure.unsupported:
                self.stderr.write("Add --skip-unsupported to import the other questions.")
            raise CommandError(
                f"Nothing imported: {len(failure.problems)} problem(s) in {path}."
            ) from failure
        self.stdout.write(f"{path.name} ({format_name}): {report.summary()}")
        for line in report.left_out_lines():
            self.stdout.write(f"  - {line}")

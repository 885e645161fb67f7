"""Export the question bank: python manage.py export_questions --format json|moodlexml|gift."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from questions.formats import FORMATS
from questions.formats.importer import export_text
from questions.models import Status, Unit


class Command(BaseCommand):
    help = "Export questions in the bank's JSON, Moodle XML or GIFT."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--format", choices=FORMATS, default="json")
        parser.add_argument("--unit", choices=Unit.values, help="Only the questions of this unit.")
        parser.add_argument(
            "--status",
            choices=Status.values,
            help="Only questions with this status; 'published': those with a version in service "
            "(including published questions being revised).",
        )
        parser.add_argument(
            "--drafts",
            action="store_true",
            help="Export the working drafts (not yet reviewed) where there are some, instead of "
            "the versions in service; drafts never published are only exported with this option.",
        )
        parser.add_argument("-o", "--output", help="File to write (default: standard output).")

    def handle(self, *args, **options) -> None:
        text = export_text(
            format_name=options["format"],
            unit=options["unit"],
            status=options["status"],
            drafts=options["drafts"],
        )
        if options["format"] == "gift":
            self._report_images(options)
        if options["output"]:
            path = Path(options["output"])
            try:
                path.write_text(text, encoding="utf-8")
            except OSError as error:
                raise CommandError(f"Cannot write {path}: {error.strerror}.") from error
            self.stderr.write(f"Exported to {path}.")
        else:
            self.stdout.write(text, ending="")

    def _report_images(self, options) -> None:
        from questions.formats.gift_export import image_notes
        from questions.formats.importer import entries_for, select_questions

        entries = entries_for(select_questions(unit=options["unit"], status=options["status"]),
                              drafts=options["drafts"])
        for entry in entries:
            for note in image_notes(entry.content):
                self.stderr.write(f"{entry.uid} : {note}")

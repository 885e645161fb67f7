"""Load rules/data into the database (idempotent: a second run changes nothing)."""

from __future__ import annotations

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules.services import DEFAULT_DATA_DIR, RulebookDataError, load_rulebook


class Command(BaseCommand):
    help = "Load the structured rulebook (rules/data/*.json) into the database; only differences are written."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--data-dir", type=Path, default=DEFAULT_DATA_DIR, help="Directory of the JSON files."
        )

    def handle(self, *args, data_dir: Path, **options) -> None:
        if not data_dir.is_dir():
            raise CommandError(f"Data directory not found: {data_dir}")
        start = time.perf_counter()
        try:
            report = load_rulebook(data_dir=data_dir)
        except RulebookDataError as error:
            raise CommandError("The rulebook data is invalid:\n" + "\n".join(error.messages)) from error
        for line in report.lines():
            self.stdout.write(line)
        elapsed = time.perf_counter() - start
        verdict = "loaded" if report.changed else "already up to date"
        self.stdout.write(self.style.SUCCESS(f"Rulebook {verdict} in {elapsed:.2f} s."))

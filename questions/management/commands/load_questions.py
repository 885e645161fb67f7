"""Load the shipped question bank (questions/data/bank/*.json) as published questions.

Idempotent: a question whose published version already has the file's content is left alone;
a changed question gets a new published version (earlier versions are kept for the exams that
used them). Authored by the demo trainer formateur@demo.arbitre.fr and reviewed by
formatrice@demo.arbitre.fr when those accounts exist (``load_demo``).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from questions.formats.importer import ImportFailed, import_entries, parse
from questions.management.commands.check_bank import BANK_DIR, bank_files
from questions.models import Status

DEMO_AUTHOR = "formateur@demo.arbitre.fr"
DEMO_REVIEWER = "formatrice@demo.arbitre.fr"


class Command(BaseCommand):
    help = "Load every questions/data/bank/*.json as published questions (idempotent)."

    def handle(self, *args, **options) -> None:
        paths = bank_files()
        if not paths:
            raise CommandError(f"No question file in {BANK_DIR}.")
        entries, problems = [], []
        for path in paths:
            result = parse(path.read_text(encoding="utf-8"), "json")
            for entry in result.entries:
                entry.label = f"{path.name} {entry.label}"
            for problem in result.problems:
                problem.where = f"{path.name} {problem.where}".strip()
            entries.extend(result.entries)
            problems.extend(result.problems)
        author = User.objects.filter(email=DEMO_AUTHOR).first()
        reviewer = User.objects.filter(email=DEMO_REVIEWER).first()
        try:
            report = import_entries(
                entries,
                status=Status.PUBLISHED,
                author=author,
                reviewer=reviewer,
                note="load_questions",
                parse_problems=problems,
            )
        except ImportFailed as failure:
            for problem in failure.problems:
                self.stderr.write(str(problem))
            raise CommandError(f"Question bank not loaded: {len(failure.problems)} problem(s).") from failure
        self.stdout.write(f"Question bank ({len(paths)} file(s)): {report.summary()}")

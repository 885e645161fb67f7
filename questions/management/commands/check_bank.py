"""Check question files (default: every questions/data/bank/*.json) and print problems per uid."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from questions.formats import BankEntry
from questions.formats.importer import detect_format, engine_available, parse, validate_entries

BANK_DIR = Path(__file__).resolve().parents[2] / "data" / "bank"


def bank_files() -> list[Path]:
    return sorted(BANK_DIR.glob("*.json"))


class Command(BaseCommand):
    help = ("Validate question files (schema, FEN and moves, citations, the rules engine's check of "
            "answer keys, unique uids across files) and list every problem per uid.")
    # A quick checker for content writers: it must run whatever state the rest of the site is in.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="*", help="Files to check (default: questions/data/bank/*.json).")
        parser.add_argument("--format", choices=["json", "moodlexml", "gift"],
                            help="Default: from the extension.")
        parser.add_argument("--no-engine", action="store_true", help="Skip the rules engine's check.")
        parser.add_argument(
            "--database", action="store_true",
            help="Check the questions stored in the database instead of files: every open question's "
                 "rubric adds up to its points, in the bank and on every paper that uses it.",
        )

    def handle(self, *args, **options) -> None:
        if options["database"]:
            self.check_database()
            return
        paths = [Path(name) for name in options["files"]] or bank_files()
        if not paths:
            raise CommandError(f"No question file in {BANK_DIR}.")
        engine = not options["no_engine"]
        if engine and not engine_available():
            self.stderr.write("positions.engine is not available yet: the engine check is skipped.")
            engine = False
        entries: list[BankEntry] = []
        failures = 0
        for path in paths:
            if not path.exists():
                raise CommandError(f"{path}: no such file.")
            text = path.read_text(encoding="utf-8")
            result = parse(text, options["format"] or detect_format(text, path.name))
            for problem in result.problems:
                self.stdout.write(f"{path.name} {problem}")
                failures += 1
            for entry in result.entries:
                entry.label = f"{path.name} {entry.label}"
            entries.extend(result.entries)
        # Citations against the shipped rulebook files only: a development database may hold
        # a partial rulebook.
        valid, problems = validate_entries(entries, engine=engine, use_database=False)
        current = None
        for problem in problems:
            if problem.where != current:
                current = problem.where
                self.stdout.write(current)
            self.stdout.write(f"    {problem.message}")
        failures += len(problems)
        self.stdout.write(f"{len(entries)} question(s) in {len(paths)} file(s), {len(valid)} valid, "
                          f"{failures} problem(s).")
        if failures:
            raise CommandError(f"{failures} problem(s) found.")

    def check_database(self) -> None:
        problems = [f"{where}: {message}" for where, message in stored_rubric_problems()]
        for problem in problems:
            self.stdout.write(problem)
        self.stdout.write(f"{len(problems)} rubric problem(s) in the database.")
        if problems:
            raise CommandError(f"{len(problems)} problem(s) found.")


def stored_rubric_problems() -> list[tuple[str, str]]:
    """Open questions whose rubric does not add up to the points a grader sees: a stored
    version's own points, or the points a paper gives it."""
    from delivery.models import PaperItem
    from questions.content import rubric_total_problem
    from questions.models import QuestionType, QuestionVersion

    problems = []
    for version in QuestionVersion.objects.filter(type=QuestionType.OPEN).select_related("question"):
        problem = rubric_total_problem(list(version.body.get("rubric") or []), version.points)
        if problem:
            problems.append((str(version), problem))
    items = PaperItem.objects.filter(version__type=QuestionType.OPEN).select_related(
        "paper", "version__question"
    )
    for item in items:
        problem = rubric_total_problem(list(item.version.body.get("rubric") or []), item.points)
        if problem:
            problems.append((f"{item.paper} · question {item.position} ({item.version})", problem))
    return problems

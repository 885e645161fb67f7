"""Check question files (default: every questions/data/bank/*.json) and print problems per uid."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from questions.formats import BankEntry, ParseProblem
from questions.formats.importer import detect_format, engine_available, parse, validate_entries

BANK_DIR = Path(__file__).resolve().parents[2] / "data" / "bank"


def bank_files() -> list[Path]:
    return sorted(BANK_DIR.glob("*.json"))


class Command(BaseCommand):
    help = ("Validate question files (schema, FEN and moves, citations, the rules engine's check of "
            "answer keys, unique uids across files, English beside every French text) and list every "
            "problem per uid.")
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
                 "rubric adds up to its points, in the bank and on every paper that uses it, and every "
                 "image of a version is placed in its stem or explanation.",
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
        problems = sorted_by_entry(problems + english_problems(entries), entries)
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
        rubrics = [f"{where}: {message}" for where, message in stored_rubric_problems()]
        images = [f"{where}: {message}" for where, message in stored_image_problems()]
        problems = rubrics + images
        for problem in problems:
            self.stdout.write(problem)
        self.stdout.write(f"{len(rubrics)} rubric problem(s) and {len(images)} image problem(s) "
                          "in the database.")
        if problems:
            raise CommandError(f"{len(problems)} problem(s) found.")


def missing_english(value: object, path: str = "") -> list[str]:
    """Dotted paths of the English texts left empty beside a French one (``stem_en`` beside
    ``stem_fr``, ``body.options.2.feedback_en`` beside ``body.options.2.feedback_fr``…)."""
    missing = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key.endswith("_fr") and isinstance(item, str) and item.strip():
                english = value.get(key[:-3] + "_en")
                if not isinstance(english, str) or not english.strip():
                    missing.append(f"{path}{key[:-3]}_en")
            missing.extend(missing_english(item, f"{path}{key}."))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            missing.extend(missing_english(item, f"{path}{index}."))
    return missing


def english_problems(entries: list[BankEntry]) -> list[ParseProblem]:
    """The shipped bank is bilingual: every French text of every question has its English."""
    return [
        ParseProblem(entry.label or entry.uid, f"English missing: {', '.join(paths)}")
        for entry in entries
        if (paths := missing_english(entry.content))
    ]


def sorted_by_entry(problems: list[ParseProblem], entries: list[BankEntry]) -> list[ParseProblem]:
    """Problems grouped under their question, in the files' order (stable within one question)."""
    order = {entry.label or entry.uid: index for index, entry in enumerate(entries)}
    return sorted(problems, key=lambda problem: order.get(problem.where, -1))


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


def stored_image_problems() -> list[tuple[str, str]]:
    """Versions stored before every image had to be placed, holding one placed nowhere: it is
    shown with the correction only (``questions.media.correction_names``); a revision must place
    it or remove it."""
    from questions.media import TEXT_FIELDS, placed_nowhere, placed_nowhere_message
    from questions.models import QuestionVersion

    problems = []
    for version in QuestionVersion.objects.exclude(media=[]).select_related("question").order_by("pk"):
        content = {field: getattr(version, field) for field in TEXT_FIELDS} | {"media": version.media}
        problems.extend((str(version), placed_nowhere_message(name)) for name in placed_nowhere(content))
    return problems

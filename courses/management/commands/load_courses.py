"""Load the courses shipped under courses/data/<CODE>/ (COURSE_FORMAT.md).

Idempotent: a second run changes nothing. Each course folder is checked whole before it is
written: a course with problems (reported as ``file:line : what is wrong``) is not touched,
the valid ones are loaded, and the command fails if any course had a problem.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from courses.content import CourseFormatError
from courses.folder import read_course, read_folder
from courses.services import sync_course

DATA_DIR = Path(settings.BASE_DIR) / "courses" / "data"
DEMO_AUTHOR = "formateur@demo.arbitre.fr"


class Command(BaseCommand):
    help = "Load every courses/data/<CODE>/ folder (idempotent)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--data-dir", default=str(DATA_DIR), help="Folder holding one folder per course.")

    def handle(self, *args, **options) -> None:
        data_dir = Path(options["data_dir"])
        folders = sorted(path for path in data_dir.iterdir() if path.is_dir()) if data_dir.is_dir() else []
        if not folders:
            self.stdout.write(f"No course folder in {data_dir}.")
            return
        author = User.objects.filter(email=DEMO_AUTHOR).first()
        problems = []
        for folder in folders:
            try:
                data = read_course(read_folder(folder), folder=folder.name)
            except CourseFormatError as error:
                problems.extend(error.problems)
                self.stderr.write(f"Course {folder.name} not loaded: {len(error.problems)} problem(s).")
                continue
            try:
                report = sync_course(data=data, author=author)
            except CourseFormatError as error:
                problems.extend(error.problems)
                self.stderr.write(f"Course {folder.name} not loaded: {len(error.problems)} problem(s).")
                continue
            summary = (
                f"{len(report.created)} created, {len(report.updated)} updated, {len(report.deleted)} deleted"
                if report.changed
                else "unchanged"
            )
            self.stdout.write(f"Course {data.code} ({len(data.lessons())} lessons): {summary}")
        if problems:
            for problem in problems:
                self.stderr.write(str(problem))
            raise CommandError(f"Courses with problems were not loaded: {len(problems)} problem(s).")

"""Load the courses shipped under courses/data/<CODE>/ (COURSE_FORMAT.md).

Idempotent: a second run changes nothing. Every folder is checked before anything is written;
problems are reported as ``file:line : what is wrong`` and nothing is loaded while one remains.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

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
        courses, problems = [], []
        for folder in folders:
            try:
                courses.append(read_course(read_folder(folder), folder=folder.name))
            except CourseFormatError as error:
                problems.extend(error.problems)
        if problems:
            for problem in problems:
                self.stderr.write(str(problem))
            raise CommandError(f"Courses not loaded: {len(problems)} problem(s).")
        author = User.objects.filter(email=DEMO_AUTHOR).first()
        with transaction.atomic():
            for data in courses:
                report = sync_course(data=data, author=author)
                summary = (
                    f"{len(report.created)} created, {len(report.updated)} updated, "
                    f"{len(report.deleted)} deleted"
                    if report.changed
                    else "unchanged"
                )
                self.stdout.write(f"Course {data.code} ({len(data.lessons())} lessons): {summary}")

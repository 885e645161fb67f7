"""The courses shipped in courses/data/ (the content writers' files) pass the loader's checks.

Checked against the shipped rulebook files and the shipped question bank (every question of
questions/data/bank is loaded as published by load_questions), without a database.
"""

from __future__ import annotations

import pytest

from courses.folder import read_course, read_folder
from courses.management.commands.load_courses import DATA_DIR
from tests.questions.shipped_bank import shipped_questions

FOLDERS = sorted(path for path in DATA_DIR.iterdir() if path.is_dir()) if DATA_DIR.is_dir() else []


def bank_problem(uid: str) -> str:
    return "" if uid in shipped_questions() else "not in questions/data/bank"


@pytest.mark.parametrize("folder", FOLDERS, ids=[folder.name for folder in FOLDERS])
def test_a_shipped_course_folder_is_valid(folder):
    course = read_course(read_folder(folder), folder=folder.name, practice_problem=bank_problem)
    assert course.code == folder.name and course.lessons()

"""Fuzz tests of the stage records' CSV import: whatever the file, ImportRejected or records."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from exams import stage_import
from tests.fuzzing import FUZZ, any_text, hostile_number, hostile_text

pytestmark = pytest.mark.django_db  # a line names its trainee by e-mail

TODAY = datetime.date(2026, 11, 25)
HEADER = ";".join(stage_import.COLUMNS)
field = hostile_text | hostile_number | st.sampled_from(["SC", "SJ", "2026-03-15", "14", "a@b.fr", ""])


def parse(text: str) -> None:
    try:
        records = stage_import.parse(text, today=TODAY)
    except stage_import.ImportRejected as error:
        for problem in error.problems:
            str(problem.message).encode("utf-8")  # no lone surrogate reaches the page
        return
    assert all(record.stage for record in records)


@FUZZ
@given(any_text)
def test_random_text_is_rejected_or_read(text):
    parse(text)


@FUZZ
@given(st.lists(st.lists(field, min_size=0, max_size=8), max_size=6),
       st.sampled_from([";", ",", "\t"]), st.sampled_from(['"', "'", ""]))
def test_files_with_a_header_and_hostile_fields_are_rejected_or_read(rows, separator, quote):
    lines = [HEADER.replace(";", separator)]
    lines += [separator.join(f"{quote}{value}{quote}" for value in row) for row in rows]
    parse("\n".join(lines))

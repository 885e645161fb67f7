"""Fuzz tests of course archive imports: whatever the bytes, CourseFormatError or a course."""

from __future__ import annotations

import io
import zipfile

from hypothesis import given
from hypothesis import strategies as st

from courses.content import CourseFormatError
from courses.transfer import read_zip
from tests.fuzzing import FUZZ, any_text, json_value

NAMES = st.sampled_from([
    "SC/course.json", "SC/lessons/a.fr.md", "SC/lessons/a.en.md", "../x", "/etc/passwd", "SC/",
    "SC/lessons/../../x.fr.md", "SO/course.json", "SC/lessons/\ud800.fr.md", "x" * 300,
]) | st.text(max_size=40)


CONTENTS = st.binary(max_size=300) | any_text.map(lambda text: text.encode("utf-8", "surrogatepass"))


def read(data: bytes) -> None:
    try:
        read_zip(data)
    except CourseFormatError as error:
        str(error).encode("utf-8", "surrogatepass")


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_are_refused(data):
    read(data)


@FUZZ
@given(st.dictionaries(NAMES, CONTENTS, max_size=6))
def test_archives_of_hostile_names_and_contents_are_refused_or_read(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries.items():
            try:
                archive.writestr(name, data)
            except (UnicodeEncodeError, ValueError, IndexError):  # names zipfile itself cannot write
                continue
    read(buffer.getvalue())


@FUZZ
@given(json_value)
def test_a_course_json_of_any_shape_is_refused_or_read(value):
    import json

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("SC/course.json", json.dumps(value, allow_nan=True))
    read(buffer.getvalue())

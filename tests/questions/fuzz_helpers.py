"""What every question-format fuzz test checks: parsing then validating never raises, every
problem can be written to a page, and valid content can be hashed and stored as JSON."""

from __future__ import annotations

from questions.formats.importer import parse, validate_entries
from questions.models import content_hash
from tests.fuzzing import encodable


def parse_and_validate(text: str, format_name: str) -> None:
    result = parse(text, format_name)
    assert all(encodable(problem) for problem in result.problems)
    valid, problems = validate_entries(result.entries, engine=False, use_database=False)
    assert all(encodable(problem) for problem in problems)
    for entry in valid:
        assert len(content_hash(entry.content)) == 64

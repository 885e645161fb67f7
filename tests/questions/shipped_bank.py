"""The shipped question bank (questions/data/bank/*.json), read as the loader reads it."""

from __future__ import annotations

import json
from functools import cache

from questions.management.commands.check_bank import bank_files


@cache
def shipped_questions() -> dict[str, dict]:
    """Every shipped question's content (without its uid), by uid."""
    questions: dict[str, dict] = {}
    for path in bank_files():
        for question in json.loads(path.read_text(encoding="utf-8"))["questions"]:
            uid = question["uid"]
            questions[uid] = {key: value for key, value in question.items() if key != "uid"}
    return questions


def shipped(uid: str) -> dict:
    return json.loads(json.dumps(shipped_questions()[uid]))

"""THE SHIPPED QUESTION BANK: every question of questions/data/bank/*.json must validate.

Content writers, run:  .venv/bin/pytest tests/questions/test_bank_data.py -q
(or, quicker and per uid:  .venv/bin/python manage.py check_bank [FILE…])

Checked for each question (test ids are the uids): the schema of questions/data/FORMAT.md,
legal FEN and moves (positions.validation), citations that exist in rules/data/laws-<edition>.json
or livre.json when those files exist, and the rules engine's check of ruling answer keys.
Across the files: uids are unique, and load_questions loads everything, twice without change.
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from questions.content import validate_question
from questions.engine_check import check_answer_key, needs_engine

# On one pytest-xdist worker with the other modules that load the whole bank: the engine checks
# its 41 rulings once (about a minute), then finds the verdicts in that process's caches.
pytestmark = pytest.mark.xdist_group("shipped-bank")

BANK_DIR = Path(__file__).resolve().parents[2] / "questions" / "data" / "bank"
BANK_FILES = sorted(BANK_DIR.glob("*.json"))


def _questions() -> list:
    params = []
    for path in BANK_FILES:
        try:
            questions = json.loads(path.read_text(encoding="utf-8")).get("questions", [])
        except (ValueError, AttributeError):
            questions = []
        for index, question in enumerate(questions, start=1):
            uid = question.get("uid") if isinstance(question, dict) else None
            params.append(pytest.param(question, id=f"{path.stem}:{uid or f'#{index}'}"))
    return params


QUESTIONS = _questions()
ENGINE_QUESTIONS = [param for param in QUESTIONS if isinstance(param.values[0], dict)
                    and needs_engine(param.values[0])]


@pytest.mark.parametrize("path", BANK_FILES, ids=[path.name for path in BANK_FILES])
def test_every_bank_file_is_a_question_bank(path):
    document = json.loads(path.read_text(encoding="utf-8"))
    assert (document.get("format"), document.get("version"), type(document.get("questions"))) == (
        "arbitre-questions", 1, list)


@pytest.mark.parametrize("question", QUESTIONS)
def test_every_bank_question_validates(question):
    # Citations against the shipped rulebook files only, never a development database.
    _content, problems = validate_question(question, use_database=False)
    assert [str(problem) for problem in problems] == []


@pytest.mark.parametrize("question", ENGINE_QUESTIONS)
def test_every_bank_ruling_passes_the_engine_check(question):
    pytest.importorskip("positions.engine")
    content, problems = validate_question(question, check_citations=False)
    assert [str(problem) for problem in problems] == []
    assert [f"{objection.field}: {objection.message_fr}" for objection in check_answer_key(content)] == []


def test_uids_are_unique_across_the_bank():
    uids = [param.values[0].get("uid") for param in QUESTIONS if isinstance(param.values[0], dict)]
    assert sorted({uid for uid in uids if uids.count(uid) > 1}) == []


def test_the_bank_is_not_empty():
    assert QUESTIONS


@pytest.mark.django_db
def test_load_questions_loads_the_whole_bank_and_is_idempotent():
    from questions.models import Question, QuestionVersion

    call_command("load_questions", stdout=StringIO(), stderr=StringIO())
    versions = QuestionVersion.objects.count()
    call_command("load_questions", stdout=StringIO(), stderr=StringIO())
    # Counted now, not at collection: the bank files are being written while tests run.
    expected = sum(len(json.loads(path.read_text(encoding="utf-8"))["questions"]) for path in BANK_FILES)
    assert (Question.objects.in_use().count(), QuestionVersion.objects.count()) == (expected, versions)

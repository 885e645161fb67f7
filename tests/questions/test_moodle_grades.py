"""Going out to Moodle: every answer's grade is one Moodle accepts, and a multiple-answer question's
correct answers add up to 100 % (Moodle's ``fractionsaddwrong``) — issue 21."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest

from questions.content import validate_content
from questions.formats import BankEntry, gift, moodle
from questions.formats.moodle_grades import is_moodle_grade, positive_grades
from tests.questions import core_samples as samples
from tests.questions.shipped_bank import shipped_questions


def grades_of(xml_text: str) -> list[tuple[bool, list[Decimal]]]:
    """(single answer?, answer grades) of every multichoice question of a Moodle XML file."""
    quiz = ET.fromstring(xml_text)  # noqa: S314 - our own export
    return [
        (
            question.findtext("single") == "true",
            [Decimal(answer.get("fraction")) for answer in question.findall("answer")],
        )
        for question in quiz.findall("question")
        if question.get("type") == "multichoice"
    ]


def ruling_one_of_four_points_three_sanctions() -> dict:
    content = samples.ruling(points=4)
    body = content["body"]
    body["decision_points"], body["sanction_points"] = 3, 1
    for sanction in body["sanctions"]:
        sanction["correct"] = sanction["key"] != "none"
    body["sanctions"].append(
        {
            "key": "report",
            "action": "report_to_federation",
            "text_fr": "Rapport",
            "text_en": "Report",
            "correct": True,
        }
    )
    return validate_content(content, check_citations=False)[0]


def test_a_ruling_worth_one_of_four_points_over_three_sanctions_gets_moodle_grades():
    ((_single, grades),) = grades_of(
        moodle.export([BankEntry("uvr-q", ruling_one_of_four_points_three_sanctions())])
    )
    assert all(is_moodle_grade(grade) for grade in grades) and Decimal("8.33333") not in grades
    assert sum(grade for grade in grades if grade > 0) == 100


def test_a_ruling_whose_sanctions_are_none_gives_the_whole_100_percent_to_its_decision():
    content = samples.ruling()
    for sanction in content["body"]["sanctions"]:
        sanction["correct"] = False
    content = validate_content(content, check_citations=False)[0]
    ((_single, grades),) = grades_of(moodle.export([BankEntry("uvr-q", content)]))
    assert sum(grade for grade in grades if grade > 0) == 100


def test_the_rounding_onto_moodle_grades_keeps_the_total_valid():
    shares = [Decimal(100) / 11] * 11
    grades = positive_grades(shares)
    assert all(is_moodle_grade(grade) for grade in grades)
    assert Decimal("99.5") <= sum(grades) < Decimal("100.5")


def test_a_ruling_exported_with_rounded_grades_comes_back_the_same():
    content = ruling_one_of_four_points_three_sanctions()
    parsed = moodle.parse(moodle.export([BankEntry("uvr-q", content)], carry=False))
    assert validate_content(parsed.entries[0].content, check_citations=False)[0] == content


@pytest.fixture(scope="module")
def bank_entries() -> list[BankEntry]:
    return [
        BankEntry(uid, validate_content(content, check_citations=False)[0])
        for uid, content in shipped_questions().items()
    ]


def test_every_shipped_question_exports_grades_moodle_accepts(bank_entries):
    questions = grades_of(moodle.export(bank_entries, carry=False))
    refused = [grades for _single, grades in questions if not all(is_moodle_grade(g) for g in grades)]
    assert refused == []


def test_every_shipped_multiple_answer_question_adds_up_to_100_percent(bank_entries):
    totals = [
        sum(grade for grade in grades if grade > 0)
        for single, grades in grades_of(moodle.export(bank_entries, carry=False))
        if not single
    ]
    assert totals and [t for t in totals if not Decimal("99.5") <= t < Decimal("100.5")] == []


def test_the_gift_export_uses_the_same_grades():
    text = gift.export([BankEntry("uvr-q", ruling_one_of_four_points_three_sanctions())], carry=False)
    assert "%8.33333%" not in text and "~%75%" in text

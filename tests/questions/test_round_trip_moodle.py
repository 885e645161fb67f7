"""The whole shipped bank goes to Moodle and comes back unchanged (issue 21): Arbitre → Moodle XML →
Arbitre and Arbitre → GIFT → Arbitre, read natively as a Moodle that dropped our lossless
extension and kept 50 characters of each tag would give it back."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from questions.content import validate_content
from questions.formats import BankEntry, gift, moodle
from questions.formats.moodle_metadata import MOODLE_TAG_LENGTH
from tests.questions.shipped_bank import shipped_questions


@pytest.fixture(scope="module")
def bank() -> dict[str, dict]:
    return {
        uid: validate_content(content, check_citations=False)[0]
        for uid, content in shipped_questions().items()
    }


def through_moodle_xml(text: str) -> str:
    """What Moodle keeps of our file: no <arbitre> element, tags cut at 50 characters."""
    quiz = ET.fromstring(text)  # noqa: S314 - our own export
    for question in quiz.findall("question"):
        for element in question.findall("arbitre"):
            question.remove(element)
        for tag in question.findall("tags/tag/text"):
            tag.text = (tag.text or "")[:MOODLE_TAG_LENGTH]
    return ET.tostring(quiz, encoding="unicode")


def through_moodle_gift(text: str) -> str:
    text = re.sub(r"^// arbitre-questions:.*$", "//", text, flags=re.M)
    return re.sub(r"\[tag:([^\[\]]*)\]", lambda match: f"[tag:{match.group(1)[:MOODLE_TAG_LENGTH]}]", text)


def read_back(module, text: str) -> dict[str, dict]:
    parsed = module.parse(text)
    assert parsed.problems == [] and parsed.unsupported == []
    return {entry.uid: validate_content(entry.content, check_citations=False)[0] for entry in parsed.entries}


def test_the_whole_bank_survives_moodle_xml_without_our_extension(bank):
    text = moodle.export([BankEntry(uid, content) for uid, content in bank.items()], carry=False)
    assert read_back(moodle, through_moodle_xml(text)) == bank


def test_the_whole_bank_survives_gift_without_our_extension(bank):
    text = gift.export([BankEntry(uid, content) for uid, content in bank.items()], carry=False)
    assert read_back(gift, through_moodle_gift(text)) == bank


def test_no_exported_tag_is_longer_than_moodle_keeps(bank):
    quiz = ET.fromstring(moodle.export([BankEntry(uid, content) for uid, content in bank.items()]))  # noqa: S314
    assert (
        max(len(tag.text or "") for tag in quiz.iter("text") if tag.text and tag.text.startswith("arbitre-"))
        <= 50
    )


def test_full_tags_that_moodle_cut_at_50_characters_are_restored(bank, monkeypatch):
    """A file whose tags were written in full (as before the shortening) and cut by Moodle: the
    question text's data gives them back, so the rulings come back as rulings."""
    from questions.formats import moodle_export

    rulings = {uid: content for uid, content in bank.items() if content["type"] == "ruling"}
    monkeypatch.setattr(moodle_export, "moodle_tag", lambda tag: tag)
    text = moodle.export([BankEntry(uid, content) for uid, content in rulings.items()], carry=False)
    assert max(len(tag) for tag in re.findall(r"<text>(arbitre-[^<]*)</text>", text)) > 50
    assert read_back(moodle, through_moodle_xml(text)) == rulings

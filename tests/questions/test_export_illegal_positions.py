"""Exports draw a position left by an illegal move as the candidate's page does (issue 8)."""

from __future__ import annotations

import base64
import json
import re
import xml.etree.ElementTree as ET
from io import StringIO

import chess
import pytest
from django.core.management import call_command

from positions.diagrams import ARROW_COLOURS
from questions.formats import BankEntry, gift, moodle
from questions.ui_services import diagram_for
from tests.questions.shipped_bank import shipped

# Shipped questions whose scenario ends on a move that leaves the mover's own king in check.
ILLEGAL = ["uvr-blitz-first-illegal-move", "uvr-illegal-king-into-check", "uvr-rapid-illegal-move-claimed"]


def exported_svg(uid: str) -> str:
    document = ET.fromstring(moodle.export([BankEntry(uid, shipped(uid))]))  # noqa: S314 - our own export
    return base64.b64decode(document.find("question/questiontext/file").text).decode()


@pytest.mark.parametrize("uid", ILLEGAL)
def test_moodle_xml_exports_a_position_left_by_an_illegal_move(uid):
    assert exported_svg(uid).startswith("<svg")


def test_the_moodle_diagram_shows_the_illegal_move_as_a_red_arrow():
    assert ARROW_COLOURS["red"].lower()[:7] in exported_svg("uvr-blitz-first-illegal-move").lower()


def test_the_moodle_diagram_is_the_position_the_candidate_sees():
    uid = "uvr-blitz-first-illegal-move"
    board = str(chess.Board(diagram_for(shipped(uid)["scenario"]).fen))
    assert board in exported_svg(uid)


def test_gift_gives_the_fen_of_the_position_the_candidate_sees():
    uid = "uvr-blitz-first-illegal-move"
    fen = diagram_for(shipped(uid)["scenario"]).fen
    assert fen in gift.unescape(gift.export([BankEntry(uid, shipped(uid))]))


def test_export_questions_writes_published_illegal_move_questions_to_moodle_xml(tmp_path, monkeypatch, db):
    path = tmp_path / "illegal.json"
    questions = [{"uid": uid, **shipped(uid)} for uid in ILLEGAL]
    path.write_text(json.dumps({"format": "arbitre-questions", "version": 1, "questions": questions}))
    monkeypatch.setattr("questions.management.commands.load_questions.bank_files", lambda: [path])
    call_command("load_questions", stdout=StringIO())
    out = StringIO()
    call_command("export_questions", "--format", "moodlexml", "--status", "published", stdout=out)
    assert len(re.findall(r"<question ", out.getvalue())) == len(ILLEGAL)

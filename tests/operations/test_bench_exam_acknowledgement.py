"""The exam load bench's simulated candidate reads a save's reply as the exam page does: only a
JSON "saved" or "stale" acknowledges the answer; anything else leaves it to be sent again."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import bench_exam_load

JSON = {"content-type": ["application/json"]}
HTML = {"content-type": ["text/html; charset=utf-8"]}


def test_a_saved_reply_acknowledges_the_answer():
    reply = bench_exam_load.acknowledgement(200, JSON, b'{"status": "saved", "sequence": 3}')
    assert reply == {"status": "saved", "sequence": 3}


def test_an_html_page_during_a_restart_is_not_an_acknowledgement():
    assert bench_exam_load.acknowledgement(200, HTML, b"<!DOCTYPE html><title>Erreur</title>") is None


def test_a_reply_cut_short_is_not_an_acknowledgement():
    assert bench_exam_load.acknowledgement(200, JSON, b'{"status": "sa') is None


def test_a_json_reply_that_is_not_saved_is_not_an_acknowledgement():
    assert bench_exam_load.acknowledgement(200, JSON, b'{"status": "error"}') is None

"""Issue 8: flag falls in minor-piece endings get one verdict, on every page, checked against a
plain oracle (bench/flag_fall_oracle.py: a breadth-first walk with no pruning)."""

from __future__ import annotations

import sys
from pathlib import Path

import chess
import pytest

from positions import engine, mate, patterns
from positions.examples import reference_verdicts
from positions.helpmate import exhaustive_mate

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from flag_fall_oracle import line_mates, oracle

KNIGHT_PAWN_H2 = "8/8/8/8/3N4/5K2/7p/7k b - - 0 1"
KNIGHT_PAWN_H3 = "8/8/8/8/8/7p/5N1k/5K2 b - - 0 1"


@pytest.fixture
def slow_first_enumeration(monkeypatch):
    """The first enumeration of the mating patterns in a process takes seconds: a clock that
    jumps five seconds while it runs (the budget is two)."""
    now = [0.0]
    monkeypatch.setattr(mate, "_clock", lambda: now[0])
    original = mate.pattern_guide

    def slow(*arguments):
        now[0] += 5.0
        return original(*arguments)

    monkeypatch.setattr(mate, "pattern_guide", slow)


@pytest.fixture
def empty_caches(fresh_verdicts):
    engine._search.cache_clear()
    reference_verdicts.cache_clear()
    yield
    reference_verdicts.cache_clear()
    engine._search.cache_clear()


def test_every_line_to_ten_plies_finds_the_shortest_helpmate_of_the_knight():
    result = exhaustive_mate(chess.Board(KNIGHT_PAWN_H3), chess.WHITE, depth=10, node_budget=200_000)
    assert result.outcome == "found" and len(result.line) == 8
    assert line_mates(KNIGHT_PAWN_H3, chess.WHITE, result.line)


def test_the_exhaustive_search_answers_before_any_guide():
    result = mate.can_checkmate(chess.Board(KNIGHT_PAWN_H3), chess.WHITE)
    assert result.verdict == "yes" and result.method == "exhaustive"


def test_a_slow_first_enumeration_does_not_leave_the_knight_undetermined(slow_first_enumeration):
    patterns.mating_patterns.cache_clear()
    result = mate.can_checkmate(chess.Board(KNIGHT_PAWN_H2), chess.WHITE)
    assert result.verdict == "yes"
    assert line_mates(KNIGHT_PAWN_H2, chess.WHITE, result.line)


def test_the_reference_page_and_the_analysis_give_the_same_verdict(
    slow_first_enumeration, empty_caches, monkeypatch
):
    from positions import examples

    kept = [position for position in examples.REFERENCE_POSITIONS if position.key == "knight-pawn"]
    monkeypatch.setattr(examples, "REFERENCE_POSITIONS", kept)
    patterns.mating_patterns.cache_clear()
    shown = {verdict.position.key: verdict for verdict in reference_verdicts()}
    analysis = engine.analyse(engine.AnalysisRequest(fen=KNIGHT_PAWN_H2, flag_fell="black"))
    assert shown["knight-pawn"].white == "yes"
    assert analysis.flag_fall.result == "1-0"


def test_the_reference_page_does_not_keep_a_verdict_that_ran_out_of_budget(empty_caches, monkeypatch):
    from positions import examples

    kept = [position for position in examples.REFERENCE_POSITIONS if position.key == "knight-pawn"]
    monkeypatch.setattr(examples, "REFERENCE_POSITIONS", kept)
    analyse, calls = engine.analyse, []

    def undetermined_at_first(request):
        calls.append(request)
        analysis = analyse(request)
        if len(calls) == 1:  # as on a loaded server
            analysis.can_checkmate = {**analysis.can_checkmate, "white": "undetermined"}
        return analysis

    monkeypatch.setattr(engine, "analyse", undetermined_at_first)
    assert reference_verdicts()[0].white == "undetermined"
    assert reference_verdicts()[0].white == "yes"


def test_a_definite_verdict_is_cached_by_position_whatever_the_budget(empty_caches):
    fen = engine._search_fen(chess.Board(KNIGHT_PAWN_H3))
    first = engine._search(fen, chess.WHITE, 50_000, 2.0)
    again = engine._search(fen, chess.WHITE, 1, 0.0, 1)  # budgets too small to find anything
    assert first.verdict == again.verdict == "yes"


def test_a_definite_verdict_found_later_replaces_an_undetermined_one_kept_in_process(empty_caches):
    # An analysis on a loaded server may run out of time; the reference page, searching the same
    # position with more time, then finds the mate: both pages must say so from then on.
    fen = engine._search_fen(chess.Board(KNIGHT_PAWN_H2))
    assert engine._search(fen, chess.WHITE, 1, 0.0, 1).verdict == "undetermined"
    assert engine._search(fen, chess.WHITE, 180_000, 20.0).verdict == "yes"
    assert engine._search(fen, chess.WHITE, 1, 0.0, 1).verdict == "yes"


@pytest.mark.parametrize(
    ("fen", "color"),
    [
        (KNIGHT_PAWN_H3, chess.WHITE),
        (KNIGHT_PAWN_H3, chess.BLACK),
        ("8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3/8 b - - 0 1", chess.WHITE),  # locked chain
        ("8/8/8/2k5/2p5/2P5/2K5/8 w - - 0 1", chess.WHITE),  # blocked pawns, kings only
        ("7k/8/6K1/8/8/8/8/6B1 w - - 0 1", chess.WHITE),  # K+B v K
        ("k7/8/1K6/8/8/8/8/2R5 w - - 0 1", chess.WHITE),  # a mate in one
    ],
)
def test_no_verdict_disagrees_with_the_plain_oracle(fen, color):
    result = mate.can_checkmate(chess.Board(fen), color)
    answer = oracle(fen, color, cap=6_000)
    assert not (result.verdict == "no" and answer.verdict == "yes")
    if result.verdict == "yes":
        assert answer.verdict != "no" and line_mates(fen, color, result.line)
    assert not (answer.verdict == "yes" and answer.plies <= 10 and result.verdict != "yes")

"""The commands explain_pairing, grade_pairing and pair_round --acceleration print JSON."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournaments.swiss.checker import round_of
from tournaments.trf import TrfPlayer, TrfTournament, parse, write

LIVRE = Path(__file__).parent / "data" / "livre_4_3.trf"


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_explain_pairing_prints_the_round_its_pairs_and_its_steps():
    data = json.loads(run("explain_pairing", str(LIVRE), "--round", "2"))
    assert (data["round"], data["byes"], data["pairs"][0]) == (2, [14], [5, 1])
    assert any("Transposition de S2" in step for step in data["steps"])


def test_explain_pairing_speaks_english_when_asked():
    data = json.loads(run("explain_pairing", str(LIVRE), "--round", "3", "--lang", "en"))
    assert any(step.startswith("Exchange between S1 and S2") for step in data["steps"])


def test_explain_pairing_refuses_a_round_beyond_the_next():
    with pytest.raises(CommandError):
        run("explain_pairing", str(LIVRE), "--round", "9")


def test_grade_pairing_gives_full_marks_to_the_livres_round(tmp_path):
    livres = round_of(parse(LIVRE.read_bytes()), 2)
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"pairs": [list(p) for p in livres.pairs], "byes": list(livres.byes)}))
    assert json.loads(run("grade_pairing", str(LIVRE), str(answer), "--round", "2")) == {
        "marks": 13,
        "out_of": 13,
        "faults": [],
    }


def test_grade_pairing_lists_the_faults_of_a_wrong_round(tmp_path):
    answer = tmp_path / "answer.json"
    answer.write_text('{"pairs": [[5, 1], [2, 7], [6, 3], [4, 11], [8, 9], [10, 13]], "byes": [14]}')
    data = json.loads(run("grade_pairing", str(LIVRE), str(answer), "--round", "2"))
    assert data["marks"] < data["out_of"] and any(f["rule"] == "C.04.1 b" for f in data["faults"])


@pytest.mark.parametrize("content", ["not json", '{"pairs": [[1, 2, 3]]}'])
def test_grade_pairing_refuses_a_malformed_answer(tmp_path, content):
    answer = tmp_path / "answer.json"
    answer.write_text(content)
    with pytest.raises(CommandError):
        run("grade_pairing", str(LIVRE), str(answer), "--round", "2")


def test_grade_pairing_prints_its_scale():
    assert "C.04.1 b" in run("grade_pairing", str(LIVRE), "--scale")


def test_pair_round_accelerates_with_haley(tmp_path):
    file = tmp_path / "open.trf"
    players = tuple(TrfPlayer(number=n, name=f"P{n}", rating=2400 - 10 * n) for n in range(1, 9))
    file.write_text(write(TrfTournament(players=players, planned_rounds=5)))
    plain = json.loads(run("pair_round", str(file)))
    haley = json.loads(run("pair_round", str(file), "--acceleration", "haley"))
    assert (
        sorted(map(sorted, haley["pairs"]))
        == [[1, 3], [2, 4], [5, 7], [6, 8]]
        != sorted(map(sorted, plain["pairs"]))
    )

"""Pairing questions (questions/pairing, tournaments/swiss/variants.py): the body's check, the
Livre's 4.3 tournament round by round, and properties over generated variants."""

from __future__ import annotations

import random

import pytest

from questions import pairing
from questions.content import validate_question
from questions.pairing.marking import corrections, grade
from tests.questions.pairing_samples import LIVRE, livre
from tests.questions.pairing_samples import pairing as pairing_content
from tournaments.swiss import variants
from tournaments.swiss.checker import check_round, round_of, with_round
from tournaments.swiss.explain import explain_round, replay
from tournaments.trf import parse

VARIANTS = 40
PARAMS = {"players": 12, "round": 4, "features": ["floaters", "bye", "forfeit", "withdrawal", "late_entry"]}


def as_answer(round_pairing) -> dict:
    return {"pairs": [list(p) for p in round_pairing.pairs], "byes": list(round_pairing.byes)}


def test_a_generated_body_is_accepted_with_its_defaults_filled_in():
    content, problems = validate_question({"uid": "p-1", **pairing_content()})
    assert problems == []
    assert content["body"]["params"]["rounds_to_pair"] == 1 and content["body"]["generator_version"] == 1


def test_an_unreadable_trf_is_refused_with_a_french_message():
    body = {"source": "trf", "trf": "001 x"}
    _content, problems = validate_question({"uid": "p-2", **pairing_content(body)})
    assert any(p.field == "body.trf" and "TRF16 est illisible" in p.message for p in problems)


def test_an_unknown_feature_and_a_bad_scale_are_refused():
    body = {"source": "generator", "params": {"features": ["tricks"]}, "scale": {"pair": 3}}
    _content, problems = validate_question({"uid": "p-3", **pairing_content(body)})
    assert {p.field for p in problems} >= {"body.params.features", "body.scale"}


def test_an_unknown_generator_version_is_refused():
    body = {"source": "generator", "generator_version": 99, "params": {}}
    _content, problems = validate_question({"uid": "p-4", **pairing_content(body)})
    assert [p.field for p in problems] == ["body.generator_version"]


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_every_round_of_the_livre_is_full_marks_with_the_livres_pairing(number):
    content = livre(number)
    content["body"], problems = pairing.validate_body(content["body"])
    score = grade(content, as_answer(round_of(parse(LIVRE), number)), seed=1)
    assert problems == [] and score.correct and score.points == 10


def test_the_livres_five_rounds_as_one_question_are_full_marks_round_after_round():
    content = livre(1, rounds_to_pair=3)
    source = parse(LIVRE)
    answer = {**as_answer(round_of(source, 3)), "handed": [as_answer(round_of(source, r)) for r in (1, 2)]}
    assert grade(content, answer, seed=1).correct


def test_the_livres_round_5_correction_tells_the_collapse_and_e4():
    steps = corrections(livre(5), {}, seed=1, language="fr")[0].steps
    assert any("14" in step and "E.4" in step for step in steps)


def test_the_same_seed_gives_the_same_variant_and_two_seeds_differ():
    first, again = variants.generate(PARAMS, 1), variants.generate(PARAMS, 1)
    other = variants.generate(PARAMS, 2)
    assert first == again and first.tournament != other.tournament


def test_the_requested_features_are_in_the_tournament():
    variant = variants.generate(PARAMS, 3)
    entries = [e for p in variant.tournament.players for e in p.rounds]
    assert any(e.result == "+" for e in entries) and variant.withdrawn and variant.profile.byes == 1


def test_players_have_names_ratings_and_some_titles():
    players = variants.generate({**PARAMS, "players": 20}, 4).tournament.players
    assert len({p.name for p in players}) == 20 and all(p.rating > 1000 for p in players)


@pytest.mark.parametrize("chunk", range(4))
def test_generated_variants_engine_pairing_passes_checker_replays_and_wrong_ones_never_get_full_marks(chunk):
    rng = random.Random(chunk)
    params = {**PARAMS, "features": ["floaters", "bye"]}
    body = {"source": "generator", "generator_version": 1, "params": params}
    for seed in range(chunk * VARIANTS // 4, (chunk + 1) * VARIANTS // 4):
        situation = pairing.situation_for(body, seed)
        tournament, number = situation.tournament, situation.round
        engine = pairing.engine_round(body, seed, number)
        report = check_round(with_round(tournament, engine), number, engine=engine)
        assert report.absolute == [], seed
        assert replay(explain_round(tournament, round_number=number, pairing=engine).steps, number) == engine
        present = [n for pair in engine.pairs for n in pair] + list(engine.byes)
        rng.shuffle(present)
        wrong = {
            "byes": [present.pop()] if len(present) % 2 else [],
            "pairs": [list(p) for p in zip(present[::2], present[1::2], strict=True)],
        }
        content = {"points": 10, "body": body}
        if {frozenset(p) for p in wrong["pairs"]} != {frozenset(p) for p in engine.pairs}:
            assert not grade(content, wrong, seed).correct, seed
        assert grade(content, as_answer(engine), seed).correct, seed


def test_moodle_and_gift_export_a_pairing_question_and_read_it_back():
    from questions.formats import BankEntry, gift, moodle
    from questions.formats.importer import parse as parse_bank

    content, _problems = validate_question({"uid": "p-export", **pairing_content()})
    entry = BankEntry("p-export", content)
    for text, name in ((moodle.export([entry]), "moodlexml"), (gift.export([entry]), "gift")):
        assert parse_bank(text, name).entries[0].content["type"] == "pairing"


@pytest.mark.parametrize("acceleration", ["haley", "degressif", "baku"])
def test_an_accelerated_variant_is_graded_against_the_accelerated_engine(acceleration):
    body, problems = pairing.validate_body(
        {"source": "generator", "params": {"players": 16, "round": 2, "acceleration": acceleration}}
    )
    situation = pairing.situation_for(body, 3)
    engine = pairing.engine_round(body, 3, situation.round)
    virtual = situation.virtual(situation.tournament, situation.round)
    steps = explain_round(
        situation.tournament, round_number=situation.round, pairing=engine, virtual=virtual
    ).steps
    assert problems == [] and virtual and replay(steps, situation.round) == engine
    assert grade({"points": 10, "body": body}, as_answer(engine), 3).correct


def test_a_trf_round_beyond_the_files_next_one_is_refused():
    _body, problems = pairing.validate_body({"source": "trf", "trf": LIVRE, "round": 9})
    assert [field for field, _message in problems] == ["body.round"]

"""Computed questions in the bank: validation, scoring from a seed, the formats, and pinning."""

from __future__ import annotations

import dataclasses

import pytest

from questions import computed, scoring
from questions import services as bank
from questions.content import validate_content
from questions.formats import BankEntry, gift, json_format, moodle
from questions.ui_services import candidate_view
from tests.questions.computed_samples import computed as computed_content


def normalised(sample: dict) -> dict:
    content, problems = validate_content(sample, check_citations=False)
    assert problems == []
    return content


def test_a_computed_question_validates_with_its_parameters_filled_in():
    content = normalised(computed_content("berger-meeting", {"max_players": 10}))
    assert content["body"] == {"generator": "berger-meeting", "generator_version": 1,
                               "params": {"min_players": 6, "max_players": 10}}


def test_a_new_computed_question_takes_the_generators_latest_version():
    sample = computed_content("elo-change")
    del sample["body"]["generator_version"]
    assert normalised(sample)["body"]["generator_version"] == computed.latest("elo-change").version


def test_an_unknown_generator_is_refused():
    _content, problems = validate_content(computed_content("magic"), check_citations=False)
    assert [(p.field, p.message) for p in problems] == [("body.generator", "Générateur inconnu « magic ».")]


def test_parameters_out_of_bounds_are_refused_with_a_french_message():
    _content, problems = validate_content(computed_content("swiss-buchholz", {"min_players": 2}),
                                          check_citations=False)
    assert [(p.field, p.message) for p in problems] == [
        ("body.params.min_players", "« Nombre minimum de joueurs » est compris entre 6 et 16.")]


def test_grading_computes_the_answer_of_the_seeds_variant():
    content = normalised(computed_content("knockout-byes"))
    variant = computed.generate(content["body"], 31)
    right = {"value": str(variant.answer.value)}
    assert scoring.grade(content, right, seed=31).correct is True


def test_the_answer_of_one_seed_is_wrong_for_another_whose_answer_differs():
    content = normalised(computed_content("swiss-buchholz"))
    answers = {seed: computed.generate(content["body"], seed).answer.value for seed in range(1, 30)}
    first, other = next((a, b) for a in answers for b in answers if answers[a] != answers[b])
    assert scoring.grade(content, {"value": str(answers[first])}, seed=other).correct is False


def test_the_candidate_view_shows_the_variants_table_and_inputs_but_no_answer():
    content = normalised(computed_content("sonneborn-berger"))
    question = candidate_view(content, variant_seed=8)
    variant = computed.generate(content["body"], 8)
    assert question.type == "numeric" and question.table == variant.table_fr
    assert "correct" not in repr(dataclasses.asdict(question)) and variant.solution_fr not in repr(question)


@pytest.mark.parametrize("module", [json_format, moodle, gift], ids=["json", "moodle", "gift"])
def test_a_computed_question_survives_an_export_and_an_import(module):
    content = normalised(computed_content("prize-sharing", {"method": "full"}))
    parsed = module.parse(module.export([BankEntry("uvo-computed", content)]))
    assert parsed.problems == []
    assert normalised(parsed.entries[0].content) == content


@pytest.mark.parametrize("module", [moodle, gift], ids=["moodle", "gift"])
def test_moodle_and_gift_show_a_sample_variant_natively(module):
    content = normalised(computed_content("swiss-buchholz"))
    exported = module.export([BankEntry("uvt-computed", content)], carry=False)
    assert "R1" in exported and ('type="numerical"' in exported or "{\n\t#" in exported)


@pytest.mark.parametrize("module", [moodle, gift], ids=["moodle", "gift"])
def test_the_generator_comes_back_from_the_question_text_without_the_extension(module):
    """Moodle drops our extension but keeps the question text's data span (issue 21)."""
    content = normalised(computed_content("swiss-buchholz"))
    exported = module.export([BankEntry("uvt-computed", content)], carry=False)
    assert normalised(module.parse(exported).entries[0].content) == content


def test_a_published_computed_question_keeps_its_generator_version(trainer, other_trainer, monkeypatch):
    question = bank.create_question(author=trainer, content=computed_content("berger-meeting"),
                                    uid="uvo-berger")
    bank.submit_for_review(question=question, user=trainer)
    version = bank.approve(question=question, reviewer=other_trainer)
    before = computed.generate(version.body, 5)
    changed = dataclasses.replace(computed.latest("berger-meeting"), version=2,
                                  build=lambda rng, params: computed.generate(version.body, 6))
    monkeypatch.setitem(computed.REGISTRY, ("berger-meeting", 2), changed)
    version.refresh_from_db()
    assert version.body["generator_version"] == 1 and computed.generate(version.body, 5) == before


def test_a_published_question_whose_generator_version_is_gone_is_refused(trainer, other_trainer, monkeypatch):
    question = bank.create_question(author=trainer, content=computed_content("performance"), uid="uvo-perf")
    bank.submit_for_review(question=question, user=trainer)
    version = bank.approve(question=question, reviewer=other_trainer)
    monkeypatch.delitem(computed.REGISTRY, ("performance", 1))
    monkeypatch.setitem(computed.REGISTRY, ("performance", 2), dataclasses.replace(
        computed.latest("elo-change"), key="performance", version=2))
    with pytest.raises(computed.GeneratorUnavailable, match="version 1"):
        scoring.grade(version, {"value": "1"}, seed=1)


def test_the_trial_page_grades_the_variant_it_shows(trainer, other_trainer):
    from django.urls import reverse

    from tests.conftest import client_for

    question = bank.create_question(author=trainer, content=computed_content("knockout-byes"), uid="uvo-ko")
    bank.submit_for_review(question=question, user=trainer)
    version = bank.approve(question=question, reviewer=other_trainer)
    value = computed.generate(version.body, 4).answer.value
    url = reverse("questions:preview", args=["uvo-ko"]) + "?version=1&variant=4"
    response = client_for(trainer).post(url, {"answer": str(value)})
    assert response.context["score"].correct is True

"""A candidate's tournament is drawn once and shared by every server process (the cache), and
so are the engine's rounds the variant does not hold (a TRF question's, the later rounds)."""

from __future__ import annotations

import pickle

import pytest
from django.core.cache import cache

import questions.pairing as pairing
from tests.questions.pairing_samples import livre
from tests.questions.pairing_samples import pairing as pairing_content
from tournaments.swiss import variants


def forget_in_this_process():
    """What another gunicorn worker starts with: its own memory empty, the shared cache kept."""
    for cached in (pairing._situation, pairing._before, pairing._engine):
        cached.cache_clear()


@pytest.fixture(autouse=True)
def fresh_caches():
    cache.clear()
    forget_in_this_process()
    yield
    forget_in_this_process()


def test_a_second_process_reads_the_drawn_tournament_instead_of_drawing_it_again(monkeypatch):
    body = pairing_content()["body"]
    first = pairing.situation_for(body, 7)
    pairing._situation.cache_clear()  # another gunicorn worker: its own memory is empty
    drawn = []
    monkeypatch.setattr(variants, "generate", lambda *args: drawn.append(args))
    second = pairing.situation_for(body, 7)
    assert drawn == []
    assert second.tournament == first.tournament and second.first_pairing == first.first_pairing


def test_another_seed_is_another_tournament():
    body = pairing_content()["body"]
    assert pairing.situation_for(body, 7).tournament != pairing.situation_for(body, 8).tournament


def test_the_drawn_variant_survives_the_file_and_redis_caches_pickling():
    body = pairing_content()["body"]
    params = {**body.get("params", {}), "version": body.get("generator_version", variants.VERSION)}
    variant = variants.generate(params, 3)
    assert pickle.loads(pickle.dumps(variant)) == variant  # noqa: S301 - our own bytes, just written


def engine_asked_in_another_process(monkeypatch) -> list:
    """Empties this process's memory (another worker) and records what the engine is asked."""
    forget_in_this_process()
    asked: list = []
    monkeypatch.setattr(pairing, "pair_round", lambda *args, **kwargs: asked.append(kwargs))
    return asked


def test_a_second_process_does_not_pair_the_later_rounds_of_a_variant_again(monkeypatch):
    body = {**pairing_content()["body"], "params": {"players": 10, "round": 3, "rounds_to_pair": 2}}
    paired = pairing.engine_round(body, 7, 4)
    asked = engine_asked_in_another_process(monkeypatch)
    assert pairing.engine_round(body, 7, 4) == paired and asked == []


def test_a_second_process_does_not_pair_a_trf_questions_rounds_again(monkeypatch):
    body = livre(2, rounds_to_pair=2)["body"]
    paired = [pairing.engine_round(body, 1, number) for number in (2, 3)]
    asked = engine_asked_in_another_process(monkeypatch)
    assert [pairing.engine_round(body, 1, number) for number in (2, 3)] == paired and asked == []

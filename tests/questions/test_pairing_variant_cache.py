"""A candidate's tournament is drawn once and shared by every server process (the cache)."""

from __future__ import annotations

import pickle

import pytest
from django.core.cache import cache

import questions.pairing as pairing
from tests.questions.pairing_samples import pairing as pairing_content
from tournaments.swiss import variants


@pytest.fixture(autouse=True)
def fresh_caches():
    cache.clear()
    pairing._situation.cache_clear()
    yield
    pairing._situation.cache_clear()


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

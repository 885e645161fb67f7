"""The file cache of a machine without Redis (config/cache.py) culls at most every 30 s."""

from __future__ import annotations

import pytest

from config import cache as file_cache


@pytest.fixture
def small_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(file_cache.FileBasedCache, "_next_cull", {})
    clock = {"now": 1000.0}
    monkeypatch.setattr(file_cache.time, "monotonic", lambda: clock["now"])
    backend = file_cache.FileBasedCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}})
    return backend, clock


def test_it_lists_its_directory_at_most_once_every_thirty_seconds(small_cache, monkeypatch):
    backend, clock = small_cache
    listings = []
    listed = backend._list_cache_files
    monkeypatch.setattr(backend, "_list_cache_files", lambda: listings.append(1) or listed())
    for index in range(5):
        backend.set(f"key-{index}", index)
    clock["now"] += file_cache.CULL_EVERY_SECONDS
    backend.set("key-5", 5)
    assert len(listings) == 2


def test_it_still_culls_once_it_has_outgrown_its_maximum(small_cache):
    backend, clock = small_cache
    for index in range(30):
        backend.set(f"key-{index}", index)
    assert len(backend._list_cache_files()) == 30
    clock["now"] += file_cache.CULL_EVERY_SECONDS
    backend.set("one-more", 1)
    assert len(backend._list_cache_files()) <= 16


def test_it_reads_back_what_it_stored(small_cache):
    backend, _clock = small_cache
    backend.set("answer", {"choice": "b"})
    assert backend.get("answer") == {"choice": "b"}

import pytest

from positions import mate


@pytest.fixture(autouse=True)
def searches_bounded_by_nodes_only(monkeypatch):
    """A frozen clock: no verdict of these tests depends on how loaded the machine is."""
    monkeypatch.setattr(mate, "_clock", lambda: 0.0)


@pytest.fixture
def fresh_verdicts(settings):
    """An empty store of definite verdicts for this test: the suite's own outlives the run
    (ENGINE_VERDICT_CACHE in config/settings.py), so a test that needs a verdict computed
    anew, or none found yet, gets the local-memory cache, emptied."""
    from django.core.cache import cache

    settings.ENGINE_VERDICT_CACHE = "default"
    cache.clear()

import pytest

from positions import mate


@pytest.fixture(autouse=True)
def searches_bounded_by_nodes_only(monkeypatch):
    """A frozen clock: no verdict of these tests depends on how loaded the machine is."""
    monkeypatch.setattr(mate, "_clock", lambda: 0.0)

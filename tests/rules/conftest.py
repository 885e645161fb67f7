from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.services import load_rulebook

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "data"


@pytest.fixture
def rulebook(db):
    """The small fixture rulebook: editions 2018 (fr+en), 2017 and 2014 (fr), the Livre's 1.2 and 4.1."""
    return load_rulebook(data_dir=FIXTURES)


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A writable copy of the fixture data, to change before loading."""
    target = tmp_path / "data"
    shutil.copytree(FIXTURES, target)
    return target

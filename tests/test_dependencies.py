"""The direction of the imports between apps: a lower module never imports the one built on it.

Read from the source (every ``import``, at the top of a module or inside a function), so that a
cycle broken once cannot come back through a lazy import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOMAIN_APPS = ["accounts", "rules", "positions", "questions", "delivery", "papers", "courses", "exams",
               "grading", "tournaments", "managed_tournaments", "practice", "certificates"]


def imported_modules(path: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module)
            modules.update(f"{node.module}.{alias.name}" for alias in node.names)
    return modules


def importers(source: str, target: str) -> list[str]:
    """The files under ``source`` (a folder or a module's file) that import ``target`` or below it."""
    path = ROOT / source
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [
        str(file.relative_to(ROOT))
        for file in files
        if any(module == target or module.startswith(f"{target}.") for module in imported_modules(file))
    ]


def test_it_reads_imports_inside_functions(tmp_path):
    module = tmp_path / "lazy.py"
    module.write_text("def f():\n    from practice.services import record_graded\n", encoding="utf-8")
    assert "practice.services" in imported_modules(module)


def test_the_delivery_engine_never_imports_practice():
    # practice builds on delivery; delivery announces graded answers by a signal instead.
    assert importers("delivery", "practice") == []


def test_paper_models_never_import_their_statistics():
    # papers.statistics computes and stores analyses with papers.models, not the other way round.
    assert importers("papers/models.py", "papers.statistics") == []


@pytest.mark.parametrize("app", DOMAIN_APPS)
def test_no_domain_app_imports_the_demo_loader(app):
    # demo/ loads every app's demo data: it sits above them all.
    assert importers(app, "demo") == []

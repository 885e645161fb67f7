"""Regenerate rules/data from the seeds with the importer modules (``--check``: compare only)."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules.importer import DATA_DIR, SeedError, dumps, write_json

MODULES = ["laws2018", "glossary", "diagrams", "editions", "older", "baf144", "livre"]


def build_all(modules: list[str] = MODULES, *, warn=print) -> dict[str, object]:
    """Every output file of every importer module that exists, by file name."""
    outputs: dict[str, object] = {}
    for name in modules:
        module_name = f"rules.importer.{name}"
        try:
            module = import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
            warn(f"warning: importer module {module_name} does not exist yet; skipped")
            continue
        try:
            produced = module.build()
        except SeedError:
            raise
        except Exception as error:
            raise CommandError(f"{module_name}.build() failed: {error!r}") from error
        for filename, data in produced.items():
            if filename in outputs:
                raise CommandError(f"{filename} is produced twice (again by {module_name})")
            outputs[filename] = data
    return outputs


def differing_files(outputs: dict[str, object], directory: Path) -> list[str]:
    differing = []
    for filename, data in sorted(outputs.items()):
        path = directory / filename
        if not path.exists() or path.read_bytes() != dumps(data).encode("utf-8"):
            differing.append(filename)
    return differing


class Command(BaseCommand):
    help = "Regenerate rules/data/*.json from the seed documents; --check only compares."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--check", action="store_true", help="Regenerate in memory and fail if any shipped file differs."
        )
        parser.add_argument(
            "--data-dir", type=Path, default=DATA_DIR, help="Where the files are (default rules/data)."
        )

    def handle(self, *args, check: bool, data_dir: Path, **options) -> None:
        try:
            outputs = build_all(warn=lambda message: self.stderr.write(self.style.WARNING(message)))
        except SeedError as error:
            raise CommandError(str(error)) from error
        if check:
            differing = differing_files(outputs, data_dir)
            if differing:
                raise CommandError(
                    "These files differ from what the importer produces:\n"
                    + "\n".join(f"  {name}" for name in differing)
                )
            self.stdout.write(self.style.SUCCESS(f"{len(outputs)} files reproduced byte for byte."))
            return
        for filename, data in sorted(outputs.items()):
            path = data_dir / filename
            path.parent.mkdir(parents=True, exist_ok=True)
            write_json(filename, data, directory=data_dir)
        self.stdout.write(self.style.SUCCESS(f"{len(outputs)} files written to {data_dir}."))

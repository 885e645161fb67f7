"""Creates the four mock-exam blueprints from the bank (idempotent)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from practice.mocks import ensure_mock_blueprints


class Command(BaseCommand):
    help = "Create the mock-exam blueprints (UVR, UVC, UVO, UVT) missing, mixes in proportion to the bank."

    def handle(self, *args, **options) -> None:
        made = ensure_mock_blueprints()
        names = ", ".join(blueprint.name for blueprint in made)
        self.stdout.write(f"Mock blueprints: {names or 'already present (or the bank is empty)'}.")

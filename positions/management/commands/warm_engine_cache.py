"""Compute the reference positions' verdicts once, into the shared cache (run by `make data`).

Their mate searches take seconds the first time: computed here, the first visitor of
/positions/reference/ (and of any question using one of these positions) is served at once.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from positions.examples import reference_verdicts


class Command(BaseCommand):
    help = "Calcule les verdicts des positions de référence dans le cache partagé."

    def handle(self, *args, **options) -> None:
        start = time.perf_counter()
        verdicts = reference_verdicts()
        seconds = time.perf_counter() - start
        self.stdout.write(f"Reference positions: {len(verdicts)} verdicts in {seconds:.1f} s.")

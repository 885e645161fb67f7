"""Submit every attempt past its deadline and grace period, and grade the handed-in ones whose
automatic grading failed: once (from cron), or every so many seconds from one long-lived
process (``--every``, as ``bin/serve`` runs it)."""

from __future__ import annotations

import logging
import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from delivery import services

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = ("Remet les copies dont l'heure limite et le délai de grâce sont dépassés, et corrige "
            "celles remises dont la correction automatique a échoué.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--enqueue", action="store_true",
                            help="Confier le travail à la file de tâches au lieu de le faire tout de suite.")
        parser.add_argument("--every", type=int, default=0, metavar="SECONDES",
                            help="Recommencer toutes les SECONDES secondes, sans s'arrêter (un seul "
                                 "processus : pas de démarrage de Django à chaque fois).")

    def handle(self, *args, **options) -> None:
        if options["every"] <= 0:
            self._once(options["enqueue"])
            return
        try:
            while True:
                try:
                    self._once(options["enqueue"])
                except Exception:
                    # The database away for a moment must not stop the clock (nor, with it,
                    # the site that bin/serve runs beside it): logged, tried again next time.
                    logger.exception("closing overdue attempts failed")
                close_old_connections()  # a database restarted meanwhile is reconnected next time
                time.sleep(options["every"])
        except KeyboardInterrupt:
            return

    def _once(self, enqueue: bool) -> None:
        if enqueue:
            from delivery.tasks import close_overdue_attempts_task

            result = close_overdue_attempts_task.enqueue()
            self.stdout.write(f"Enqueued: {result.id}")
            return
        closed = services.close_overdue_attempts()
        self.stdout.write(f"Overdue attempts closed: {closed}")
        graded = services.grade_pending_attempts()
        self.stdout.write(f"Handed-in attempts graded again: {graded}")
        from exams.lifecycle import advance_due_sessions

        moved = advance_due_sessions()
        self.stdout.write(f"Exam sessions moved on: {moved}")

"""Submit every attempt past its deadline and grace period (from cron, e.g. every minute)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from delivery import services


class Command(BaseCommand):
    help = "Remet les copies dont l'heure limite et le délai de grâce sont dépassés."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--enqueue", action="store_true",
                            help="Confier le travail à la file de tâches au lieu de le faire tout de suite.")

    def handle(self, *args, **options) -> None:
        if options["enqueue"]:
            from delivery.tasks import close_overdue_attempts_task

            result = close_overdue_attempts_task.enqueue()
            self.stdout.write(f"Enqueued: {result.id}")
            return
        closed = services.close_overdue_attempts()
        self.stdout.write(f"Overdue attempts closed: {closed}")

"""Background work of the delivery engine (django-tasks): thin wrappers around services.

``close_overdue_attempts_task`` is meant to be enqueued every minute (by the worker's
scheduler, or by cron through ``manage.py close_overdue_attempts``). Attempts are also closed
lazily when touched, so a late run only delays the results, never what the candidate sees.
"""

from __future__ import annotations

from django_tasks import task

from delivery import services


@task()
def close_overdue_attempts_task() -> int:
    closed = services.close_overdue_attempts()
    # The same clock grades again the copies whose grading failed at their hand-in.
    services.grade_pending_attempts()
    _advance_sessions()
    return closed


def _advance_sessions() -> None:
    """The same clock moves the exam sessions whose event came with nobody looking
    (registration closing date passed, last window ended): ``exams.lifecycle``."""
    from exams.lifecycle import advance_due_sessions

    advance_due_sessions()

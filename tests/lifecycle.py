"""Putting a test's session in a given state without living through its events.

The state is a protected field that only ``exams.lifecycle`` moves: tests that need a session
already in some state write the row, as a data fixture would."""

from __future__ import annotations

from exams.models import ExamSession


def put_session_in(session: ExamSession, status: str) -> ExamSession:
    ExamSession.objects.filter(pk=session.pk).update(status=status)
    session.refresh_from_db(fields=["status"])
    return session

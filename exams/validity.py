"""How long a unit pass is valid, read from the database: the one place every path asks.

The rule is RIDNA Art. 8 (``eligibility.unit_expiry``). The jury's publication stores its
answer in ``UnitPass.expires_on``, which records, titles, Mon dossier and certificates read;
``manage.py repair_validity`` finds and repairs stored dates that disagree with it (a course
recorded after the unit, a session added or moved, a rule applied differently before).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator

from exams import eligibility
from exams.models import ExamSession, SessionStatus, UnitPass


def announced_sessions() -> list[tuple[str, datetime.date]]:
    """(unit, date) of every announced session: Art. 8 counts from the first one after a course."""
    return list(
        ExamSession.objects.exclude(status=SessionStatus.DRAFT).values_list("unit", "date").distinct()
    )


def unit_pass_expiry(
    *,
    candidate,
    unit: str,
    session: ExamSession | None,
    passed_on: datetime.date,
    sessions: Iterable[tuple[str, datetime.date]] | None = None,
) -> datetime.date:
    """The day a unit passed by ``candidate`` lapses (Art. 8).

    The two years count from the sessions by their dates: a session sat before its date
    lapses as if sat on it.
    """
    return eligibility.unit_expiry(
        unit=unit,
        passed_on=max(passed_on, session.date) if session is not None else passed_on,
        stages=[
            eligibility.StageAttendance(stage, day)
            for stage, day in candidate.stage_records.values_list("stage", "date")
        ],
        sessions=announced_sessions() if sessions is None else sessions,
    )


def expected_expiry(unit_pass: UnitPass, *, sessions=None) -> datetime.date:
    return unit_pass_expiry(
        candidate=unit_pass.candidate,
        unit=unit_pass.unit,
        session=unit_pass.session,
        passed_on=unit_pass.passed_on,
        sessions=sessions,
    )


def disagreeing(unit_passes=None) -> Iterator[tuple[UnitPass, datetime.date]]:
    """Each unit pass whose stored date is not the rule's, with the rule's date."""
    sessions = announced_sessions()
    queryset = unit_passes if unit_passes is not None else UnitPass.objects.all()
    for unit_pass in queryset.select_related("candidate", "session").order_by("pk"):
        expected = expected_expiry(unit_pass, sessions=sessions)
        if expected != unit_pass.expires_on:
            yield unit_pass, expected

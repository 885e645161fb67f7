"""manage.py repair_validity: unit passes and certificates brought back to RIDNA Art. 8 (issue 19)."""

from __future__ import annotations

import datetime
import io
import json

import pytest
from django.core.management import call_command

from certificates import services
from certificates.models import Certificate
from exams.models import AuditEntry, ExamSession, SessionStatus, StageRecord, UnitPass

COURSE = datetime.date(2026, 8, 29)
SAT = datetime.date(2026, 11, 27)


def _session(unit: str, day: datetime.date, staff) -> ExamSession:
    return ExamSession.objects.create(
        unit=unit,
        date=day,
        start_time=datetime.time(9, 30),
        duration=datetime.timedelta(hours=2),
        registration_closes_on=day - datetime.timedelta(days=10),
        status=SessionStatus.PUBLISHED,
        created_by=staff,
    )


@pytest.fixture
def wrong_pass(holder, exam_staff):
    """A UVR passed on 27/11/2026 after an SC course, stored as lapsing two years after a UVO
    session of 28/09/2026 (a session the club course does not open), with its certificate."""
    StageRecord.objects.create(
        candidate=holder, stage="SC", date=COURSE, place="Rennes", trainer_name="Julien Bernard", hours=14
    )
    _session("UVO", datetime.date(2026, 9, 28), exam_staff)
    unit_pass = UnitPass.objects.create(
        candidate=holder,
        unit="UVR",
        session=_session("UVR", SAT, exam_staff),
        passed_on=SAT,
        expires_on=datetime.date(2028, 9, 28),
    )
    services.issue(source=unit_pass, actor=exam_staff, language="fr")
    return unit_pass


def _run(*args) -> str:
    out = io.StringIO()
    call_command("repair_validity", *args, stdout=out)
    return out.getvalue()


def test_the_dry_run_lists_the_old_and_new_dates_and_changes_nothing(wrong_pass):
    output = _run()
    assert "28/09/2028 -> 27/11/2028" in output
    wrong_pass.refresh_from_db()
    assert wrong_pass.expires_on == datetime.date(2028, 9, 28)


def test_apply_repairs_the_record_and_logs_the_old_date(wrong_pass):
    _run("--apply")
    wrong_pass.refresh_from_db()
    assert wrong_pass.expires_on == SAT.replace(year=2028)
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.UNIT_PASS, object_id=str(wrong_pass.pk)).get()
    assert entry.details["old_expires_on"] == "2028-09-28"


def test_apply_reissues_the_certificate_that_states_the_wrong_date(wrong_pass):
    old = Certificate.objects.get(unit_pass=wrong_pass)
    _run("--apply")
    new = Certificate.objects.get(previous=old)
    assert json.loads(new.statement)["valid_until"] == "2028-11-27"
    assert Certificate.objects.get(pk=old.pk).superseded_at is not None


def test_a_second_run_finds_nothing_left_to_repair(wrong_pass):
    _run("--apply")
    assert _run("--apply").strip().endswith("0 unit pass(es) and 0 certificate(s) repaired.")

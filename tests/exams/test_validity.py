"""One validity rule for a unit pass (RIDNA Art. 8), whatever the path that records it (issue 19)."""

from __future__ import annotations

import datetime

from exams import services, validity
from exams.models import ExamSession, SessionStatus, StageRecord
from tests.conftest import make_user

COURSE = datetime.date(2026, 8, 29)


def _session(unit: str, day: datetime.date) -> ExamSession:
    return ExamSession.objects.create(
        unit=unit,
        date=day,
        start_time=datetime.time(9, 30),
        duration=datetime.timedelta(hours=2),
        registration_closes_on=day - datetime.timedelta(days=10),
        status=SessionStatus.PUBLISHED,
    )


def _trainee(email: str, course: datetime.date):
    user = make_user(email)
    StageRecord.objects.create(
        candidate=user, stage="SC", date=course, place="Lyon", trainer_name="A", hours=14
    )
    return user


def test_two_candidates_of_one_session_after_the_same_course_get_the_same_date(db):
    _session("UVR", datetime.date(2026, 9, 28))
    session = _session("UVC", datetime.date(2026, 11, 27))
    first, second = _trainee("a@example.org", COURSE), _trainee("b@example.org", COURSE)
    dates = {
        services.record_unit_pass(user=user, unit="UVC", session=session, passed_on=session.date).expires_on
        for user in (first, second)
    }
    assert dates == {datetime.date(2028, 9, 28)}


def test_a_session_of_a_unit_the_course_does_not_open_does_not_count(db):
    _session("UVO", datetime.date(2026, 9, 28))
    session = _session("UVC", datetime.date(2026, 11, 27))
    unit_pass = services.record_unit_pass(
        user=_trainee("a@example.org", COURSE), unit="UVC", session=session, passed_on=session.date
    )
    assert unit_pass.expires_on == datetime.date(2028, 11, 27)


def test_a_course_recorded_after_the_unit_makes_its_stored_date_disagree(db):
    session = _session("UVC", datetime.date(2026, 11, 27))
    later = _session("UVC", datetime.date(2027, 3, 6))
    user = make_user("a@example.org")
    unit_pass = services.record_unit_pass(user=user, unit="UVC", session=later, passed_on=later.date)
    StageRecord.objects.create(
        candidate=user, stage="SC", date=COURSE, place="Lyon", trainer_name="A", hours=14
    )
    assert list(validity.disagreeing()) == [(unit_pass, session.date.replace(year=2028))]

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from delivery.models import Paper
from exams.models import Centre, DeliveryMode, ExamSession, SessionStatus, StageRecord
from questions.models import Unit
from tests.conftest import make_user


def days(n: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=n)


@pytest.fixture
def director(db):
    return make_user("dra@example.org", first_name="Denise", last_name="Régionale")


@pytest.fixture
def invigilator(db):
    return make_user("surveillant@example.org", first_name="Sam", last_name="Surveillant")


@pytest.fixture
def eligible_trainee(trainee):
    """The trainee of tests/conftest.py with a licence, a birth date and an SC course last month."""
    trainee.ffe_licence = "K12345"
    trainee.birth_date = datetime.date(1990, 5, 17)
    trainee.last_name = "Martin"
    trainee.elo_rapid, trainee.elo_rapid_kind = 1420, "N"  # RIDNA Art. 7.1, for the titles
    trainee.save()
    StageRecord.objects.create(
        candidate=trainee, stage="SC", date=days(-30), place="Rennes", trainer_name="Julien Bernard", hours=14
    )
    return trainee


@pytest.fixture
def session(db, exam_staff):
    return ExamSession.objects.create(
        unit=Unit.UVR,
        date=days(40),
        start_time=datetime.time(9, 30),
        duration=datetime.timedelta(hours=2),
        registration_closes_on=days(20),
        status=SessionStatus.OPEN,
        created_by=exam_staff,
    )


@pytest.fixture
def online_centre(session, director, invigilator):
    centre = Centre.objects.create(
        session=session,
        name="Rennes",
        address="1 rue de la Paix\n35000 Rennes",
        regional_director=director,
        capacity=10,
        delivery_mode=DeliveryMode.ONLINE,
    )
    centre.invigilators.add(invigilator)
    return centre


@pytest.fixture
def paper_centre(session, director):
    return Centre.objects.create(
        session=session,
        name="Lyon",
        address="2 place Bellecour\n69002 Lyon",
        regional_director=director,
        capacity=1,
        delivery_mode=DeliveryMode.PAPER,
    )


@pytest.fixture
def registration(eligible_trainee, session, online_centre):
    from exams import services

    return services.register(
        session=session, centre=online_centre, candidate=eligible_trainee, actor=eligible_trainee
    )


@pytest.fixture
def paper(session):
    """The session's paper, locked, on exam day."""
    paper = Paper.objects.create(title="UVR national", unit="UVR", duration=datetime.timedelta(hours=2),
                                 locked_at=timezone.now())
    session.paper = paper
    session.date = session.registration_closes_on = timezone.localdate()  # exam day
    session.save()
    return paper


@pytest.fixture
def present(registration):
    """A registered candidate the roll call found present."""
    registration.present = True
    registration.save()
    return registration

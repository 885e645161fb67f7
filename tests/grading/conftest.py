"""An exam session already sat: a paper with a closed and an open question, three submitted copies."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.models import Role
from delivery import services as engine
from exams.models import Centre, DeliveryMode, ExamSession, Registration, SessionStatus
from grading import services
from questions.models import Unit
from tests.conftest import make_user
from tests.delivery.conftest import make_paper
from tests.questions import core_samples

SECRET_NAME = "Zébulon"


@pytest.fixture
def reviewer(db):
    return make_user("rita@example.org", "trainer", first_name="Rita")


@pytest.fixture
def exam_paper(trainer, reviewer):
    """1 point for a single choice (a is right), 3 for an open answer (rubric 1 + 2)."""
    return make_paper(
        trainer,
        reviewer,
        [("g-single", core_samples.single()), ("g-open", core_samples.open_answer())],
        title="UVR — jury",
    )


@pytest.fixture
def sat_session(exam_paper, exam_staff):
    today = timezone.localdate()
    return ExamSession.objects.create(
        unit=Unit.UVR,
        date=today - datetime.timedelta(days=3),
        start_time=datetime.time(9, 30),
        duration=datetime.timedelta(hours=2),
        registration_closes_on=today - datetime.timedelta(days=20),
        status=SessionStatus.SAT,
        paper=exam_paper,
        created_by=exam_staff,
    )


@pytest.fixture
def centre(sat_session, trainer):
    return Centre.objects.create(
        session=sat_session,
        name="Rennes",
        address="1 rue de la Paix",
        regional_director=trainer,
        capacity=10,
        delivery_mode=DeliveryMode.ONLINE,
    )


def configure(session, graders, actor):
    """The session's graders, with the thresholds the grading tests use."""
    return services.configure(
        session=session,
        graders=graders,
        discrepancy_threshold=Decimal(20),
        borderline_margin=Decimal(5),
        actor=actor,
    )


def sit(session, centre, candidate, *, choice: str, text: str, code: str) -> Registration:
    registration = Registration.objects.create(
        session=session, centre=centre, candidate=candidate, anonymity_code=code, present=True
    )
    attempt = engine.start_attempt(paper=session.paper, candidate=candidate)
    for item in session.paper.items.select_related("version"):
        answer = {"choice": choice} if item.version.type == "single" else {"text": text}
        engine.save_response(attempt=attempt, item_id=item.pk, answer=answer, sequence=1)
    engine.submit_attempt(attempt=attempt, actor=candidate)
    registration.attempt = attempt
    registration.save(update_fields=["attempt"])
    return registration


@pytest.fixture
def other_candidate(db):
    return make_user("zeb@example.org", Role.TRAINEE, first_name=SECRET_NAME, last_name="Quenouille")


@pytest.fixture
def copies(sat_session, centre, trainee, other_candidate):
    """Alice (right choice) and Zébulon (wrong choice), both with an open answer to mark."""
    return [
        sit(
            sat_session,
            centre,
            trainee,
            choice="a",
            text="Il doit jouer la pièce touchée.",
            code="UVR-AAAA-2222",
        ),
        sit(
            sat_session,
            centre,
            other_candidate,
            choice="b",
            text="Il joue ce qu'il veut.",
            code="UVR-BBBB-3333",
        ),
    ]


@pytest.fixture
def second_grader(db):
    return make_user("gus@example.org", Role.GRADER, first_name="Gus")


@pytest.fixture
def third_grader(db):
    return make_user("gwen@example.org", Role.GRADER, first_name="Gwen")


@pytest.fixture
def distributed(sat_session, copies, grader, second_grader, third_grader, exam_staff):
    services.configure(
        session=sat_session,
        graders=[grader, second_grader, third_grader],
        discrepancy_threshold=Decimal(20),
        borderline_margin=Decimal(5),
        actor=exam_staff,
    )
    services.distribute(session=sat_session, actor=exam_staff)
    return copies


def open_response(registration):
    return registration.attempt.responses.get(needs_hand_grading=True)

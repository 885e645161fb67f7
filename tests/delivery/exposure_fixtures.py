"""A question reserved for an exam, and the papers that could show it: shared by the exposure
tests of several apps (delivery, papers, questions, practice)."""

from __future__ import annotations

import datetime
from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from delivery import services
from delivery.models import Attempt, Feedback, Paper, PaperItem, Purpose
from questions.models import QuestionVersion
from tests.delivery.conftest import publish
from tests.questions import core_samples

# Texts only the reserved question holds: its stem, its explanation, its right option.
RESERVED_STEM = "Sujet national : le joueur au trait arrête la pendule sans jouer. Que décider ?"
RESERVED_EXPLANATION = "Explication du sujet national : article 6.2.1, le coup doit être joué."
RESERVED_OPTION = "Faire jouer un coup au joueur"
FREE_STEM = "Question libre : un joueur touche son cavalier. Que doit-il faire ?"
WITHHELD_NOTICE = "réservée à un examen"


def reserved_content() -> dict:
    content = core_samples.single(stem_fr=RESERVED_STEM, explanation_fr=RESERVED_EXPLANATION)
    content["body"]["options"][0]["text_fr"] = RESERVED_OPTION
    return content


def publish_pair(author, reviewer) -> tuple[QuestionVersion, QuestionVersion]:
    """The question the exam will hold, and a free one."""
    reserved = publish(reserved_content(), "exam-stops-clock", author, reviewer)
    free = publish(core_samples.single(stem_fr=FREE_STEM), "free-touch-move", author, reviewer)
    return reserved, free


def paper_of(versions: list[QuestionVersion], *, purpose: str, locked: bool = True, **fields) -> Paper:
    fields.setdefault("title", f"Sujet {purpose}")
    if purpose == Purpose.PRACTICE:
        fields.setdefault("feedback", Feedback.IMMEDIATE)
        fields.setdefault("duration", None)
    else:
        fields.setdefault("duration", timedelta(hours=2))
    paper = Paper.objects.create(
        purpose=purpose, unit="UVR", locked_at=timezone.now() if locked else None, **fields
    )
    for position, version in enumerate(versions, start=1):
        PaperItem.objects.create(paper=paper, position=position, version=version, points=Decimal(1))
    return paper


def release(exam_paper: Paper, candidate) -> Attempt:
    """The exam sat and its correction released by the jury: the session has ended."""
    attempt = services.start_attempt(paper=exam_paper, candidate=candidate)
    attempt = services.submit_attempt(attempt=attempt)
    services.release_results(attempts=[attempt], actor=candidate)
    return attempt


def register(person, paper: Paper, staff):
    """``person`` registered for a session whose paper is ``paper``."""
    from exams.models import Centre, DeliveryMode, ExamSession, Registration, SessionStatus

    today = timezone.localdate()
    session = ExamSession.objects.create(
        unit="UVR",
        date=today + timedelta(days=30),
        start_time=datetime.time(9, 30),
        duration=timedelta(hours=2),
        registration_closes_on=today + timedelta(days=10),
        status=SessionStatus.OPEN,
        created_by=staff,
        paper=paper,
    )
    centre = Centre.objects.create(
        session=session,
        name="Rennes",
        address="Rennes",
        regional_director=staff,
        capacity=10,
        delivery_mode=DeliveryMode.ONLINE,
    )
    return Registration.objects.create(
        session=session, centre=centre, candidate=person, anonymity_code=Registration.new_code("UVR")
    )

"""Demo data of grading, loaded by `load_demo` after the exam office's (idempotent).

- The past UVR session of ``exams.demo`` gets a locked paper drawn from the bank, the demo
  trainee's copy and three other candidates', open answers double graded (one copy sent to
  a third grader), and published results with corrected copies released.
- A second session, sat ten days ago, is being graded: correcteur@ has copies waiting.
- The graders are correcteur@, correctrice@ and admin@; examens@ grades nothing and so keeps
  the mapping of codes to names (``exams.anonymity``). correcteur@ invigilates the upcoming
  session's Rennes centre: a grading of that session never gives it the copies of Rennes.
- The upcoming UVC session gets its own locked paper drawn from the bank, so that a
  newcomer can sit it with the demo trainee: register in the online centre, let correcteur@
  (its invigilator) take the roll call and open the exam, then start with the code.
Needs the bank (``load_questions``); without it nothing is created.
"""

from __future__ import annotations

import datetime
import uuid
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from accounts.models import Role, User, ensure_role_groups
from delivery import services as engine
from delivery.models import Paper, PaperItem, Purpose
from exams.demo import NAMESPACE, PAST_ID, UPCOMING_ID
from exams.models import Centre, DeliveryMode, ExamSession, Registration, SessionStatus
from exams.models.sessions import DEFAULT_DURATIONS
from grading import jury, services
from grading.models import Assignment
from questions.models import Question, Unit

GRADING_ID = uuid.uuid5(NAMESPACE, "grading-uvr")
PAPER_TITLE = "UVR — sujet national (démo)"
UPCOMING_PAPER_TITLE = "UVC — sujet de la session à venir (démo)"
CLOSED_TYPES = ("single", "multiple", "truefalse")
CANDIDATES = [
    ("louis.garnier@demo.arbitre.fr", "Louis", "Garnier"),
    ("ines.robert@demo.arbitre.fr", "Inès", "Robert"),
    ("hugo.fabre@demo.arbitre.fr", "Hugo", "Fabre"),
]
OPEN_TEXTS = [
    "Selon l'article 4.3, le joueur doit jouer la pièce touchée ; l'arbitre intervient s'il refuse.",
    "Il doit jouer la pièce.",
    "L'arbitre applique le règlement et la partie continue.",
    "",
]


def _user(email: str) -> User:
    return User.objects.get(email=email)


def _paper(author, *, title: str = PAPER_TITLE, unit: str = Unit.UVR, closed: int = 6, open_: int = 2
           ) -> Paper | None:
    existing = Paper.objects.filter(title=title, purpose=Purpose.EXAM).first()
    if existing is not None:
        return existing
    published = Question.objects.in_use().for_unit(unit).filter(current_version__isnull=False)
    closed_questions = list(published.filter(current_version__type__in=CLOSED_TYPES).order_by("uid")[:closed])
    open_questions = list(published.filter(current_version__type="open").order_by("uid")[:open_])
    if len(closed_questions) < 4 or not open_questions:
        return None
    now = timezone.now()
    paper = Paper.objects.create(
        title=title,
        purpose=Purpose.EXAM,
        unit=unit,
        duration=DEFAULT_DURATIONS[unit],
        created_by=author,
        locked_at=now,
        locked_by=author,
    )
    for position, question in enumerate(closed_questions + open_questions, start=1):
        version = question.current_version
        PaperItem.objects.create(
            paper=paper, position=position, version=version, points=Decimal(version.points)
        )
    return paper


def _candidates() -> list[User]:
    trainee_group = ensure_role_groups()[Role.TRAINEE]
    people = [_user("stagiaire@demo.arbitre.fr")]
    for email, first_name, last_name in CANDIDATES:
        user, created = User.objects.get_or_create(
            email=email, defaults={"first_name": first_name, "last_name": last_name}
        )
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
            user.groups.add(trainee_group)
        people.append(user)
    return people


def _answer(item: PaperItem, index: int) -> dict:
    """Deterministic answers: the first candidate mostly right, the others less and less."""
    version = item.version
    if version.type == "open":
        return {"text": OPEN_TEXTS[index % len(OPEN_TEXTS)]}
    options = version.body.get("options", [])
    right = [o["key"] for o in options if o.get("correct")]
    wrong = [o["key"] for o in options if not o.get("correct")]
    is_right = (item.position + index) % (index + 2) != 0
    if version.type == "truefalse":
        answer = bool(version.body.get("answer"))
        return {"answer": answer if is_right else not answer}
    if version.type == "multiple":
        return {"choices": right if is_right else wrong[:1]}
    return {"choice": right[0] if is_right or not wrong else wrong[0]}


def _sit(session: ExamSession, centre: Centre, candidate: User, index: int, grader: User) -> Registration:
    registration = Registration.objects.filter(session=session, candidate=candidate).first()
    if registration is None:
        registration = Registration.objects.create(
            session=session,
            centre=centre,
            candidate=candidate,
            anonymity_code=services_code(session),
            present=True,
            registered_at=timezone.now() - datetime.timedelta(days=80),
        )
    if registration.attempt_id is None:
        started = session.starts_at
        # A paper centre: the grader typed the copy in after the exam.
        attempt = engine.start_attempt(
            paper=session.paper, candidate=candidate, actor=grader, seed=index + 1, now=started
        )
        for item in session.paper.items.select_related("version"):
            engine.save_response(
                attempt=attempt, item_id=item.pk, answer=_answer(item, index), sequence=1, now=started
            )
        engine.submit_attempt(attempt=attempt, actor=grader, now=started + datetime.timedelta(minutes=90))
        registration.attempt = attempt
        registration.save(update_fields=["attempt"])
    return registration


def services_code(session: ExamSession) -> str:
    from exams.services import _unique_code

    return _unique_code(session)


def _grade_all(session: ExamSession, *, disagree_once: bool, leave_for=None) -> None:
    """Grade every assignment from its rubric (full, or half for short answers); one disagreement."""
    disagreed = False
    for assignment in Assignment.objects.filter(session=session).order_by("round", "pk"):
        if assignment.is_graded or (leave_for is not None and assignment.grader_id == leave_for.pk):
            continue
        rubric = services.rubric(assignment)
        text = assignment.response.answer.get("text", "")
        full = len(text) > 40
        marks = [Decimal(str(c["points"])) if full else Decimal(str(c["points"])) / 2 for c in rubric]
        if not text:
            marks = [Decimal(0) for _ in rubric]
        if disagree_once and not disagreed and assignment.round == 2 and full:
            marks = [Decimal(0) for _ in rubric]
            disagreed = True
        services.grade(assignment=assignment, marks=marks, comment="", actor=assignment.grader)
    if any(not a.is_graded for a in Assignment.objects.filter(session=session, round=3)):
        _grade_all(session, disagree_once=False, leave_for=leave_for)


@transaction.atomic
def load() -> list[str]:
    created: list[str] = []
    past = ExamSession.objects.filter(pk=PAST_ID).first()
    if past is None:
        return created
    staff = _user("examens@demo.arbitre.fr")
    grader = _user("correcteur@demo.arbitre.fr")
    # examens@ keeps the codes of every demo session (exams.anonymity): it grades none of them.
    # admin@ is exam staff who grades: names without codes on the staff pages of these sessions.
    graders = [grader, _user("correctrice@demo.arbitre.fr"), _user("admin@demo.arbitre.fr")]
    paper = _paper(_user("formateur@demo.arbitre.fr"))
    if paper is None:
        return created
    people = _candidates()

    if past.status != SessionStatus.PUBLISHED:
        if past.paper_id is None:
            past.paper = paper
            past.save(update_fields=["paper"])
        centre = past.centres.first()
        for index, person in enumerate(people):
            _sit(past, centre, person, index, grader)
        services.configure(
            session=past,
            graders=graders,
            discrepancy_threshold=Decimal(20),
            borderline_margin=Decimal(5),
            actor=staff,
        )
        services.distribute(session=past, actor=staff)
        _grade_all(past, disagree_once=True)
        jury.deliberate(session=past, actor=staff)
        jury.publish(session=past, actor=staff, release_corrections=True, notify_candidates=False)
        created.append("session passée corrigée et publiée")

    today = timezone.localdate()
    grading, was_created = ExamSession.objects.get_or_create(
        pk=GRADING_ID,
        defaults={
            "unit": Unit.UVR,
            "date": today - datetime.timedelta(days=10),
            "start_time": datetime.time(14, 0),
            "duration": DEFAULT_DURATIONS[Unit.UVR],
            "registration_closes_on": today - datetime.timedelta(days=25),
            "status": SessionStatus.SAT,
            "paper": paper,
            "created_by": staff,
        },
    )
    if was_created:
        centre = Centre.objects.create(
            session=grading,
            name="Lyon — Ligue AURA",
            address="2 place Bellecour\n69002 Lyon",
            regional_director=_user("formatrice@demo.arbitre.fr"),
            capacity=12,
            delivery_mode=DeliveryMode.ONLINE,
        )
        for index, person in enumerate(people[1:], start=1):
            _sit(grading, centre, person, index, staff)
        services.configure(
            session=grading,
            graders=graders,
            discrepancy_threshold=Decimal(20),
            borderline_margin=Decimal(5),
            actor=staff,
        )
        services.distribute(session=grading, actor=staff)
        _grade_all(grading, disagree_once=False, leave_for=grader)
        created.append("session en cours de correction")

    upcoming = ExamSession.objects.filter(pk=UPCOMING_ID, paper=None).first()
    if upcoming is not None:
        upcoming_paper = _paper(_user("formateur@demo.arbitre.fr"), title=UPCOMING_PAPER_TITLE,
                                unit=upcoming.unit, closed=10, open_=1)
        if upcoming_paper is not None:
            upcoming.paper = upcoming_paper
            upcoming.save(update_fields=["paper"])
            created.append("sujet de la session à venir")
    return created

"""Demo data of the exam office, loaded by `load_demo` (idempotent)."""

from __future__ import annotations

import datetime
import uuid

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from exams import lifecycle
from exams.models import Centre, DeliveryMode, ExamSession, Registration, SessionStatus, StageRecord
from exams.models.sessions import DEFAULT_DURATIONS
from questions.models import Unit

NAMESPACE = uuid.UUID("5b8f7c1e-8f57-4d44-9a3b-6c1f4e0a2d10")
UPCOMING_ID = uuid.uuid5(NAMESPACE, "upcoming-uvr")
PAST_ID = uuid.uuid5(NAMESPACE, "past-uvr")


def _user(email: str) -> User:
    return User.objects.get(email=email)


@transaction.atomic
def load() -> list[str]:
    """Create what is missing; return what was created (for the command's report)."""
    created: list[str] = []
    today = timezone.localdate()
    trainee = _user("stagiaire@demo.arbitre.fr")
    staff = _user("examens@demo.arbitre.fr")
    if trainee.birth_date is None:
        trainee.birth_date = datetime.date(1998, 4, 12)
        trainee.save(update_fields=["birth_date"])
    if trainee.elo_rapid is None:  # RIDNA Art. 7.1: a title needs a standard or rapid rating
        trainee.elo_rapid, trainee.elo_rapid_kind = 1420, "N"
        trainee.save(update_fields=["elo_rapid", "elo_rapid_kind"])
    # An SC course (RIDNA Art. 15.2) makes the trainee eligible for the UVR and the UVC (Art. 16.1-2).
    # The past UVR session (below, graded by grading.demo) gives the trainee the UVR; the
    # upcoming session is therefore the UVC, the next unit of the club arbiter's path.
    if not trainee.stage_records.filter(stage="SC").exists():
        StageRecord.objects.create(
            candidate=trainee,
            stage="SC",
            date=today - datetime.timedelta(days=90),
            place="Rennes",
            trainer_name="Julien Bernard",
            hours=14,
            recorded_by=staff,
        )
        created.append("stage SC")

    # Today's session, still to sit: an exam opens only on its date (exams.invigilation), and
    # the tour has the newcomer register, then sit it at once. A demo loaded another day moves
    # it to today while nobody has sat it.
    upcoming, was_created = ExamSession.objects.get_or_create(
        pk=UPCOMING_ID,
        defaults={
            "unit": Unit.UVC,
            "date": today,
            "start_time": datetime.time(9, 30),
            "duration": DEFAULT_DURATIONS[Unit.UVC],
            "registration_closes_on": today,
            "status": SessionStatus.OPEN,
            "created_by": staff,
        },
    )
    if was_created:
        created.append("session UVC du jour")
    elif (upcoming.date != today and upcoming.status in (SessionStatus.OPEN, SessionStatus.CLOSED)
          and not upcoming.registrations.filter(attempt__isnull=False).exists()):
        upcoming.date = upcoming.registration_closes_on = today
        upcoming.save(update_fields=["date", "registration_closes_on"])
        if upcoming.status == SessionStatus.CLOSED:  # closed by the clock the day after it was loaded
            lifecycle.fire(upcoming, "reopen_registrations", by=staff, cause="load_demo")
        created.append("session UVC ramenée à aujourd'hui")
    online, was_created = Centre.objects.get_or_create(
        session=upcoming,
        name="Rennes — Maison des échecs",
        defaults={
            "address": "12 rue de Saint-Malo\n35000 Rennes",
            "regional_director": _user("formateur@demo.arbitre.fr"),
            "capacity": 20,
            "delivery_mode": DeliveryMode.ONLINE,
        },
    )
    if was_created:
        online.invigilators.add(_user("correcteur@demo.arbitre.fr"))
        created.append("centre en ligne")
    _, was_created = Centre.objects.get_or_create(
        session=upcoming,
        name="Toulouse — Ligue d'Occitanie",
        defaults={
            "address": "5 allée des Sports\n31000 Toulouse",
            "regional_director": _user("formatrice@demo.arbitre.fr"),
            "capacity": 12,
            "delivery_mode": DeliveryMode.PAPER,
        },
    )
    if was_created:
        created.append("centre papier")

    # A session already sat, for the jury's grading and publication to complete.
    past, was_created = ExamSession.objects.get_or_create(
        pk=PAST_ID,
        defaults={
            "unit": Unit.UVR,
            "date": today - datetime.timedelta(days=60),
            "start_time": datetime.time(9, 30),
            "duration": DEFAULT_DURATIONS[Unit.UVR],
            "registration_closes_on": today - datetime.timedelta(days=75),
            "status": SessionStatus.SAT,
            "created_by": staff,
        },
    )
    if was_created:
        created.append("session UVR passée")
    past_centre, _ = Centre.objects.get_or_create(
        session=past,
        name="Rennes — Maison des échecs",
        defaults={
            "address": "12 rue de Saint-Malo\n35000 Rennes",
            "regional_director": _user("formateur@demo.arbitre.fr"),
            "capacity": 20,
            "delivery_mode": DeliveryMode.PAPER,
        },
    )
    if not Registration.objects.filter(session=past, candidate=trainee).exists():
        Registration.objects.create(
            session=past,
            centre=past_centre,
            candidate=trainee,
            registered_by=staff,
            anonymity_code=Registration.new_code(Unit.UVR),
            present=True,
            registered_at=timezone.now() - datetime.timedelta(days=80),
        )
        created.append("inscription à la session passée")
    return created

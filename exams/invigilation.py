"""Running a centre on the day: roll call, opening the online exam, extra time for incidents."""

from __future__ import annotations

import datetime
import hmac

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from delivery import services as delivery
from delivery.models import AttemptStatus
from exams import lifecycle
from exams.audit import log_action
from exams.models import AuditEntry, Centre, Registration, SessionStatus
from exams.models.sessions import random_code
from exams.services import ExamError


def candidates(centre: Centre):
    return (
        centre.registrations.active()
        .select_related("candidate", "attempt")
        .order_by("candidate__last_name", "candidate__first_name")
    )


def mark_presence(
    *, centre: Centre, present_ids: set[str], actor, now: datetime.datetime | None = None
) -> int:
    """Roll call: the ticked candidates are present, the others absent. Returns how many are present."""
    now = now or timezone.now()
    count = 0
    with transaction.atomic():
        for registration in candidates(centre).select_for_update(of=("self",)):
            present = str(registration.pk) in present_ids
            if registration.attempt_id and not present:
                continue  # a candidate who has started cannot be marked absent
            registration.present = present
            registration.checked_at = now
            registration.save(update_fields=["present", "checked_at"])
            count += present
        log_action(
            actor=actor,
            action=AuditEntry.Action.ROLL_CALL,
            target=centre,
            session=centre.session,
            details={"present": count},
        )
    return count


def _require_openable(centre: Centre) -> None:
    if not centre.is_online:
        raise ExamError(_("Ce centre compose sur papier : il n'y a pas d'épreuve en ligne à ouvrir."))
    if centre.session.paper_id is None:
        raise ExamError(
            _("Le sujet de cette session n'est pas encore attribué : l'épreuve ne peut pas être ouverte.")
        )
    if centre.session.paper.locked_at is None:
        raise ExamError(
            _("Le sujet de cette session n'est pas verrouillé : l'équipe des examens doit le verrouiller "
              "avant l'ouverture de l'épreuve.")
        )
    session = centre.session
    if session.status not in (SessionStatus.OPEN, SessionStatus.CLOSED, SessionStatus.SITTING):
        raise ExamError(
            _("Cette session est à l'état « %(status)s » : son épreuve ne peut pas être ouverte.")
            % {"status": session.get_status_display()}
        )
    # The candidates of every centre sit the same paper the same day: opening it another day
    # would let its questions out before the others sit it (or a pass be dated in the future).
    if session.date != timezone.localdate():
        raise ExamError(
            _("Cette session a lieu le %(date)s : son épreuve ne peut être ouverte que ce jour-là.")
            % {"date": date_format(session.date, "DATE_FORMAT")}
        )


def _start(registration: Registration, actor) -> Registration:
    attempt = delivery.start_attempt(
        paper=registration.session.paper,
        candidate=registration.candidate,
        extra_time=registration.extra_time,
        large_print=registration.large_print,
        actor=actor,
    )
    registration.attempt = attempt
    registration.save(update_fields=["attempt"])
    return registration


def open_attempts(*, centre: Centre, actor) -> int:
    """Start the attempt of every present candidate who has none yet; also issue the start code."""
    _require_openable(centre)
    started = 0
    with transaction.atomic():
        locked = Centre.objects.select_for_update().get(pk=centre.pk)
        for registration in (
            candidates(locked).filter(present=True, attempt__isnull=True).select_related("session__paper")
        ):
            _start(registration, actor)
            started += 1
        if not locked.start_code:
            locked.start_code = random_code(6)
        locked.opened_at = locked.opened_at or timezone.now()
        locked.save(update_fields=["start_code", "opened_at"])
        log_action(
            actor=actor,
            action=AuditEntry.Action.OPENING,
            target=locked,
            session=locked.session,
            details={"started": started},
        )
        # The first centre to open starts the session's sitting (registrations close with it).
        lifecycle.on_exam_opened(locked.session, by=actor)
    centre.start_code, centre.opened_at = locked.start_code, locked.opened_at
    return started


def can_start_with_code(registration: Registration) -> bool:
    centre = registration.centre
    if not (
        registration.is_active
        and registration.attempt_id is None
        and registration.present
        and centre.is_online
        and centre.opened_at
        and centre.start_code
    ):
        return False
    try:
        _require_openable(centre)
    except ExamError:
        return False
    return True


def start_with_code(*, registration: Registration, code: str, actor) -> Registration:
    """A present candidate starts their own attempt by typing the code the invigilator shows."""
    if registration.attempt_id is not None:
        return registration
    centre = registration.centre
    if not (centre.is_online and centre.opened_at and centre.start_code):
        raise ExamError(_("L'épreuve n'est pas encore ouverte dans votre centre."))
    if not registration.present:
        raise ExamError(_("Votre présence n'a pas été enregistrée : présentez-vous au surveillant."))
    if not hmac.compare_digest(code.encode(), centre.start_code.encode()):
        raise ExamError(_("Ce code ne correspond pas à celui de votre centre."))
    # The centre stays opened and its code stays valid: what the invigilator's opening asks
    # (the session's day, a session still being sat) is asked again of every start, or a
    # candidate present but not started would start a copy the next day, or once the session
    # is sat or its correction released.
    _require_openable(centre)
    with transaction.atomic():
        locked = (
            Registration.objects.select_for_update(of=("self",))
            .select_related("session__paper", "candidate")
            .get(pk=registration.pk)
        )
        if locked.attempt_id is None:
            _start(locked, actor)
    return locked


def extend(
    *, centre: Centre, minutes: int, reason: str, actor, registration: Registration | None = None
) -> int:
    """Add time after an incident to one candidate or to every running attempt of the centre."""
    targets = [registration] if registration is not None else list(candidates(centre))
    extended = []
    for target in targets:
        if target.centre_id != centre.pk:
            raise ExamError(_("Ce candidat n'est pas inscrit dans ce centre."))
        if target.attempt is None or target.attempt.status != AttemptStatus.IN_PROGRESS:
            if registration is not None:
                raise ExamError(_("Ce candidat n'a pas d'épreuve en cours."))
            continue
        try:
            delivery.extend_attempt(attempt=target.attempt, minutes=minutes, reason=reason, actor=actor)
        except delivery.AttemptClosed:
            if registration is not None:
                raise ExamError(_("L'épreuve de ce candidat est déjà remise.")) from None
            continue
        # Names, as on the roll call: the invigilator never reads codes.
        extended.append(str(target.candidate))
    if registration is not None or extended:
        log_action(
            actor=actor,
            action=AuditEntry.Action.EXTENSION,
            target=registration or centre,
            session=centre.session,
            reason=reason,
            details={"minutes": minutes, "candidates": extended, "whole_centre": registration is None},
        )
    return len(extended)

"""Writes of the exam office that span several models (keyword-only, validated)."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from exams import eligibility, validity
from exams.audit import log_action
from exams.models import (
    AuditEntry,
    Centre,
    ExamSession,
    Registration,
    RegistrationStatus,
    SessionStatus,
    Title,
    TitleAward,
    UnitPass,
)


class ExamError(Exception):
    """A write the rules refuse; the message is for the person who asked, in their language."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def candidate_file(user) -> eligibility.CandidateFile:
    """What the RIDNA looks at for ``user``, read from their records."""
    return eligibility.CandidateFile(
        birth_date=user.birth_date,
        has_licence=bool(user.ffe_licence),
        stages=tuple(
            eligibility.StageAttendance(stage, day)
            for stage, day in user.stage_records.values_list("stage", "date")
        ),
        units=tuple(
            eligibility.HeldUnit(unit, passed, expires)
            for unit, passed, expires in user.unit_passes.values_list("unit", "passed_on", "expires_on")
        ),
        titles=tuple(
            eligibility.HeldTitle(title, day, level)
            for title, day, level in user.title_awards.values_list("title", "awarded_on", "level")
        ),
        favourable_asp_dates=tuple(
            user.asp_records.filter(favourable=True).values_list("end_date", flat=True)
        ),
        technical_report_dates=tuple(user.technical_reports.values_list("validated_on", flat=True)),
        ratings=tuple(
            eligibility.Rating(speed, value, kind)
            for speed, value, kind in (
                ("standard", user.elo_standard, user.elo_standard_kind),
                ("rapid", user.elo_rapid, user.elo_rapid_kind),
            )
            if value is not None
        ),
        qualifications=tuple(
            eligibility.HeldQualification(kind, day)
            for kind, day in user.qualifications.values_list("kind", "obtained_on")
        ),
        officiated=tuple(
            eligibility.Officiated(day, visit)
            for day, visit in user.officiated_tournaments.values_list("end_date", "supervision_visit")
        ),
    )


def check_registration(*, candidate, session: ExamSession, for_staff: bool = False) -> eligibility.Decision:
    """The RIDNA's decision, written to the candidate, or about them to exam staff (``for_staff``)."""
    return eligibility.registration_eligibility(
        candidate_file(candidate), unit=session.unit, exam_day=session.date,
        candidate_name=str(candidate) if for_staff else None,
    )


def register(
    *,
    session: ExamSession,
    centre: Centre,
    candidate,
    actor,
    override_reason: str = "",
    by_staff: bool = False,
    now: datetime.datetime | None = None,
) -> Registration:
    """Register ``candidate`` in ``centre``.

    A trainee registers while the session is open and before its closing date (Art. 8:
    "ayant adressé au DRA sa demande d'inscription à la prochaine session"). Exam staff
    may register anyone until the exam is sat, and may override a refusal of the RIDNA
    rules with a recorded reason. Places are counted with the centre's row locked, so two
    last-minute registrations cannot both take the last place.
    """
    now = now or timezone.now()
    if centre.session_id != session.pk:
        raise ExamError(_("Ce centre n'appartient pas à cette session."))
    if by_staff:
        if session.status not in {SessionStatus.DRAFT, SessionStatus.OPEN, SessionStatus.CLOSED}:
            raise ExamError(_("L'épreuve a déjà eu lieu : on ne peut plus y inscrire de candidat."))
    elif not session.registration_is_open(timezone.localdate(now)):
        raise ExamError(
            _("Les inscriptions à cette session ne sont pas ouvertes ou sont closes depuis le %(date)s.")
            % {"date": session.registration_closes_on.strftime("%d/%m/%Y")}
        )
    # Staff (or anyone registering someone else) read the refusal, and keep it on the record.
    decision = check_registration(
        candidate=candidate, session=session, for_staff=by_staff or actor != candidate
    )
    override_reason = override_reason.strip()
    if not decision.eligible and not (by_staff and override_reason):
        raise ExamError(decision.reason())
    with transaction.atomic():
        locked = Centre.objects.select_for_update().get(pk=centre.pk)
        existing = (
            Registration.objects.select_for_update().filter(session=session, candidate=candidate).first()
        )
        if existing is not None and existing.is_active:
            if by_staff or actor != candidate:
                raise ExamError(
                    _("%(name)s est déjà inscrit(e) à cette session (centre : %(centre)s).")
                    % {"name": candidate, "centre": existing.centre}
                )
            raise ExamError(
                _("Vous êtes déjà inscrit(e) à cette session (centre : %(centre)s).")
                % {"centre": existing.centre}
            )
        if locked.registrations.filter(status=RegistrationStatus.REGISTERED).count() >= locked.capacity:
            raise ExamError(
                _("Le centre %(centre)s est complet (%(capacity)s places) : choisissez un autre centre.")
                % {"centre": locked.name, "capacity": locked.capacity}
            )
        registration = existing or Registration(
            session=session, candidate=candidate, anonymity_code=_unique_code(session)
        )
        registration.centre = locked
        registration.status = RegistrationStatus.REGISTERED
        registration.registered_at = now
        registration.registered_by = actor
        registration.withdrawn_at = None
        registration.override_reason = override_reason if not decision.eligible else ""
        registration.refusal = decision.reason() if not decision.eligible else ""
        registration.full_clean()
        registration.save()
        if by_staff:
            log_action(
                actor=actor,
                action=AuditEntry.Action.REGISTRATION,
                target=registration,
                session=session,
                details={"candidate": candidate.email, "centre": locked.name},
            )
        if not decision.eligible:
            log_action(
                actor=actor,
                action=AuditEntry.Action.OVERRIDE,
                target=registration,
                session=session,
                reason=override_reason,
                details={
                    "candidate": candidate.email,
                    "refusal": registration.refusal,
                    "rules": [check.rule for check in decision.refusals],
                },
            )
    return registration


def _unique_code(session: ExamSession) -> str:
    taken = set(session.registrations.values_list("anonymity_code", flat=True))
    while True:
        code = Registration.new_code(session.unit)
        if code not in taken:
            return code


def withdraw(
    *, registration: Registration, actor, by_staff: bool = False, now: datetime.datetime | None = None
) -> Registration:
    """A candidate withdraws before the closing date; exam staff may withdraw anyone not yet started."""
    now = now or timezone.now()
    if not registration.is_active:
        raise ExamError(_("Cette inscription est déjà annulée."))
    if registration.attempt_id is not None:
        raise ExamError(_("L'épreuve a commencé pour ce candidat : l'inscription ne peut plus être annulée."))
    if not by_staff and not registration.can_withdraw(timezone.localdate(now)):
        raise ExamError(
            _("Les inscriptions sont closes depuis le %(date)s : adressez-vous à l'équipe examens.")
            % {"date": registration.session.registration_closes_on.strftime("%d/%m/%Y")}
        )
    registration.status = RegistrationStatus.WITHDRAWN
    registration.withdrawn_at = now
    registration.save(update_fields=["status", "withdrawn_at"])
    log_action(
        actor=actor,
        action=AuditEntry.Action.WITHDRAWAL,
        target=registration,
        session=registration.session,
        details={"by_staff": by_staff},
    )
    return registration


def record_unit_pass(
    *, user, unit: str, session: ExamSession | None, passed_on: datetime.date, actor=None
) -> UnitPass:
    """Record a unit obtained (called by the jury's publication), with its Art. 8 expiry.

    ``passed_on`` is the day the unit was obtained; the two years still count from the
    sessions by their dates, so a session sat before its date lapses as if sat on it.
    """
    expires_on = validity.unit_pass_expiry(candidate=user, unit=unit, session=session, passed_on=passed_on)
    unit_pass, _created = UnitPass.objects.update_or_create(
        candidate=user,
        unit=unit,
        passed_on=passed_on,
        defaults={"session": session, "expires_on": expires_on},
    )
    log_action(
        actor=actor,
        action=AuditEntry.Action.UNIT_PASS,
        target=unit_pass,
        session=session,
        details={"unit": unit, "passed_on": passed_on, "expires_on": expires_on},
    )
    return unit_pass


def award_title(
    *, candidate, title: str, actor, awarded_on: datetime.date, note: str = "", override_reason: str = ""
) -> TitleAward:
    """The DNA awards a title (Art. 7); refused unless the RIDNA criteria are met or a reason is given."""
    if title not in Title.values:
        raise ExamError(_("Titre inconnu."))
    decision = eligibility.title_eligibility(candidate_file(candidate), title=title, on=awarded_on)
    if TitleAward.objects.filter(candidate=candidate, title=title).exists():
        raise ExamError(_("%(name)s est déjà %(title)s.") % {"name": candidate, "title": title})
    override_reason = override_reason.strip()
    if not decision.eligible and not override_reason:
        raise ExamError(
            _(
                "Les critères du RIDNA ne sont pas remplis : %(reason)s Indiquez le motif d'une "
                "dérogation pour décerner le titre malgré tout."
            )
            % {"reason": decision.reason()}
        )
    with transaction.atomic():
        award = TitleAward(
            candidate=candidate, title=title, awarded_on=awarded_on, awarded_by=actor, note=note
        )
        award.full_clean()
        award.save()
        log_action(
            actor=actor,
            action=AuditEntry.Action.TITLE_AWARD,
            target=award,
            reason=override_reason,
            details={
                "candidate": candidate.email,
                "title": title,
                "awarded_on": awarded_on,
                "criteria_met": decision.eligible,
                "refusal": decision.reason() if not decision.eligible else "",
            },
        )
    return award


def promote_afo_to_level_2(*, candidate, actor, on: datetime.date, override_reason: str = "") -> TitleAward:
    """The Directeur des Titres moves an AFO to level 2 (RIDNA Art. 11.1); refused unless the
    criteria are met or a reason is given."""
    award = TitleAward.objects.filter(candidate=candidate, title=Title.AFO).first()
    if award is None:
        raise ExamError(_("%(name)s n'est pas AFO.") % {"name": candidate})
    if award.level >= 2:
        raise ExamError(_("%(name)s est déjà AFO de niveau 2.") % {"name": candidate})
    decision = eligibility.afo_level_2_eligibility(candidate_file(candidate), on=on)
    override_reason = override_reason.strip()
    if not decision.eligible and not override_reason:
        raise ExamError(
            _(
                "Les critères du RIDNA ne sont pas remplis : %(reason)s Indiquez le motif d'une "
                "dérogation pour passer l'arbitre au niveau 2 malgré tout."
            )
            % {"reason": decision.reason()}
        )
    with transaction.atomic():
        award.level = 2
        award.full_clean()
        award.save(update_fields=["level"])
        log_action(
            actor=actor,
            action=AuditEntry.Action.TITLE_AWARD,
            target=award,
            reason=override_reason,
            details={
                "candidate": candidate.email,
                "title": Title.AFO,
                "level": 2,
                "on": on,
                "criteria_met": decision.eligible,
                "refusal": decision.reason() if not decision.eligible else "",
            },
        )
    return award

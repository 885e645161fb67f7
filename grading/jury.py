"""The jury: one row per copy, decisions, lifting anonymity, publication and the CSV export."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from delivery import services as engine
from delivery.models import Attempt, AttemptStatus
from exams import lifecycle
from exams.audit import log_action
from exams.models import AuditEntry, ExamSession, Registration, SessionStatus
from exams.services import record_unit_pass
from grading.models import JuryDecision
from grading.services import GradingError, setup_for

CENT = Decimal("0.01")


@dataclass
class CopyRow:
    """What the jury reads of one registration's copy."""

    registration: Registration
    attempt: Attempt | None
    decision: JuryDecision | None
    pass_mark: Decimal
    margin: Decimal
    pending_responses: int

    @property
    def code(self) -> str:
        return self.registration.anonymity_code

    @property
    def absent(self) -> bool:
        return self.attempt is None

    @property
    def waiting(self) -> bool:
        """Not yet gradable or not yet fully graded: blocks publication."""
        return self.attempt is not None and (
            self.attempt.status == AttemptStatus.IN_PROGRESS or self.attempt.score is None
        )

    @property
    def score(self) -> Decimal | None:
        if self.decision is not None:
            return self.decision.score
        return self.attempt.score if self.attempt else None

    @property
    def max_score(self) -> Decimal | None:
        return self.attempt.max_score if self.attempt else None

    @property
    def percent(self) -> Decimal | None:
        if self.score is None or not self.max_score:
            return None
        return (self.score * 100 / self.max_score).quantize(Decimal("0.1"), ROUND_HALF_UP)

    @property
    def passed(self) -> bool | None:
        if self.decision is not None:
            return self.decision.passed
        return self.attempt.passed if self.attempt else None

    @property
    def eliminated(self) -> bool:
        """Above the pass mark but failed by the engine: an eliminatory question was missed."""
        attempt = self.attempt
        if attempt is None or attempt.score is None or not attempt.max_score:
            return False
        return attempt.passed is False and attempt.score * 100 / attempt.max_score >= self.pass_mark

    @property
    def borderline(self) -> bool:
        return self.percent is not None and abs(self.percent - self.pass_mark) <= self.margin


def rows(session: ExamSession) -> list[CopyRow]:
    setup = setup_for(session)
    pass_mark = session.paper.pass_mark if session.paper_id else session.pass_mark
    registrations = (
        session.registrations.active()
        .select_related("candidate", "attempt", "jury_decision")
        .order_by("anonymity_code")
    )
    result = []
    for registration in registrations:
        attempt = registration.attempt
        pending = 0
        if attempt is not None:
            pending = attempt.responses.filter(needs_hand_grading=True, points__isnull=True).count()
        result.append(
            CopyRow(
                registration=registration,
                attempt=attempt,
                decision=getattr(registration, "jury_decision", None),
                pass_mark=pass_mark,
                margin=setup.borderline_margin,
                pending_responses=pending,
            )
        )
    return result


def _passes(row: CopyRow, score: Decimal) -> bool:
    return (score * 100 / row.max_score >= row.pass_mark) and not row.eliminated


def decide(
    *,
    session: ExamSession,
    registration: Registration,
    actor,
    adjust: bool = False,
    score: Decimal | None = None,
    reason: str = "",
) -> JuryDecision:
    """Confirm a copy's score, or adjust it (a mandatory reason, logged)."""
    if session.status == SessionStatus.PUBLISHED:
        raise GradingError(_("Les résultats sont publiés : les décisions du jury sont closes."))
    if session.status == SessionStatus.DELIBERATED:
        raise GradingError(_("Le jury a arrêté les résultats : ses décisions sont closes."))
    if not lifecycle.session_is_over(session):
        raise GradingError(_("L'épreuve n'est pas terminée : le jury ne peut pas encore statuer."))
    row = next((r for r in rows(session) if r.registration.pk == registration.pk), None)
    if row is None or row.absent:
        raise GradingError(_("Ce candidat n'a pas de copie."))
    if row.waiting:
        raise GradingError(
            _("Cette copie attend encore une correction : le jury ne peut pas encore statuer.")
        )
    reason = reason.strip()
    if adjust:
        if not reason:
            raise GradingError(_("Indiquez le motif de la modification de la note."))
        if score is None or score < 0 or score > row.max_score:
            raise GradingError(
                _("La note doit être comprise entre 0 et %(max)s.") % {"max": row.max_score.normalize()}
            )
        kind = JuryDecision.Kind.ADJUSTED
    else:
        score = row.attempt.score
        kind = JuryDecision.Kind.CONFIRMED
    return _record(row, kind=kind, score=score, reason=reason, actor=actor)


def _record(row: CopyRow, *, kind: str, score: Decimal, reason: str, actor) -> JuryDecision:
    registration = row.registration
    previous = row.score
    with transaction.atomic():
        decision, _created = JuryDecision.objects.update_or_create(
            registration=registration,
            defaults={
                "kind": kind,
                "score": score,
                "passed": _passes(row, score),
                "reason": reason,
                "decided_by": actor,
                "decided_at": timezone.now(),
            },
        )
        log_action(
            actor=actor,
            action=AuditEntry.Action.JURY_DECISION,
            target=registration,
            session=registration.session,
            reason=reason,
            details={
                "code": registration.anonymity_code,
                "decision": kind,
                "score": score,
                "previous": previous,
                "passed": decision.passed,
            },
        )
    return decision


def lift_anonymity(*, session: ExamSession, actor) -> None:
    """The jury joins names to marks, once it has arrested the results (audited: who, when).

    Before it the jury deliberates on codes; lifting earlier would show names beside the codes
    of copies still in the graders' hands."""
    setup = setup_for(session)
    if setup.anonymity_lifted:
        return
    # The jury decides every copy on its code and arrests the results first: names shown while
    # a mark can still be confirmed or changed would let it judge the person, not the copy.
    if session.status not in (SessionStatus.DELIBERATED, SessionStatus.PUBLISHED):
        raise GradingError(
            _("L'anonymat ne se lève qu'une fois les résultats arrêtés par le jury.")
        )
    waiting = [row.code for row in rows(session) if row.waiting]
    ungraded = session.assignments.filter(points__isnull=True).exists()
    if waiting or ungraded:
        raise GradingError(
            _("Des copies sont encore en correction : l'anonymat ne se lève qu'une fois toutes corrigées.")
        )
    setup.anonymity_lifted_at = timezone.now()
    setup.anonymity_lifted_by = actor
    with transaction.atomic():
        setup.save(update_fields=["anonymity_lifted_at", "anonymity_lifted_by"])
        log_action(actor=actor, action=AuditEntry.Action.ANONYMITY, target=session, session=session)


def blockers(session: ExamSession, copy_rows: list[CopyRow] | None = None) -> list[str]:
    """Why the jury cannot arrest the results yet (empty: it can)."""
    if session.status in (SessionStatus.DELIBERATED, SessionStatus.PUBLISHED):
        return [_("Le jury a déjà arrêté les résultats.")]
    return lifecycle.reasons_against(session, "deliberate")


def publication_blockers(session: ExamSession) -> list[str]:
    """Why the results cannot be published yet (empty: they can)."""
    if session.status == SessionStatus.PUBLISHED:
        return [_("Les résultats sont déjà publiés.")]
    if session.status != SessionStatus.DELIBERATED:
        return [_("Le jury n'a pas encore arrêté les résultats.")]
    return lifecycle.reasons_against(session, "publish")


def deliberate(*, session: ExamSession, actor) -> int:
    """The jury's decision: confirm the copies it did not adjust, and close its decisions.

    Returns the number of copies decided. The session moves to "Résultats arrêtés"."""
    problems = blockers(session)
    if problems:
        raise GradingError(" ".join(problems))
    copy_rows = rows(session)
    graded = [row for row in copy_rows if not row.absent]
    with transaction.atomic():
        for row in graded:
            if row.decision is None:
                row.decision = _record(
                    row, kind=JuryDecision.Kind.CONFIRMED, score=row.attempt.score, reason="", actor=actor
                )
        try:
            lifecycle.fire(session, "deliberate", by=actor, cause=_("Décision du jury."))
        except lifecycle.LifecycleError as error:
            raise GradingError(error.message) from None
    return len(graded)


def publish(*, session: ExamSession, actor, release_corrections: bool, notify_candidates: bool = True) -> int:
    """Publish the results the jury arrested: record units passed, release, notify, analyse.

    Returns the number of candidates notified."""
    problems = publication_blockers(session)
    if problems:
        raise GradingError(" ".join(problems))
    copy_rows = rows(session)
    setup = setup_for(session)
    now = timezone.now()
    graded = [row for row in copy_rows if not row.absent]
    with transaction.atomic():
        try:
            lifecycle.fire(session, "publish", by=actor, cause=_("Publication par le jury."))
        except lifecycle.LifecycleError as error:
            raise GradingError(error.message) from None
        setup.published_at = now
        setup.published_by = actor
        setup.corrections_released = release_corrections
        setup.save(update_fields=["published_at", "published_by", "corrections_released"])
        # A session sat before its date (brought forward, or a rehearsal) cannot hand out a unit
        # obtained on a day still to come: it would not count as held until then (Art. 8).
        passed_on = min(session.date, timezone.localdate(now))
        for row in graded:
            if row.decision.passed:
                record_unit_pass(
                    user=row.registration.candidate,
                    unit=session.unit,
                    session=session,
                    passed_on=passed_on,
                    actor=actor,
                )
        if release_corrections:
            engine.release_results(attempts=[row.attempt for row in graded], actor=actor, now=now)
        log_action(
            actor=actor,
            action=AuditEntry.Action.PUBLICATION,
            target=session,
            session=session,
            details={
                "copies": len(graded),
                "passed": sum(1 for r in graded if r.decision.passed),
                "corrections_released": release_corrections,
            },
        )
        transaction.on_commit(lambda: _after_publication(session, graded, notify_candidates))
    return len(graded)


def _after_publication(session: ExamSession, graded: list[CopyRow], notify_candidates: bool) -> None:
    for row in graded if notify_candidates else []:
        notify(row.registration, row.decision)
    if session.paper_id:
        from papers.tasks import analyse_paper_task

        analyse_paper_task.enqueue(session.paper_id)


def _language(registration: Registration) -> str:
    language = registration.candidate.preferred_language
    return language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


def notify(registration: Registration, decision: JuryDecision) -> None:
    """E-mail the candidate that the results are out, in their language (the result is on the site)."""
    with translation.override(_language(registration)):
        session = registration.session
        subject = _("Résultats de l'examen %(unit)s du %(date)s") % {
            "unit": session.unit,
            "date": session.date.strftime("%d/%m/%Y"),
        }
        body = render_to_string(
            "grading/email/result.txt",
            {
                "registration": registration,
                "session": session,
                "candidate": registration.candidate,
                "decision": decision,
                "site_url": getattr(settings, "SITE_URL", ""),
            },
        )
    EmailMessage(subject=subject, body=body, to=[registration.candidate.email]).send()


def export_csv(session: ExamSession) -> str:
    """Results as CSV for Excel: UTF-8 with a BOM, a header row; names only once anonymity is lifted."""
    setup = setup_for(session)
    buffer = io.StringIO()
    buffer.write("\ufeff")
    writer = csv.writer(buffer, delimiter=";")
    writer.writerow(
        [_("Code d'anonymat"), _("Nom"), _("Note"), _("Note maximale"), _("Pourcentage"), _("Résultat")]
    )
    for row in rows(session):
        name = row.registration.candidate.get_full_name() or row.registration.candidate.email
        if row.absent:
            result = _("absent")
        elif row.waiting:
            result = _("en correction")
        else:
            result = _("reçu") if row.passed else _("non reçu")
        writer.writerow(
            [
                row.code,
                name if setup.anonymity_lifted else "",
                _number(row.score),
                _number(row.max_score),
                _number(row.percent),
                result,
            ]
        )
    return buffer.getvalue()


def _number(value: Decimal | None) -> str:
    return "" if value is None else format(value.normalize(), "f").replace(".", ",")

"""The lifecycle of an exam session: which move comes next, why it cannot happen yet, and the
events that make it happen.

draft → open (registrations) → closed → sitting → sat → grading → deliberated → published

The states and their transitions are declared on ``ExamSession`` (django-fsm-2, a protected
field: nothing assigns the state). Here are their guards — each gives the reasons a move
cannot happen yet, in the reader's language — and the one way to fire a move: ``fire()``
locks the session's row, checks the guard again, saves and writes the audit log (who, or
nobody for the system, and when). The events call in:

- the registration closing date passed → closed (``advance``: the clock, and every staff
  page that shows the session, so it never waits for staff);
- the first centre opening the exam → sitting (``on_exam_opened``, from ``exams.invigilation``);
- the last window over with every copy in → sat (``on_copy_handed_in``, from the delivery
  engine's hand-in, and the clock for the windows that end with no hand-in);
- the first mark given by a grader → grading (``on_graded``, from ``grading.services``);
- the jury's decision → deliberated, its publication → published (``grading.jury`` only).

Other apps read ``session_is_over``, ``results_are_published`` and ``next_steps``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.apps import apps
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from delivery.models import AttemptStatus
from exams.models import AuditEntry, ExamSession, Registration, SessionStatus

OVER = frozenset(
    {SessionStatus.SAT, SessionStatus.GRADING, SessionStatus.DELIBERATED, SessionStatus.PUBLISHED}
)


class LifecycleError(Exception):
    """A move the guards refuse; ``reasons`` speak to the person who asked, in their language."""

    def __init__(self, reasons: list[str]):
        super().__init__(" ".join(reasons))
        self.reasons = reasons
        self.message = " ".join(reasons)


# Who may fire each move from a page: staff on the session's page, the jury on its page, or
# nobody (only its event moves it).
STAFF, JURY, EVENT = "staff", "jury", "event"

MOVES: dict[str, dict] = {
    "open_registrations": {
        "label": gettext_lazy("Ouvrir les inscriptions"),
        "by": STAFF,
        "cause": gettext_lazy("Sur décision de l'équipe des examens."),
    },
    "close_registrations": {
        "label": gettext_lazy("Clore les inscriptions"),
        "by": STAFF,
        "cause": gettext_lazy(
            "Automatique le lendemain de la date de clôture des inscriptions ; l'équipe des examens "
            "peut les clore plus tôt."
        ),
    },
    "reopen_registrations": {
        "label": gettext_lazy("Rouvrir les inscriptions"),
        "by": STAFF,
        "cause": gettext_lazy(
            "Sur décision de l'équipe des examens, tant que la date de clôture n'est pas passée."
        ),
    },
    "start_sitting": {
        "label": gettext_lazy("Commencer l'épreuve"),
        "by": EVENT,
        "cause": gettext_lazy("Automatique : quand le premier centre ouvre l'épreuve."),
    },
    "finish_sitting": {
        "label": gettext_lazy("Clore l'épreuve"),
        "by": STAFF,
        "cause": gettext_lazy(
            "Automatique : quand la dernière épreuve est terminée et toutes les copies remises."
        ),
    },
    "start_grading": {
        "label": gettext_lazy("Commencer la correction"),
        "by": EVENT,
        "cause": gettext_lazy("Automatique : à la première note donnée par un correcteur."),
    },
    "deliberate": {
        "label": gettext_lazy("Arrêter les résultats"),
        "by": JURY,
        "cause": gettext_lazy("Par le jury, sur sa page, une fois toutes les copies corrigées."),
    },
    "publish": {
        "label": gettext_lazy("Publier les résultats"),
        "by": JURY,
        "cause": gettext_lazy("Par le jury, sur sa page, après l'arrêt des résultats."),
    },
}

# The moves that their events make, tried in this order by ``advance``.
AUTOMATIC = ("close_registrations", "start_sitting", "finish_sitting", "start_grading")


@dataclass
class Step:
    """One move out of the session's current state, as the session's page shows it."""

    name: str
    target: str
    label: str
    by: str
    cause: str
    reasons: list[str] = field(default_factory=list)

    @property
    def possible(self) -> bool:
        return not self.reasons

    @property
    def target_label(self) -> str:
        return str(SessionStatus(self.target).label)


@dataclass(frozen=True)
class _Move:
    name: str
    sources: frozenset
    target: str


def _transitions(session: ExamSession) -> dict[str, _Move]:
    """The moves declared on the model, by name (django-fsm-2 lists one per source state)."""
    sources: dict[str, set] = {}
    targets: dict[str, str] = {}
    for transition in session.get_all_status_transitions():
        sources.setdefault(transition.name, set()).add(transition.source)
        targets[transition.name] = transition.target
    return {name: _Move(name, frozenset(sources[name]), targets[name]) for name in MOVES if name in sources}


def _sources(move: _Move) -> frozenset:
    return move.sources


# --- Facts the guards read -------------------------------------------------------------------

def running_copies(session: ExamSession) -> int:
    return Registration.objects.active().filter(
        session=session, attempt__status=AttemptStatus.IN_PROGRESS
    ).count()


def scheduled_end(session: ExamSession) -> datetime.datetime:
    """When the last candidate's window ends on the timetable (longest extra time included)."""
    extra = session.registrations.active().aggregate(longest=Max("extra_time_minutes"))["longest"] or 0
    return session.starts_at + session.duration + datetime.timedelta(minutes=extra)


def _yet_to_sit(session: ExamSession) -> int:
    """Candidates not marked absent who have no copy yet (paper centres included)."""
    return session.registrations.active().filter(attempt__isnull=True).exclude(present=False).count()


def _waiting_codes(session: ExamSession) -> list[str]:
    """Copies not yet fully graded (or still being written)."""
    return list(
        session.registrations.active()
        .filter(attempt__isnull=False)
        .filter(Q(attempt__status=AttemptStatus.IN_PROGRESS) | Q(attempt__score__isnull=True))
        .order_by("anonymity_code")
        .values_list("anonymity_code", flat=True)
    )


def awaiting_automatic_grading(session: ExamSession) -> int:
    """Copies handed in whose automatic grading has not gone through (it failed at the hand-in
    and the clock tries it again: ``delivery.services.grade_pending_attempts``)."""
    return session.registrations.active().filter(
        attempt__status=AttemptStatus.SUBMITTED, attempt__auto_graded_at__isnull=True
    ).count()


def _automatic_grading_reason(session: ExamSession) -> list[str]:
    ungraded = awaiting_automatic_grading(session)
    if not ungraded:
        return []
    return [
        ngettext(
            "La correction automatique de %(count)s copie remise n'a pas abouti : elle est relancée "
            "chaque minute, et la copie n'a pas de note tant qu'elle n'aboutit pas.",
            "La correction automatique de %(count)s copies remises n'a pas abouti : elle est relancée "
            "chaque minute, et ces copies n'ont pas de note tant qu'elle n'aboutit pas.",
            ungraded,
        )
        % {"count": ungraded}
    ]


def _has_marks(session: ExamSession) -> bool:
    assignment = apps.get_model("grading", "Assignment")
    return assignment.objects.filter(session=session, graded_at__isnull=False).exists()


def _undecided(session: ExamSession) -> int:
    return session.registrations.active().filter(attempt__isnull=False, jury_decision__isnull=True).count()


# --- Guards ----------------------------------------------------------------------------------

def _guard_open_registrations(session: ExamSession) -> list[str]:
    reasons = []
    if not session.centres.exists():
        reasons.append(_("Ajoutez au moins un centre d'examen."))
    if session.registration_closes_on < timezone.localdate():
        reasons.append(
            _("La date de clôture des inscriptions (%(date)s) est passée : reportez-la d'abord.")
            % {"date": date_format(session.registration_closes_on, "DATE_FORMAT")}
        )
    return reasons


def _guard_close_registrations(session: ExamSession) -> list[str]:
    return []


def _guard_reopen_registrations(session: ExamSession) -> list[str]:
    reasons = []
    if session.registration_closes_on < timezone.localdate():
        reasons.append(
            _("La date de clôture des inscriptions (%(date)s) est passée : reportez-la d'abord.")
            % {"date": date_format(session.registration_closes_on, "DATE_FORMAT")}
        )
    if session.centres.filter(opened_at__isnull=False).exists():
        reasons.append(_("Un centre a déjà ouvert l'épreuve."))
    return reasons


def _guard_start_sitting(session: ExamSession) -> list[str]:
    if not session.centres.filter(opened_at__isnull=False).exists():
        return [_("Aucun centre n'a encore ouvert l'épreuve.")]
    return []


def _guard_finish_sitting(session: ExamSession) -> list[str]:
    reasons = []
    running = running_copies(session)
    if running:
        reasons.append(
            _("%(count)s copie(s) sont encore en cours de composition.") % {"count": running}
        )
    end = scheduled_end(session)
    if timezone.now() < end:
        waiting = _yet_to_sit(session)
        if session.status != SessionStatus.SITTING or waiting:
            reasons.append(
                _("L'épreuve n'est pas terminée : %(count)s candidat(s) n'ont pas encore composé ; "
                  "elle se termine le %(date)s à %(time)s.")
                % {
                    "count": waiting,
                    "date": date_format(timezone.localtime(end).date(), "DATE_FORMAT"),
                    "time": time_format(timezone.localtime(end).time(), "TIME_FORMAT"),
                }
            )
    return reasons


def _guard_start_grading(session: ExamSession) -> list[str]:
    if not _has_marks(session):
        return [_("Aucune note n'a encore été donnée par un correcteur.")]
    return []


def _guard_deliberate(session: ExamSession) -> list[str]:
    # A count, not the codes: the staff page that shows this reason also lists names.
    automatic = _automatic_grading_reason(session)
    waiting = len(_waiting_codes(session)) - awaiting_automatic_grading(session)
    if waiting:
        return [
            *automatic,
            ngettext(
                "%(count)s copie attend encore une correction.",
                "%(count)s copies attendent encore une correction.",
                waiting,
            )
            % {"count": waiting},
        ]
    return automatic


def _guard_publish(session: ExamSession) -> list[str]:
    # Never results with a copy's total missing, whatever the state says: the jury arrested
    # them on totals, and a copy without one would be published as failed.
    reasons = _automatic_grading_reason(session)
    ungraded = len(_waiting_codes(session)) - awaiting_automatic_grading(session)
    if ungraded:
        reasons.append(
            ngettext(
                "%(count)s copie n'a pas de note : les résultats ne peuvent pas être publiés.",
                "%(count)s copies n'ont pas de note : les résultats ne peuvent pas être publiés.",
                ungraded,
            )
            % {"count": ungraded}
        )
    undecided = _undecided(session)
    if undecided:
        reasons.append(_("Le jury n'a pas statué sur %(count)s copie(s).") % {"count": undecided})
    return reasons


GUARDS = {
    "open_registrations": _guard_open_registrations,
    "close_registrations": _guard_close_registrations,
    "reopen_registrations": _guard_reopen_registrations,
    "start_sitting": _guard_start_sitting,
    "finish_sitting": _guard_finish_sitting,
    "start_grading": _guard_start_grading,
    "deliberate": _guard_deliberate,
    "publish": _guard_publish,
}


def reasons_against(session: ExamSession, name: str) -> list[str]:
    """Why the move ``name`` cannot happen now (empty: it can). The model's conditions call it."""
    transition = _transitions(session).get(name)
    if transition is None:
        raise ValueError(f"unknown session transition {name!r}")
    if session.status not in _sources(transition):
        return [
            _("La session est à l'état « %(status)s ».") % {"status": session.get_status_display()}
        ]
    return GUARDS[name](session)


def next_steps(session: ExamSession) -> list[Step]:
    """Every move out of the current state, each with the reasons it cannot happen yet."""
    steps = []
    for name, transition in _transitions(session).items():
        if session.status not in _sources(transition):
            continue
        meta = MOVES[name]
        steps.append(
            Step(
                name=name,
                target=transition.target,
                label=str(meta["label"]),
                by=meta["by"],
                cause=str(meta["cause"]),
                reasons=GUARDS[name](session),
            )
        )
    return steps


# --- Firing ----------------------------------------------------------------------------------

def fire(session: ExamSession, name: str, *, by=None, cause: str = "") -> ExamSession:
    """Make one move: lock the row, check its guard, save, log. ``by`` None: the system.

    Raises ``LifecycleError`` with the reasons when the move cannot happen. Call it inside the
    transaction of the work that causes the move, so both stand or fall together."""
    with transaction.atomic():
        locked = ExamSession.objects.select_for_update().get(pk=session.pk)
        reasons = reasons_against(locked, name)
        if reasons:
            raise LifecycleError(reasons)
        before = locked.status
        getattr(locked, name)()  # django-fsm-2 checks the source and the condition once more
        locked.save(update_fields=["status"])
        from exams.audit import log_action

        log_action(
            actor=by,
            action=AuditEntry.Action.STATUS,
            target=locked,
            session=locked,
            reason=cause or str(MOVES[name]["cause"]),
            details={"from": before, "to": locked.status},
        )
    session.refresh_from_db(fields=["status"])
    return session


def advance(session: ExamSession, *, by=None) -> list[str]:
    """Make every automatic move whose event has happened; returns the states reached."""
    reached = []
    for _round in range(len(AUTOMATIC)):
        for name in AUTOMATIC:
            if name == "close_registrations" and timezone.localdate() <= session.registration_closes_on:
                continue  # closing early is staff's decision; on its own, it waits for the date
            if reasons_against(session, name):
                continue
            try:
                fire(session, name, by=by)
            except LifecycleError:
                continue  # another request moved it meanwhile
            reached.append(session.status)
            break
        else:
            break
    return reached


def advance_due_sessions() -> int:
    """The clock: move every session whose event came with nobody looking. Returns how many moved."""
    today = timezone.localdate()
    due = ExamSession.objects.filter(
        Q(status=SessionStatus.OPEN, registration_closes_on__lt=today)
        | Q(status=SessionStatus.CLOSED, date__lte=today)
        | Q(status__in=[SessionStatus.SITTING, SessionStatus.SAT])
    )
    return sum(1 for session in due.iterator() if advance(session))


# --- The events ------------------------------------------------------------------------------

def on_exam_opened(session: ExamSession, *, by=None) -> list[str]:
    """A centre opened the exam: the first one starts the sitting."""
    return advance(session, by=by)


def on_copy_handed_in(attempt, *, by=None) -> list[str]:
    """An exam copy was handed in (by its candidate or by the clock): the last one ends the sitting."""
    registration = Registration.objects.filter(attempt=attempt).select_related("session").first()
    if registration is None:
        return []
    return advance(registration.session, by=None)


def on_graded(session: ExamSession, *, by=None) -> list[str]:
    """A grader gave a mark: the first one starts the grading."""
    return advance(session, by=by)


# --- Reading ---------------------------------------------------------------------------------

def session_is_over(session: ExamSession) -> bool:
    """The sitting is over (every copy in): grading, jury or publication."""
    return session.status in OVER


def results_are_published(session: ExamSession) -> bool:
    return session.status == SessionStatus.PUBLISHED

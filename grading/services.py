"""Writes of hand grading: setting up a session's graders, distributing copies, marking them.

Keyword-only; every mark given or changed is written to the exam office's audit log.
"""

from __future__ import annotations

from collections import Counter
from decimal import ROUND_HALF_UP, Decimal

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from delivery import services as engine
from delivery.models import AttemptStatus, Response
from exams import anonymity, lifecycle
from exams.audit import log_action
from exams.models import AuditEntry, ExamSession, Registration, SessionStatus
from grading.models import Assignment, GradingSetup
from questions import scoring

CENT = Decimal("0.01")


class GradingError(Exception):
    """A write the rules refuse; the message is for the person who asked, in their language."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def setup_for(session: ExamSession) -> GradingSetup:
    setup, _created = GradingSetup.objects.get_or_create(session=session)
    return setup


def _refuse_graders(refused: list, message) -> None:
    """A GradingError naming the graders refused, with ``message(count)``'s sentence."""
    if refused:
        raise GradingError(message(len(refused)) % {"names": ", ".join(str(grader) for grader in refused)})


def configure(
    *, session: ExamSession, graders, discrepancy_threshold: Decimal, borderline_margin: Decimal, actor
) -> GradingSetup:
    setup = setup_for(session)
    _refuse_graders(
        [grader for grader in graders if anonymity.sits_session(grader, session)],
        lambda count: ngettext(
            "%(names)s est candidat à cette session : un candidat ne peut en corriger aucune copie.",
            "%(names)s sont candidats à cette session : un candidat ne peut en corriger aucune copie.",
            count,
        ),
    )
    _refuse_graders(
        [grader for grader in graders if anonymity.handled_mapping(grader, session)],
        lambda count: ngettext(
            "%(names)s a traité les inscriptions de cette session (journal) : qui a lu la "
            "correspondance entre codes et noms ne peut pas en corriger les copies.",
            "%(names)s ont traité les inscriptions de cette session (journal) : qui a lu la "
            "correspondance entre codes et noms ne peut pas en corriger les copies.",
            count,
        ),
    )
    setup.discrepancy_threshold = discrepancy_threshold
    setup.borderline_margin = borderline_margin
    setup.full_clean()
    with transaction.atomic():
        setup.save()
        setup.graders.set(graders)
        # A grader taken off the session hands back the copies they had not marked (their marks
        # stand): the next distribution gives them to the others, and a third opinion is asked
        # again of a grader still named. They no longer open any copy of it (exams.anonymity).
        dropped = Assignment.objects.filter(session=session, points__isnull=True).exclude(grader__in=graders)
        thirds = list(Response.objects.filter(assignments__in=dropped.filter(round=Assignment.Round.THIRD)))
        handed_back = dropped.count()
        dropped.delete()
        for response in thirds:
            settle(response=response, actor=actor)
        log_action(
            actor=actor,
            action=AuditEntry.Action.GRADERS,
            target=setup,
            session=session,
            details={
                "graders": sorted(g.email for g in setup.graders.all()),
                "discrepancy_threshold": discrepancy_threshold,
                "borderline_margin": borderline_margin,
                **({"handed_back": handed_back} if handed_back else {}),
            },
        )
    return setup


def hand_graded_responses(session: ExamSession):
    """Responses of the session's submitted copies that a grader must mark."""
    return (
        Response.objects.filter(
            attempt__exam_registration__session=session,
            attempt__exam_registration__status="registered",
            needs_hand_grading=True,
        )
        .exclude(attempt__status=AttemptStatus.IN_PROGRESS)
        .select_related("item")
    )


def _loads(session: ExamSession) -> Counter:
    rows = Assignment.objects.filter(session=session).values("grader").annotate(n=Count("pk"))
    return Counter({row["grader"]: row["n"] for row in rows})


def _barred_centres(session: ExamSession, graders: list) -> dict[int, set[int]]:
    """For each grader, the centres whose copies they may not grade (they invigilated them, or
    every centre: they are a candidate of the session)."""
    return {grader.pk: anonymity.barred_centre_ids(grader, session) for grader in graders}


def _least_loaded(graders: list, loads: Counter, exclude: set[int], *, centre_id=None, barred=None):
    barred = barred or {}
    candidates = [g for g in graders if g.pk not in exclude and centre_id not in barred.get(g.pk, ())]
    if not candidates:
        return None
    return min(candidates, key=lambda g: (loads[g.pk], g.pk))


def distribute(*, session: ExamSession, actor) -> int:
    """Give each hand-graded response without graders to two different graders, balancing the load.

    Returns how many assignments were created. Responses already assigned keep their graders."""
    setup = setup_for(session)
    graders = list(setup.graders.order_by("pk"))
    if len(graders) < 2:
        raise GradingError(_("Choisissez au moins deux correcteurs : chaque copie est corrigée deux fois."))
    if session.status == SessionStatus.PUBLISHED:
        raise GradingError(_("Les résultats sont publiés : la correction est close."))
    created = 0
    barred = _barred_centres(session, graders)
    short: list[str] = []
    with transaction.atomic():
        loads = _loads(session)
        responses = hand_graded_responses(session).select_related("attempt__exam_registration")
        for response in responses.order_by("item__position", "attempt_id"):
            registration = response.attempt.exam_registration
            existing = {a.round: a.grader_id for a in response.assignments.all()}
            for round_ in (Assignment.Round.FIRST, Assignment.Round.SECOND):
                if round_ in existing:
                    continue
                grader = _least_loaded(
                    graders, loads, set(existing.values()), centre_id=registration.centre_id, barred=barred
                )
                if grader is None:
                    short.append(registration.anonymity_code)
                    break
                Assignment.objects.create(response=response, session=session, grader=grader, round=round_)
                existing[round_] = grader.pk
                loads[grader.pk] += 1
                created += 1
        if short:
            # Raised inside the transaction: nothing is handed out, the shortage is not hidden.
            raise GradingError(
                _(
                    "Pas assez de correcteurs pour les copies %(codes)s : un correcteur ne corrige "
                    "jamais les copies d'un centre qu'il a surveillé. Ajoutez un correcteur qui n'y "
                    "était pas, puis répartissez à nouveau."
                )
                % {"codes": ", ".join(sorted(set(short)))}
            )
        log_action(
            actor=actor,
            action=AuditEntry.Action.DISTRIBUTION,
            target=session,
            session=session,
            details={"distributed": created},
        )
    return created


def max_points(version) -> Decimal:
    return Decimal(str(version.points))


def rubric(assignment: Assignment) -> list[dict]:
    return list(assignment.response.item.version.body.get("rubric", []))


def grade(*, assignment: Assignment, marks: list, comment: str = "", actor) -> Assignment:
    """Record a grader's marks (one per rubric criterion), then settle the response's final mark.

    Raises ``GradingError`` for a mark outside a criterion's range, or after publication."""
    session = assignment.session
    if session.status == SessionStatus.PUBLISHED:
        raise GradingError(_("Les résultats sont publiés : la note ne peut plus être modifiée."))
    if session.status == SessionStatus.DELIBERATED:
        raise GradingError(_("Le jury a arrêté les résultats : la note ne peut plus être modifiée."))
    if setup_for(session).anonymity_lifted:
        raise GradingError(_("L'anonymat est levé : la correction est close."))
    registration = Registration.objects.select_related("session").get(
        attempt_id=assignment.response.attempt_id
    )
    refusal = anonymity.grading_refusal(actor, registration)
    if refusal:
        raise GradingError(refusal)
    item = assignment.response.item
    try:
        score = scoring.grade_by_hand(item.version, marks)
    except ValueError as error:
        raise GradingError(_("Chaque critère reçoit un nombre de points entre 0 et son maximum.")) from error
    # The paper may weigh the question differently from the bank.
    points = (score.points * item.points / max_points(item.version)).quantize(CENT, ROUND_HALF_UP)
    previous = assignment.points
    with transaction.atomic():
        assignment.marks = [str(mark) for mark in score.details["marks"]]
        assignment.points = points
        assignment.comment = comment.strip()
        assignment.graded_at = timezone.now()
        assignment.save(update_fields=["marks", "points", "comment", "graded_at"])
        log_action(
            actor=actor,
            action=AuditEntry.Action.GRADE,
            target=assignment,
            session=session,
            reason=assignment.comment,
            details={
                "code": _code(assignment.response),
                "question": item.position,
                "round": assignment.round,
                "points": points,
                "previous": previous,
                "marks": assignment.marks,
            },
        )
        settle(response=assignment.response, actor=actor)
        lifecycle.on_graded(session, by=actor)  # the first mark starts the session's grading
    return assignment


def _code(response: Response) -> str:
    registration = Registration.objects.filter(attempt_id=response.attempt_id).only("anonymity_code").first()
    return registration.anonymity_code if registration else ""


def final_points(response: Response, threshold_percent: Decimal) -> tuple[Decimal | None, bool]:
    """(final mark or None, whether a third grader is needed), by the rule of ``grading.models``."""
    by_round = {a.round: a for a in response.assignments.all()}
    third = by_round.get(Assignment.Round.THIRD)
    if third is not None and third.is_graded:
        return third.points, True
    first, second = by_round.get(Assignment.Round.FIRST), by_round.get(Assignment.Round.SECOND)
    if not (first and second and first.is_graded and second.is_graded):
        return None, third is not None
    allowed = response.item.points * threshold_percent / 100
    if abs(first.points - second.points) <= allowed:
        return ((first.points + second.points) / 2).quantize(CENT, ROUND_HALF_UP), False
    return None, True


def settle(*, response: Response, actor) -> None:
    """Send the final mark to the engine, or call in a third grader when the two marks disagree."""
    registration = Registration.objects.select_related("session").get(attempt_id=response.attempt_id)
    session = registration.session
    setup = setup_for(session)
    points, needs_third = final_points(response, setup.discrepancy_threshold)
    third = response.assignments.filter(round=Assignment.Round.THIRD).first()
    if needs_third and third is None:
        taken = set(response.assignments.values_list("grader_id", flat=True))
        graders = list(setup.graders.order_by("pk"))
        grader = _least_loaded(
            graders,
            _loads(session),
            taken,
            centre_id=registration.centre_id,
            barred=_barred_centres(session, graders),
        )
        if grader is not None:
            Assignment.objects.create(
                response=response, session=session, grader=grader, round=Assignment.Round.THIRD
            )
    elif not needs_third and third is not None and not third.is_graded:
        third.delete()  # the first two marks agree again: no third opinion needed
    if points is not None:
        if response.points != points:
            engine.grade_response_by_hand(
                response=response,
                points=points,
                actor=actor,
                comment=_("Note finale de la double correction"),
            )
    elif response.points is not None:
        # A mark changed and the response is waiting again: its copy is no longer complete.
        Response.objects.filter(pk=response.pk).update(points=None)
        engine.grade_attempt(attempt=response.attempt)


def orphan_responses(session: ExamSession) -> int:
    """Hand-graded responses waiting for a third grader that nobody could take."""
    pending = 0
    setup = setup_for(session)
    for response in (
        hand_graded_responses(session).filter(points__isnull=True).prefetch_related("assignments")
    ):
        _points, needs_third = final_points(response, setup.discrepancy_threshold)
        if needs_third and not any(a.round == Assignment.Round.THIRD for a in response.assignments.all()):
            pending += 1
    return pending


def next_assignment(*, grader, after: Assignment | None = None) -> Assignment | None:
    """The grader's next ungraded assignment, in question order (the same question first)."""
    queue = (
        Assignment.objects.filter(grader=grader, points__isnull=True)
        .exclude(session__status__in=[SessionStatus.DELIBERATED, SessionStatus.PUBLISHED])
        .order_by("session__date", "session_id", "response__item__position", "pk")
    )
    if after is not None:
        queue = queue.exclude(pk=after.pk)
        same_question = queue.filter(session=after.session, response__item=after.response.item)
        same = _first_gradable(grader, same_question)
        if same is not None:
            return same
    return _first_gradable(grader, queue)


def _first_gradable(grader, queue) -> Assignment | None:
    """Skips a copy the grader may not grade (``exams.anonymity``), should one have been assigned.
    Reads what that check reads of each copy (its registration's centre and session), no more:
    the callers only follow the assignment's id."""
    copies = queue.select_related("response__attempt__exam_registration__session").only(
        "response__attempt__exam_registration__centre", "response__attempt__exam_registration__session__id"
    )
    for assignment in copies:
        if anonymity.may_grade(grader, assignment.response.attempt.exam_registration):
            return assignment
    return None

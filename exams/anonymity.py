"""Anonymity of exam copies: who may read the code ↔ name mapping, who may grade which copy.

The separation a French exam office practises, in one place that assignment (``grading.services``)
and every page (roll call, staff pages, grader pages, jury, exports, paper typing-in, admin,
audit log) go through:

- The **candidate** knows their own code (registration page, convocation, copy).
- The **mapping keepers** of a session are the exam staff (``accounts.manage_exams``) who do not
  grade it: neither named among its graders nor holding any of its copies. Only they read a
  code beside a name before the jury lifts anonymity (staff session page, registration page,
  convocations, admin, audit log).
- **Graders** read codes, never names. A grader never grades a copy of a centre they
  invigilated (named director or invigilator, or recorded in the audit log taking its roll call
  or opening its exam), nor a copy of a session whose mapping they can read, nor any copy of a
  session they are a candidate of (``sits_session``: their own copy among them).
- **Invigilators** check identities on the roll call: names, never codes.
- **Exam staff who grade** a session see its candidates' names but not their codes.
- The **jury** deliberates on codes; lifting anonymity (``grading.jury.lift_anonymity``, audited)
  joins names to marks for everyone who reads the jury page or its export.

Being a grader of a session takes the mapping away from a staff member; so that nobody who
has already handled it becomes a grader, ``grading.services.configure`` refuses as grader a
staff member whom the audit log shows acting on the session's registrations.
"""

from __future__ import annotations

import re

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.utils.translation import gettext as _

from exams.audit import log_action
from exams.models import AuditEntry, Centre, ExamSession, Registration
from exams.models.audit import DETAIL_LABELS
from exams.permissions import is_exam_staff, refuse_candidate, sits_session

# Actions taken on a centre on the day: whoever took them invigilated it.
INVIGILATION_ACTIONS = (AuditEntry.Action.ROLL_CALL, AuditEntry.Action.OPENING, AuditEntry.Action.EXTENSION)
# Actions on a registration, taken from the page that shows its code beside its name.
MAPPING_ACTIONS = (
    AuditEntry.Action.REGISTRATION,
    AuditEntry.Action.OVERRIDE,
    AuditEntry.Action.WITHDRAWAL,
    AuditEntry.Action.ACCOMMODATION,
    AuditEntry.Action.CONVOCATIONS,
)


def is_session_grader(user, session: ExamSession) -> bool:
    """Named among the session's graders, or holding one of its copies."""
    if not user.is_authenticated:
        return False
    if session.assignments.filter(grader=user).exists():
        return True
    return ExamSession.objects.filter(pk=session.pk, grading_setup__graders=user).exists()


def may_read_mapping(user, session: ExamSession) -> bool:
    """Whether the user may read the session's anonymity codes beside its candidates' names
    (and act on its registrations: accommodations, convocations): never one of its candidates."""
    return is_exam_staff(user) and not is_session_grader(user, session) and not sits_session(user, session)


def barred_centre_ids(user, session: ExamSession) -> set[int]:
    """The centres of the session whose copies the user may never be given: every centre to a
    candidate of the session, those they invigilated to anyone else."""
    if sits_session(user, session):
        return set(session.centres.values_list("pk", flat=True))
    return invigilated_centre_ids(user, session)


def invigilated_centre_ids(user, session: ExamSession) -> set[int]:
    """The centres of the session the user invigilated: named there, or acting there on the day."""
    if not user.is_authenticated:
        return set()
    # One statement for both ways of being named (no ordering: a set is wanted).
    named_here = session.centres.filter(Q(regional_director=user) | Q(invigilators=user)).order_by()
    named = set(named_here.values_list("pk", flat=True))
    acted = AuditEntry.objects.filter(
        session=session,
        actor=user,
        action__in=INVIGILATION_ACTIONS,
        content_type=ContentType.objects.get_for_model(Centre),
    ).values_list("object_id", flat=True)
    return named | {int(pk) for pk in acted if pk.isdigit()}


def may_print_codes(user, centre: Centre) -> bool:
    """Whether the answer sheets and per-copy subjects of a paper centre, each printed with its
    copy's code, may be printed for the user: its mapping keepers, and those who invigilated it
    (they never grade its copies). Never a grader who may grade them: beside the centre's names
    (its invigilation page, the staff pages) a small centre or a large-print sheet names a copy."""
    session = centre.session
    return may_read_mapping(user, session) or centre.pk in invigilated_centre_ids(user, session)


def handled_mapping(user, session: ExamSession) -> bool:
    """Whether the audit log shows the user reading the session's mapping (``record_mapping_read``)
    or acting on its registrations as staff."""
    return AuditEntry.objects.filter(
        Q(action=AuditEntry.Action.MAPPING_READ)
        | Q(action__in=MAPPING_ACTIONS, content_type=ContentType.objects.get_for_model(Registration)),
        session=session,
        actor=user,
    ).exists()


def record_mapping_read(user, session: ExamSession) -> None:
    """Log, once per person and session, that a page showed them a code beside a name: whoever has
    read the mapping may never become one of the session's graders (``grading.services.configure``),
    even if they never acted on a registration."""
    already = AuditEntry.objects.filter(
        session=session, actor=user, action=AuditEntry.Action.MAPPING_READ
    ).exists()
    if not already:
        log_action(actor=user, action=AuditEntry.Action.MAPPING_READ, target=session, session=session)


def grading_refusal(user, registration: Registration) -> str | None:
    """Why the user may not grade this copy (a sentence in the user's language), or None."""
    session = registration.session
    if sits_session(user, session):
        return _(
            "Vous êtes candidat à cette session : vous ne pouvez en corriger aucune copie."
        )
    if registration.centre_id in invigilated_centre_ids(user, session):
        return _(
            "Vous avez surveillé le centre de cette copie : vous ne pouvez pas la corriger."
        )
    if may_read_mapping(user, session) or handled_mapping(user, session):
        return _(
            "Vous détenez la correspondance entre codes et noms de cette session : "
            "vous ne pouvez pas en corriger les copies."
        )
    # Holding a copy is not enough: a grader the exam office took off the session keeps the
    # copies they held (``grading.services.configure`` hands back those not marked yet).
    if not ExamSession.objects.filter(pk=session.pk, grading_setup__graders=user).exists():
        return _("Vous n'êtes pas correcteur de cette session : ses copies ne vous sont pas confiées.")
    return None


def may_grade(user, registration: Registration) -> bool:
    return grading_refusal(user, registration) is None


def require_mapping(user, session: ExamSession) -> None:
    """The pages and actions that show or use a code beside a name: the mapping keepers only,
    and each reading is recorded (``record_mapping_read``)."""
    if not may_read_mapping(user, session):
        refuse_candidate(user, session)
        raise PermissionDenied(
            _(
                "Vous corrigez cette session : la correspondance entre codes et noms ne vous est pas "
                "accessible."
            )
        )
    record_mapping_read(user, session)


def sessions_graded_anonymously(user):
    """The sessions the user grades whose anonymity the jury has not lifted: there the user reads
    codes only, so no page may show them a candidate's name beside a copy, a mark or an answer."""
    if not user.is_authenticated:
        return ExamSession.objects.none()
    graded = ExamSession.objects.filter(Q(assignments__grader=user) | Q(grading_setup__graders=user))
    return graded.exclude(grading_setup__anonymity_lifted_at__isnull=False).distinct()


def grades_any_session(user) -> bool:
    return bool(user.is_authenticated and (user.assignments.exists() or user.grading_setups.exists()))


# Details of an audit entry that carry anonymity codes.
CODE_DETAILS = ("code", "candidates")


def audit_rows(user, entries) -> list[dict]:
    """The audit log as this user may read it: an entry about a registration, whose object names
    the candidate, loses its codes for a reader who may not read that session's mapping."""
    registration_type = ContentType.objects.get_for_model(Registration)
    readable: dict = {}
    rows = []
    for entry in entries:
        session = entry.session
        if session is not None and session.pk not in readable:
            readable[session.pk] = may_read_mapping(user, session) or is_lifted(session)
        hide = entry.content_type_id == registration_type.pk and not (
            session is not None and readable[session.pk]
        )
        shown = entry.object_repr
        details = entry.readable_details()
        if hide:
            parts = shown.split(" — ", 1)
            if len(parts) == 2 and CODE_PATTERN.fullmatch(parts[0]):
                shown = parts[1]
            labels = {str(DETAIL_LABELS[key]) for key in CODE_DETAILS}
            details = [(label, value) for label, value in details if label not in labels]
        rows.append({"entry": entry, "object": shown, "details": details})
    return rows


def is_lifted(session: ExamSession) -> bool:
    # ``grading_setup`` is the reverse one-to-one of ``grading.GradingSetup``: absent until grading.
    return bool(hasattr(session, "grading_setup") and session.grading_setup.anonymity_lifted_at)


CODE_PATTERN = re.compile(r"[A-Z]{3}-[A-Z0-9]{4}-[A-Z0-9]{4}")

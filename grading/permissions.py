"""Who may do what in grading. Every view goes through these helpers.

- Graders (``accounts.grade_copies``) see only their own assignments: another grader's
  assignment, like a missing one, is a 404; one of a copy they may not grade (a centre they
  invigilated, a session whose mapping they read: ``exams.anonymity``) is a 403. They never
  see candidates' names.
- Exam staff (``accounts.manage_exams``) set up the grading, distribute copies, hold the
  jury and publish; the jury sees names only once it has lifted anonymity.
- Candidates see their own results through their own registration (another's is a 404).
- A candidate of a session, whatever their role, takes no part in its grading: no set-up, jury,
  publication, subject or paper entry (``exams.permissions.refuse_candidate``), no copy of it
  (``exams.anonymity.grading_refusal``).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from config.refusals import ExplainedRefusal
from exams import anonymity
from exams.models import ExamSession, Registration
from exams.permissions import is_exam_staff, refuse_candidate, require_exam_staff
from grading.models import Assignment

__all__ = ["get_own_assignment", "get_session_for_staff", "is_exam_staff", "is_grader", "require_grader"]


def is_grader(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.grade_copies"))


def require_grader(user) -> None:
    if not is_grader(user):
        raise PermissionDenied


def get_own_assignment(user, assignment_id: int) -> Assignment:
    require_grader(user)
    assignment = get_object_or_404(
        Assignment.objects.select_related("response__item__version", "response__attempt", "session"),
        pk=assignment_id,
        grader=user,
    )
    registration = Registration.objects.select_related("session").get(
        attempt_id=assignment.response.attempt_id
    )
    require_may_enter(user, registration)
    return assignment


def get_session_for_staff(user, session_id) -> ExamSession:
    require_exam_staff(user)
    session = get_object_or_404(ExamSession.objects.select_related("paper"), pk=session_id)
    refuse_candidate(user, session)
    return session


def get_session_for_correction(user, session_id) -> ExamSession:
    """Changing the answers of a paper copy already typed in (it changes the candidate's score):
    the session's mapping keepers only, who grade none of its copies; never its graders, exam
    staff among them, who type copies in and mark them."""
    session = get_session_for_staff(user, session_id)
    anonymity.require_mapping(user, session)
    return session


def get_session_for_entry(user, session_id) -> ExamSession:
    """Typing paper copies in: the session's graders (exam staff among them), never a mapping keeper."""
    session = get_object_or_404(ExamSession.objects.select_related("paper"), pk=session_id)
    require_grader(user)
    refuse_candidate(user, session)
    if not _is_session_grader(user, session) or anonymity.may_read_mapping(user, session):
        raise PermissionDenied
    return session


def _is_session_grader(user, session: ExamSession) -> bool:
    return (
        session.grading_setup.graders.filter(pk=user.pk).exists()
        if hasattr(session, "grading_setup")
        else False
    )


def require_may_enter(user, registration: Registration) -> None:
    """Grading a copy, or typing a paper copy in (which decides its marks): the rule of
    ``exams.anonymity``, its reason shown on the 403 page."""
    refusal = anonymity.grading_refusal(user, registration)
    if refusal:
        raise ExplainedRefusal(refusal)


def get_session_for_printing(user, session_id) -> ExamSession:
    """The subject: exam staff, and the directors and invigilators of the session's paper centres."""
    session = get_object_or_404(ExamSession.objects.select_related("paper"), pk=session_id)
    if not user.is_authenticated:
        raise PermissionDenied
    refuse_candidate(user, session)
    if is_exam_staff(user):
        return session
    centres = session.centres.filter(delivery_mode="paper")
    if not (centres.filter(regional_director=user).exists() or centres.filter(invigilators=user).exists()):
        raise PermissionDenied
    return session

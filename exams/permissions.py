"""Who may do what in the exam office. Every view goes through these helpers.

- Exam staff (``accounts.manage_exams``: the exam_staff and administrator roles) organise
  sessions and centres, enter records, register anyone, override refusals, award titles,
  read the audit log, and may invigilate any centre.
- A centre's regional director and invigilators run that centre on the day (roll call,
  opening, extra time); they see its candidates' names to check identities, never their codes.
- Who reads a code beside a name, and who may grade which copy, is ``exams.anonymity``'s rule:
  the registration pages, convocations and codes of a session are for the exam staff who do
  not grade it (its mapping keepers).
- A candidate of a session takes no part in running it, whatever their role (``sits_session``):
  they neither invigilate its centres, nor read its mapping or act on its registrations
  (``exams.anonymity``), nor print its subject, grade its copies or sit on its jury
  (``grading.permissions``): they would give themselves time, read or change their own marks.
- Trainees (``accounts.practise``) register themselves, see their own registrations and
  records. A registration is fetched through its candidate: another person's id is a 404.
- Anonymous visitors are sent to the login page by ``@login_required``.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from config.refusals import ExplainedRefusal
from exams.models import Centre, ExamSession, Registration

CANDIDATE_MESSAGE = _(
    "Vous êtes candidat à cette session : vous ne pouvez prendre part ni à sa surveillance, ni à sa "
    "correction, ni à son jury."
)


def is_exam_staff(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.manage_exams"))


def require_exam_staff(user) -> None:
    if not is_exam_staff(user):
        raise PermissionDenied


def can_practise(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.practise"))


def require_candidate(user) -> None:
    """Sitting exams is for people who train (every role has ``practise``)."""
    if not can_practise(user):
        raise PermissionDenied


def get_own_registration(user, registration_id) -> Registration:
    """The user's own registration; anyone else's, like a missing one, is a 404."""
    require_candidate(user)
    return get_object_or_404(
        Registration.objects.select_related("session", "centre", "attempt"),
        pk=registration_id,
        candidate=user,
    )


def sits_session(user, session: ExamSession) -> bool:
    """Whether the user is a candidate of the session (registered, not withdrawn)."""
    if not user.is_authenticated:
        return False
    return Registration.objects.active().filter(session_id=session.pk, candidate_id=user.pk).exists()


def refuse_candidate(user, session: ExamSession) -> None:
    """403, explained, for a candidate of the session on any page that runs it."""
    if sits_session(user, session):
        raise ExplainedRefusal(CANDIDATE_MESSAGE)


def get_session_to_run(user, session_id) -> ExamSession:
    """A session as its staff run it (its page, its form, its states, its centres, its
    convocations): exam staff who are not its candidates."""
    require_exam_staff(user)
    session = get_object_or_404(ExamSession, pk=session_id)
    refuse_candidate(user, session)
    return session


def can_invigilate(user, centre: Centre) -> bool:
    if not user.is_authenticated or sits_session(user, centre.session):
        return False
    if is_exam_staff(user):
        return True
    return centre.regional_director_id == user.pk or centre.invigilators.filter(pk=user.pk).exists()


def get_centre_to_invigilate(user, centre_id: int) -> Centre:
    centre = get_object_or_404(Centre.objects.select_related("session", "regional_director"), pk=centre_id)
    if not can_invigilate(user, centre):
        raise PermissionDenied
    return centre

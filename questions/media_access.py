"""Who may fetch an image of a question version: whoever may see that version's question now
(or, for an image only its explanation shows, that question's correction: see the end).

The one rule every image request goes through (``can_see_image``: ``questions.views.media.image``,
and the closed-book exam's gate ``delivery.middleware``), and what an import may name by hash
alone (``reusable_images``). It asks the helpers that already guard the question's own pages,
never a rule of its own:

- the bank: a bank user who may read the version (``questions.permissions.can_read_version``),
  unless registered for a session whose paper holds the question (``delivery.exposure``);
- an attempt: the candidate of an attempt whose page shows the question: its item is not
  withheld for an exam (``delivery.services.withheld_items``: an exam-reserved question's image
  stays out of practice as the question does), and the attempt is open or its correction is
  visible (``Attempt.correction_visible``);
- the staff preview of a paper holding the version (``delivery.permissions.require_preview``,
  no conflict of interest);
- grading: a grader's own assignment on an answer to that version that they may grade
  (``grading.permissions.get_own_assignment``'s rule, ``exams.anonymity``);
- paper entry: a grader who types the paper copies of a session holding the version in
  (``grading.permissions.get_session_for_entry``).

Anything else, anonymous visitors included, gets a 404: an image's address is no permission.

An image no stem places (``questions.media.correction_only_hashes``: the explanation places it,
or, in a version stored before every image had to be placed, nothing does) is part of the
correction: ``can_see_image`` gives it only to a bank user who may read the
version (as above) and to the candidate whose page shows that correction now (the attempt's
correction is visible, or their answer to the question was corrected, feedback after each
question). The staff preview, the graders and paper entry show no explanation: not through them.
"""

from __future__ import annotations

from django.apps import apps
from django.core.exceptions import PermissionDenied

from delivery import exposure
from delivery import permissions as delivery_permissions
from delivery.models import Attempt, Paper
from delivery.services import withheld_items
from questions import permissions as bank
from questions.media import correction_only_hashes
from questions.models import QuestionVersion


def _through_bank(user, version: QuestionVersion) -> bool:
    return (
        bank.can_use_bank(user)
        and bank.can_read_version(user, version)
        and not exposure.in_conflict_with_question(user, version.question)
    )


def attempt_showing(attempts, version: QuestionVersion) -> Attempt | None:
    """The first of ``attempts`` whose page shows ``version`` now."""
    for attempt in attempts.filter(paper__items__version=version).select_related("paper").distinct():
        held = withheld_items(attempt)
        if not attempt.paper.items.filter(version=version).exclude(pk__in=held).exists():
            continue
        if attempt.is_open or attempt.correction_visible():
            return attempt
    return None


def attempt_showing_correction(attempts, version: QuestionVersion) -> Attempt | None:
    """The first of ``attempts`` whose page shows the correction of ``version`` now."""
    for attempt in attempts.filter(paper__items__version=version).select_related("paper").distinct():
        held = withheld_items(attempt)
        items = attempt.paper.items.filter(version=version).exclude(pk__in=held)
        if not items.exists():
            continue
        if attempt.correction_visible():
            return attempt
        if attempt.is_open and attempt.responses.filter(item__in=items, checked_at__isnull=False).exists():
            return attempt
    return None


def _through_attempt(user, version: QuestionVersion) -> bool:
    return attempt_showing(Attempt.objects.filter(candidate_id=user.pk), version) is not None


def _through_preview(user, version: QuestionVersion) -> bool:
    if not delivery_permissions.can_preview(user):
        return False
    for paper in Paper.objects.filter(items__version=version).distinct():
        try:
            delivery_permissions.require_preview(user, paper)
        except PermissionDenied:
            continue
        if not exposure.in_conflict_with_paper(user, paper):
            return True
    return False


def _through_grading(user, version: QuestionVersion) -> bool:
    if not apps.is_installed("grading"):
        return False
    from exams import anonymity
    from exams.models import Registration
    from grading.models import Assignment
    from grading.permissions import is_grader

    if not is_grader(user):
        return False
    attempts = Assignment.objects.filter(grader=user, response__item__version=version).values(
        "response__attempt_id")
    registrations = Registration.objects.select_related("session").filter(attempt_id__in=attempts)
    return any(anonymity.may_grade(user, registration) for registration in registrations)


def _through_paper_entry(user, version: QuestionVersion) -> bool:
    """The entry screen of a paper copy shows the session's questions to the graders who type
    copies in (``grading.permissions.get_session_for_entry``), before any copy is theirs to grade."""
    if not apps.is_installed("grading"):
        return False
    from exams.models import ExamSession
    from grading.permissions import get_session_for_entry, is_grader

    if not is_grader(user):
        return False
    sessions = ExamSession.objects.filter(
        paper__items__version=version, centres__delivery_mode="paper", grading_setup__graders=user
    ).distinct()
    for session in sessions:
        try:
            get_session_for_entry(user, session.pk)
        except PermissionDenied:
            continue
        return True
    return False


def can_see_version(user, version: QuestionVersion) -> bool:
    """Whether ``user`` may see ``version``'s question now, by any of the paths above."""
    if not user.is_authenticated:
        return False
    return (
        _through_bank(user, version)
        or _through_attempt(user, version)
        or _through_preview(user, version)
        or _through_grading(user, version)
        or _through_paper_entry(user, version)
    )


def of_correction_only(version: QuestionVersion, sha256: str) -> bool:
    """Whether only the correction of ``version`` shows the image ``sha256`` (no stem places it)."""
    return sha256 in correction_only_hashes({
        "stem_fr": version.stem_fr, "stem_en": version.stem_en, "explanation_fr": version.explanation_fr,
        "explanation_en": version.explanation_en, "media": version.media})


def can_see_image(user, version: QuestionVersion, sha256: str) -> bool:
    """Whether ``user`` may fetch the image ``sha256`` of ``version`` now: whoever may see the
    question for an image of the question, whoever may see its correction for an image of the
    correction (see the module's doc)."""
    if not of_correction_only(version, sha256):
        return can_see_version(user, version)
    if not user.is_authenticated:
        return False
    return (
        _through_bank(user, version)
        or attempt_showing_correction(Attempt.objects.filter(candidate_id=user.pk), version) is not None
    )


def shown_on_copies(attempt_ids, version: QuestionVersion, sha256: str) -> bool:
    """During a closed-book exam, only the images the copies being sat show now. ``sha256`` is
    required: without it an image of the correction would pass as one of the question."""
    attempts = Attempt.objects.filter(pk__in=list(attempt_ids))
    if of_correction_only(version, sha256):
        return attempt_showing_correction(attempts, version) is not None
    return attempt_showing(attempts, version) is not None


def reusable_images(user, hashes) -> set[str]:
    """Of ``hashes``, the images ``user`` may name in an imported question without bringing their
    bytes: stored, and shown by a version whose image they may fetch now (``can_see_image``).
    Anything else is refused the same way, stored or not: knowing a SHA-256 is no permission, and
    an import must not tell which images the bank holds."""
    from questions.media import QuestionImage

    reusable = set()
    for sha256 in QuestionImage.objects.filter(sha256__in=list(hashes)).values_list("sha256", flat=True):
        # The JSON's text holds the hash: a narrow first filter, checked item by item below.
        versions = QuestionVersion.objects.filter(media__icontains=sha256).select_related(
            "question", "question__draft")
        if any(any(item.get("sha256") == sha256 for item in version.media)
               and can_see_image(user, version, sha256) for version in versions):
            reusable.add(sha256)
    return reusable

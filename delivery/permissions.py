"""Who may open what in the delivery engine. Every view goes through these helpers.

- An attempt is its candidate's only: anyone else (staff included) gets 404, so that an
  attempt's address reveals nothing. Invigilators and graders work through their own apps.
- Previewing a paper as a candidate sees it: exam staff (``manage_exams``) and authors
  (``author_questions``).
- Starting a practice paper: anyone who may practise (``practise``).
- A candidate sitting a closed-book exam reaches only the pages of the exam copies they are
  sitting (each on its own, with the diagrams their questions show) and the exam lobby: the
  rulebook, practice, courses and past corrections are closed (``exam_copies_in_progress``,
  applied by ``delivery.middleware.ClosedBookMiddleware``).
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.core.exceptions import PermissionDenied
from django.db.models import Min, Q, QuerySet
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from config.lookups import CompiledQuery, UniqueLookup
from delivery.models import Attempt, AttemptStatus, Paper, Purpose
from delivery.services import grace_period


class ConflictOfInterest(PermissionDenied):
    """Refused because the person is a candidate of the session: the 403 page says so."""

    def __init__(self, message) -> None:
        super().__init__(message)
        self.public_reason = message


CONFLICT_MESSAGE = _(
    "Vous êtes inscrit à la session d'examen qui utilise ce sujet : vous ne pouvez ni le consulter "
    "ni lire ses questions avant que le jury en publie la correction."
)

# The autosave's read, every few seconds per candidate: compiled once (config.lookups).
_CANDIDATES_ATTEMPT = UniqueLookup(Attempt, "pk", "candidate")


def get_attempt_for_candidate(user, attempt_id, *, with_paper: bool = True) -> Attempt:
    """The attempt if it is ``user``'s (404 otherwise). ``with_paper=False`` for the autosave,
    which needs only the paper's id: the join and the paper's fields cost it half of this read."""
    if not with_paper:
        attempt = _CANDIDATES_ATTEMPT.get(pk=attempt_id, candidate=user.pk) if user.pk is not None else None
        if attempt is None:
            raise Http404
        return attempt
    try:
        return Attempt.objects.select_related("paper").get(pk=attempt_id, candidate_id=user.pk)
    except Attempt.DoesNotExist:
        raise Http404 from None


def can_preview(user) -> bool:
    return bool(user.is_authenticated and (user.has_perm("accounts.manage_exams")
                                           or user.has_perm("accounts.author_questions")))


def require_preview(user, paper: Paper | None = None) -> None:
    """Authors preview practice papers (a lesson's exercises); exam and mock papers hold answer
    keys candidates must not meet before the session, so only exam staff preview those, as only
    they open them in the papers app (``papers.permissions``)."""
    if not can_preview(user):
        raise PermissionDenied
    if paper is not None and paper.purpose != Purpose.PRACTICE and not user.has_perm("accounts.manage_exams"):
        raise PermissionDenied


def require_no_conflict(user, paper: Paper) -> None:
    """A person registered for a session may not read its paper until the session has ended
    (``delivery.exposure.conflicting_papers``), whatever their role: the staff preview and
    every page of the papers app ask this."""
    from delivery import exposure

    if exposure.in_conflict_with_paper(user, paper):
        raise ConflictOfInterest(CONFLICT_MESSAGE)


def can_practise(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.practise"))


def open_practice_papers() -> QuerySet[Paper]:
    """Practice papers anyone who practises may start: locked (final) ones."""
    return Paper.objects.filter(purpose=Purpose.PRACTICE, locked_at__isnull=False).order_by("title", "pk")


def listed_practice_papers() -> QuerySet[Paper]:
    """The open practice papers offered on "Mes épreuves": not those a course lesson owns (its
    "S'exercer" button starts them, one per lesson: listing them all would bury the others)."""
    from django.apps import apps

    papers = open_practice_papers()
    if apps.is_installed("courses"):
        lessons = apps.get_model("courses", "Lesson").objects.exclude(practice_paper=None)
        papers = papers.exclude(pk__in=lessons.values("practice_paper"))
    return papers


def get_practice_paper(user, paper_id: int) -> Paper:
    if not can_practise(user):
        raise PermissionDenied
    paper = open_practice_papers().filter(pk=paper_id).first()
    if paper is None:
        raise Http404
    return paper


def exam_copies_in_progress_queryset(user_id, threshold) -> QuerySet:
    """The rule itself (see ``exam_copies_in_progress``): (attempt id, open book) of the user's
    exam attempts in progress whose deadline is after ``threshold``, or that have none."""
    return Attempt.objects.filter(
        Q(deadline__isnull=True) | Q(deadline__gt=threshold),
        candidate_id=user_id, status=AttemptStatus.IN_PROGRESS, paper__purpose=Purpose.EXAM,
    ).order_by().values_list("pk", "paper__open_book")


# Asked on every page a signed-in person opens (the middleware): the statement is compiled once
# per database, the person's id and the deadline's threshold bound at each run. Building it cost
# every page some 0.3 ms of Python, running it a few hundredths.
_COPIES_IN_PROGRESS = CompiledQuery(
    Attempt, exam_copies_in_progress_queryset,
    user_id=(-7_305_118_642, None),
    threshold=(datetime(1901, 2, 3, 4, 5, 6, 789, tzinfo=UTC), Attempt._meta.get_field("deadline")),
)


def exam_copies_in_progress(user, now=None) -> dict:
    """The user's exam attempts still taking answers (deadline and grace not passed), each id
    with whether its paper closes the book. While one does, ``delivery.middleware.
    ClosedBookMiddleware`` opens the pages of these copies only, each on its own."""
    now = now or timezone.now()
    rows = _COPIES_IN_PROGRESS.rows(user_id=user.pk, threshold=now - grace_period())
    # As the ORM reads them: SQLite gives a UUID as its hex digits and a boolean as 0 or 1.
    return {Attempt._meta.pk.to_python(pk): not open_book for pk, open_book in rows}  # Paper.closes_the_book


def copies_with_pairing(copies) -> bool:
    """Whether one of these exam copies holds a pairing question (issue 20): while one is
    sat, even open-book, the tournament tools that run the pairing engine are closed."""
    return Attempt.objects.filter(pk__in=list(copies), paper__items__version__type="pairing").exists()


def copies_with_positions(copies) -> bool:
    """Whether one of these exam copies shows a board (a diagram or a replay): while one is
    sat, even open-book, the engine that rules on a position is closed (``delivery.diagrams``
    reads the copy's positions once, cached)."""
    from delivery import diagrams

    attempts = Attempt.objects.select_related("paper").filter(pk__in=list(copies))
    return any(diagrams.copy_positions(attempt) for attempt in attempts)


def closed_book_exam_attempts(user, now=None) -> set:
    """The ids of the user's exam attempts in progress on papers that do not allow the rulebook."""
    return {pk for pk, closes in exam_copies_in_progress(user, now).items() if closes}


def handed_in_alongside(user, attempt_id, sitting) -> bool:
    """Whether ``attempt_id`` is one of the user's exam copies handed in while the closed-book
    attempts ``sitting`` were running (its deadline fell during them): its page says "copie
    remise" once instead of sending the candidate to another copy. Copies handed in before
    stay closed (their corrections may hold the exam's questions)."""
    began = Attempt.objects.filter(pk__in=sitting).aggregate(began=Min("started_at"))["began"]
    # Still "in progress" past its grace period until its page (or the periodic task) closes it.
    return began is not None and Attempt.objects.filter(
        Q(submitted_at__gte=began) | Q(status=AttemptStatus.IN_PROGRESS, deadline__gte=began),
        pk=attempt_id, candidate_id=user.pk, paper__purpose=Purpose.EXAM,
    ).exists()


def copies_being_sat(user) -> list[Attempt]:
    """The user's exam copies in progress, oldest first, for the links back to them."""
    return list(Attempt.objects.select_related("paper")
                .filter(pk__in=list(exam_copies_in_progress(user))).order_by("started_at"))

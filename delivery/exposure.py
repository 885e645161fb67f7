"""Exposure control: questions an exam session still needs stay out of every other attempt.

One rule, read by every path of the delivery engine (``services.visible_items`` is the gate
that the attempt page, its summary, its correction, the staff preview, saving, checking and
grading all go through): a question *reserved for an exam* is withheld — not shown, not
graded, no key — in any attempt on a paper that is not an exam paper, whoever built it
(a fixed practice paper, a lesson's exercises, a mock exam, the day's review, the admin).

A question is reserved while

- an exam paper holding it is locked, or given to a session, and its session has not ended
  (``papers_in_play``), or
- it was written for exams (``Question.exam_pool``) and no ended session has used it yet.

A session "ends" for this purpose when its jury releases the corrections
(``released_papers``: the one predicate to change when sessions get their own states).

The same predicate settles the conflict rule: a person registered for a session may not
preview its paper nor read its questions in the bank until it has ended
(``conflicting_papers``, ``conflicting_questions``).
"""

from __future__ import annotations

from django.apps import apps
from django.db import connection
from django.db.models import Count, IntegerField, Max, Min, Q, QuerySet
from django.db.models.expressions import RawSQL

from delivery.models import Attempt, Paper, PaperItem, Purpose
from questions.models import Question


def released_papers() -> QuerySet:
    """The ids of exam papers whose session has ended: the jury released their corrections
    (``services.release_results``). The one place that says when a session is over."""
    return Attempt.objects.filter(released_at__isnull=False, paper__purpose=Purpose.EXAM).values("paper_id")


def papers_in_play() -> QuerySet[Paper]:
    """Exam papers locked, or given to a session, whose session has not ended. A paper given to
    a session stays its national paper while unlocked for a change (``papers.services.
    unlock_paper`` allows it until a candidate starts): unlocking it must not let its questions
    out into practice until it is locked again."""
    in_play = Q(locked_at__isnull=False)
    if apps.is_installed("exams"):
        sessions = apps.get_model("exams", "ExamSession").objects.exclude(paper=None)
        in_play |= Q(pk__in=sessions.values("paper_id"))
    return Paper.objects.filter(in_play, purpose=Purpose.EXAM).exclude(pk__in=released_papers())


def reserved_questions_queryset() -> QuerySet:
    """The ids of the questions reserved for exams (the rule itself; see ``reserved_questions``)."""
    held = PaperItem.objects.filter(paper__in=papers_in_play()).values("version__question_id")
    used_and_released = PaperItem.objects.filter(paper_id__in=released_papers()).values(
        "version__question_id"
    )
    return Question.objects.filter(
        Q(pk__in=held) | (Q(exam_pool=True) & ~Q(pk__in=used_and_released))
    ).order_by().values("pk")


# The statement holds no value that changes (only the purposes' names): compiled once per
# database vendor. Compiling its four nested subqueries costs some 5 ms of Python on every
# page that excludes them (practice home, progress, lessons), where running it costs 0.3 ms.
_compiled: dict[str, tuple[str, tuple]] = {}


def reserved_questions() -> RawSQL:
    """The ids of the questions reserved for exams, as a subquery (``exclude(pk__in=…)``
    reads them in the same statement)."""
    vendor = connection.vendor
    if vendor not in _compiled:
        sql, params = reserved_questions_queryset().query.sql_with_params()
        _compiled[vendor] = (sql, tuple(params))
    sql, params = _compiled[vendor]
    return RawSQL(sql, params, output_field=IntegerField())  # noqa: S611 (compiled by the ORM above)


def exempt(purpose: str) -> bool:
    """An exam paper delivers its own questions: the rule concerns every other paper."""
    return purpose == Purpose.EXAM


def withheld_items_queryset(paper_id: int) -> QuerySet:
    """The ids of the items of ``paper_id`` whose question is reserved (the statement that
    ``withheld_item_ids`` runs)."""
    return (
        PaperItem.objects.filter(paper_id=paper_id, version__question_id__in=reserved_questions())
        .order_by()
        .values_list("pk", flat=True)
    )


# Asked at every autosave and page of a paper that is not an exam's (a practice set, a mock):
# its statement is compiled once per database vendor, the paper's id bound at each run.
_compiled_withheld: dict[str, tuple[str, int, tuple]] = {}
_PAPER_PLACEHOLDER = -7_391_046_251  # a paper id no database holds: finds the id's parameter


def withheld_item_ids(paper_id: int, purpose: str) -> frozenset[int]:
    """The items of a paper withheld from its attempts now (none on an exam paper)."""
    if exempt(purpose):
        return frozenset()
    vendor = connection.vendor
    if vendor not in _compiled_withheld:
        sql, params = withheld_items_queryset(_PAPER_PLACEHOLDER).query.sql_with_params()
        _compiled_withheld[vendor] = (sql, list(params).index(_PAPER_PLACEHOLDER), tuple(params))
    sql, position, params = _compiled_withheld[vendor]
    bound = [*params[:position], paper_id, *params[position + 1 :]]
    with connection.cursor() as cursor:
        cursor.execute(sql, bound)
        return frozenset(row[0] for row in cursor.fetchall())


def is_withheld(item: PaperItem, purpose: str) -> bool:
    return item.pk in withheld_item_ids(item.paper_id, purpose)


# --- Conflicts of interest ------------------------------------------------------------------


def conflicting_papers_queryset(user) -> QuerySet:
    """The ids of the papers of the sessions ``user`` is registered for and that have not
    ended: that person may not preview them, locked or not."""
    if not user.is_authenticated or not apps.is_installed("exams"):
        return Paper.objects.none().values("pk")
    registration = apps.get_model("exams", "Registration")
    sessions = registration.objects.filter(candidate_id=user.pk, status="registered").values("session_id")
    session_model = apps.get_model("exams", "ExamSession")
    return (
        session_model.objects.filter(pk__in=sessions, paper__isnull=False)
        .exclude(paper_id__in=released_papers())
        .values("paper_id")
    )


def conflicting_questions_queryset(user) -> QuerySet:
    """The ids of the questions held by ``conflicting_papers(user)`` (the rule itself; see
    ``conflicting_questions``)."""
    return PaperItem.objects.filter(paper_id__in=conflicting_papers_queryset(user)).values(
        "version__question_id"
    )


# Compiled once per database vendor, like ``reserved_questions``: the statements differ from
# one reader to the next only by the reader's id, a parameter. Compiling their nested
# subqueries cost some 3.5 ms on each of the bank list's three statements.
_READER_SENTINEL = -7_351_902_468
_compiled_for_reader: dict[tuple[str, str], tuple[str, tuple]] = {}


def _for_reader(rule, user) -> RawSQL:
    """``rule(user)``'s statement compiled once, with ``user``'s id as its parameter."""
    key = (connection.vendor, rule.__name__)
    if key not in _compiled_for_reader:
        sentinel = type("Sentinel", (), {"is_authenticated": True, "pk": _READER_SENTINEL})()
        sql, params = rule(sentinel).query.sql_with_params()
        # The reader's id, wherever the rule reads it, is the one parameter that changes.
        assert _READER_SENTINEL in params, rule.__name__
        _compiled_for_reader[key] = (sql, tuple(params))
    sql, params = _compiled_for_reader[key]
    params = tuple(user.pk if value == _READER_SENTINEL else value for value in params)
    return RawSQL(sql, params, output_field=IntegerField())  # noqa: S611 (compiled by the ORM above)


def conflicting_papers(user) -> QuerySet | RawSQL:
    """``conflicting_papers_queryset(user)`` as a subquery (``pk__in=…`` reads it in the same
    statement)."""
    if not user.is_authenticated or not apps.is_installed("exams"):
        return conflicting_papers_queryset(user)
    return _for_reader(conflicting_papers_queryset, user)


def conflicting_questions(user) -> QuerySet | RawSQL:
    """``conflicting_questions_queryset(user)`` as a subquery (``exclude(pk__in=…)`` reads
    them in the same statement)."""
    if not user.is_authenticated or not apps.is_installed("exams"):
        return conflicting_questions_queryset(user)
    return _for_reader(conflicting_questions_queryset, user)


def in_conflict_with_paper(user, paper: Paper) -> bool:
    return Paper.objects.filter(pk=paper.pk, pk__in=conflicting_papers(user)).exists()


def in_conflict_with_question(user, question: Question) -> bool:
    return Question.objects.filter(pk=question.pk, pk__in=conflicting_questions(user)).exists()


# --- Exposure report --------------------------------------------------------------------------


def exposure(paper: Paper) -> dict[int, dict]:
    """For each question of ``paper`` (by question id): how many distinct trainees met it in
    an attempt that was not an exam's, and the first and last start of those attempts.
    Once the paper is locked, only attempts started before the lock count: from then on the
    engine withholds the question from them. One grouped query."""
    question_ids = paper.items.values("version__question_id")
    met = Q(paper__attempts__isnull=False)
    if paper.locked_at is not None:
        met &= Q(paper__attempts__started_at__lt=paper.locked_at)
    rows = (
        PaperItem.objects.filter(version__question_id__in=question_ids)
        .exclude(paper__purpose=Purpose.EXAM)
        .values("version__question_id")
        .annotate(
            trainees=Count("paper__attempts__candidate_id", distinct=True, filter=met),
            first=Min("paper__attempts__started_at", filter=met),
            last=Max("paper__attempts__started_at", filter=met),
        )
        .order_by()
    )
    return {
        row["version__question_id"]: {"trainees": row["trainees"], "first": row["first"], "last": row["last"]}
        for row in rows
        if row["trainees"]
    }

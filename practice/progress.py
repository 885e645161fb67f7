"""How far trainees have got: mastery per exam unit and per article family, trend, mock results.

Public functions take a list of user ids, so that a trainer's cohort dashboard can ask for a
whole group at once. Everything is aggregated in SQL (one row per trainee and question at
most) and joined in Python with the bank's index of questions in service (a few hundred rows).

- *Mastered*: a question in service whose last practice or mock answer was right.
- *Mastery* of a unit or family: mastered questions / questions in service in it (a question
  never answered counts as not mastered, so mastery also measures how much was covered).
- *Accuracy*: right answers / answers given, over the whole history.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Max
from django.utils import timezone

from delivery.models import Attempt, AttemptStatus
from papers.families import families_of, sorted_families
from practice.models import Card, CardReview, Kind
from questions.models import Question, QuestionType, Unit


@dataclass
class Mastery:
    in_service: int = 0
    mastered: int = 0
    seen: int = 0
    answers: int = 0
    correct: int = 0

    @property
    def mastery(self) -> float:
        return self.mastered / self.in_service if self.in_service else 0.0

    @property
    def accuracy(self) -> float:
        return self.correct / self.answers if self.answers else 0.0

    @property
    def mastery_percent(self) -> int:
        return round(100 * self.mastery)

    @property
    def accuracy_percent(self) -> int:
        return round(100 * self.accuracy)


@dataclass(frozen=True)
class BankEntry:
    units: tuple[str, ...]
    families: frozenset[str]


def bank_fingerprint() -> str:
    """Changes whenever a question is added, saved (published, retired, revised) or deleted."""
    row = Question.objects.aggregate(count=Count("pk"), last=Max("updated_at"))
    return f"{row['count']}:{row['last'].isoformat() if row['last'] else ''}"


# The last index this process read, with its fingerprint: the shared cache's copy costs some
# 3 ms to read back and unpickle on every progress page. The same for every reader.
_last_index: tuple[str, dict[int, BankEntry]] | None = None


def bank_index() -> dict[int, BankEntry]:
    """Every question in service that practice can draw, with its units and article families.
    Reading every question's citations costs more than the pages that need it: kept in the
    cache until the bank changes (and in this process, for the bank as it is now)."""
    global _last_index
    fingerprint = bank_fingerprint()
    last = _last_index
    if last is not None and last[0] == fingerprint:
        return last[1]
    key = f"practice:bank-index:{fingerprint}"
    index = cache.get(key)
    if index is None:
        # Open questions are left out: practice and mock exams never draw them (no grader).
        rows = (Question.objects.in_use().exclude(current_version__type=QuestionType.OPEN)
                .values_list("pk", "unit_codes", "current_version__citations"))
        index = {pk: BankEntry(units=tuple(code for code in codes.split(",") if code),
                               families=frozenset(families_of(citations or [])))
                 for pk, codes, citations in rows}
        cache.set(key, index, timeout=24 * 3600)
    _last_index = (fingerprint, index)
    return index


def _per_question(user_ids: list[int]) -> dict[int, dict[int, tuple[int, int, bool]]]:
    """{user: {question: (answers, right answers, last answer right)}}: each question answered,
    its reviews counted, its card's last answer beside them (a card per trainee and question).

    Written as SQL: the ORM spent some 1.8 ms building the two queries this statement replaces
    (the cards' last answers, the reviews' counts), which the database ran in 0.25 ms. Every
    value is a query parameter; table and column names come from the models."""
    result: dict[int, dict[int, tuple[int, int, bool]]] = defaultdict(dict)
    if not user_ids:
        return result
    quote = connection.ops.quote_name
    review, card = CardReview._meta, Card._meta

    def column(alias: str, meta, name: str) -> str:
        return f"{alias}.{quote(meta.get_field(name).column)}"

    trainee, question = column("r", review, "trainee"), column("r", review, "question")
    sql = (
        f"SELECT {trainee}, {question}, COUNT({column('r', review, 'id')}), "  # noqa: S608 (names from the models)
        f"COUNT(CASE WHEN {column('r', review, 'correct')} THEN 1 END), "
        f"MAX(CASE WHEN {column('c', card, 'last_correct')} THEN 1 ELSE 0 END) "
        f"FROM {quote(review.db_table)} r LEFT JOIN {quote(card.db_table)} c "
        f"ON {column('c', card, 'trainee')} = {trainee} AND {column('c', card, 'question')} = {question} "
        f"WHERE {trainee} IN ({', '.join(['%s'] * len(user_ids))}) GROUP BY {trainee}, {question}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, list(user_ids))
        rows = cursor.fetchall()
    for user, question_id, answers, right, last_right in rows:
        result[user][question_id] = (answers, right, bool(last_right))
    return result


def _mastery(user_ids: list[int], groups_of, *, index=None, answered=None) -> dict[int, dict[str, Mastery]]:
    index = bank_index() if index is None else index
    totals: dict[str, int] = defaultdict(int)
    for entry in index.values():
        for group in groups_of(entry):
            totals[group] += 1
    result = {}
    answered = _per_question(user_ids) if answered is None else answered
    for user in user_ids:
        rows = {group: Mastery(in_service=count) for group, count in totals.items()}
        for question, (answers, right, last_right) in answered.get(user, {}).items():
            entry = index.get(question)
            if entry is None:
                continue  # retired since: it no longer counts
            for group in groups_of(entry):
                row = rows[group]
                row.seen += 1
                row.answers += answers
                row.correct += right
                row.mastered += int(last_right)
        result[user] = rows
    return result


def unit_mastery(user_ids: list[int], **known) -> dict[int, dict[str, Mastery]]:
    """{user id: {unit code: Mastery}} for the four exam units, in their order."""
    result = _mastery(user_ids, lambda entry: entry.units, **known)
    return {user: {unit: rows.get(unit, Mastery()) for unit in Unit.values} for user, rows in result.items()}


def family_mastery(user_ids: list[int], **known) -> dict[int, dict[str, Mastery]]:
    """{user id: {family key: Mastery}}, families in the rulebook's order."""
    result = _mastery(user_ids, lambda entry: entry.families, **known)
    return {user: {family: rows[family] for family in sorted_families(rows)} for user, rows in result.items()}


def mastery_tables(user_ids: list[int]) -> tuple[dict, dict]:
    """``unit_mastery`` and ``family_mastery`` together, from one read of the bank and history."""
    known = {"index": bank_index(), "answered": _per_question(user_ids)}
    return unit_mastery(user_ids, **known), family_mastery(user_ids, **known)


@dataclass(frozen=True)
class Week:
    start: datetime
    answers: int
    correct: int

    @property
    def accuracy_percent(self) -> int:
        return round(100 * self.correct / self.answers) if self.answers else 0


def weekly_trend(user_id: int, *, weeks: int = 12, now: datetime | None = None) -> list[Week]:
    """Answers and right answers per week over the last ``weeks`` weeks (weeks without any included).

    One query with a conditional count per week: comparisons on the indexed date, where
    truncating every row's date to its week would call a function per row (slow on SQLite)."""
    now = now or timezone.now()
    local_today = timezone.localtime(now).date()
    first_monday = local_today - timedelta(days=local_today.weekday(), weeks=weeks - 1)
    mondays = [first_monday + timedelta(weeks=offset) for offset in range(weeks + 1)]
    bounds = [timezone.make_aware(datetime.combine(monday, datetime.min.time())) for monday in mondays]
    # Written as SQL: the ORM spent some 15 ms compiling 24 filtered counts for a statement
    # the database runs in a fraction of a millisecond. Every value is a query parameter.
    quote, adapt = connection.ops.quote_name, connection.ops.adapt_datetimefield_value
    meta = CardReview._meta
    when, correct, trainee = (
        quote(meta.get_field(name).column) for name in ("reviewed_at", "correct", "trainee")
    )
    columns, params = [], []
    for index in range(weeks):
        start, end = adapt(bounds[index]), adapt(bounds[index + 1])
        in_week = f"{when} >= %s AND {when} < %s"
        columns += [
            f"COUNT(CASE WHEN {in_week} THEN 1 END)",
            f"COUNT(CASE WHEN {in_week} AND {correct} THEN 1 END)",
        ]
        params += [start, end, start, end]
    sql = (
        f"SELECT {', '.join(columns)} FROM {quote(meta.db_table)} "  # noqa: S608 (names from the model)
        f"WHERE {trainee} = %s AND {when} >= %s AND {when} < %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, user_id, adapt(bounds[0]), adapt(bounds[-1])])
        row = cursor.fetchone()
    return [Week(start=mondays[index], answers=row[2 * index] or 0, correct=row[2 * index + 1] or 0)
            for index in range(weeks)]


def mock_results(user_ids: list[int]):
    """Graded mock attempts, oldest first, with their paper (unit, pass mark)."""
    return (Attempt.objects.filter(candidate_id__in=user_ids, status=AttemptStatus.GRADED,
                                   paper__training__kind=Kind.MOCK)
            .select_related("paper").order_by("submitted_at"))


def percent(attempt: Attempt) -> int:
    if not attempt.max_score:
        return 0
    return round(100 * attempt.score / attempt.max_score)


@dataclass(frozen=True)
class Readiness:
    level: str  # "ready", "almost", "not_yet", "unknown"
    label: str
    reasons: list[str]


ENOUGH_ANSWERS = 20


def readiness(row: Mastery, mocks: list[Attempt]) -> Readiness:
    """A plain estimate for a unit, from its last mock exam and the trainee's accuracy.

    Ready: the last mock passed with 10 points to spare and 70 % of answers right. Almost: the
    last mock passed, or 60 % right. Too few answers and no mock: no estimate."""
    from django.utils.translation import gettext as _
    from django.utils.translation import ngettext

    reasons = []
    last = mocks[-1] if mocks else None
    if last is not None:
        reasons.append(_("dernier examen blanc : %(score)s %% (seuil %(mark)s %%, convention de la "
                         "plateforme)") % {"score": percent(last), "mark": round(last.paper.pass_mark)})
    if row.answers:
        reasons.append(_("%(accuracy)s %% de réponses justes sur %(answers)s")
                       % {"accuracy": row.accuracy_percent, "answers": row.answers})
    reasons.append(ngettext("%(mastered)s question maîtrisée sur %(total)s",
                            "%(mastered)s questions maîtrisées sur %(total)s", row.mastered)
                   % {"mastered": row.mastered, "total": row.in_service})
    if last is None and row.answers < ENOUGH_ANSWERS:
        return Readiness("unknown", _("Pas assez de réponses pour en juger"), reasons)
    passed_well = last is not None and last.passed and percent(last) >= last.paper.pass_mark + 10
    if passed_well and row.accuracy >= 0.7:
        return Readiness("ready", _("Au niveau"), reasons)
    if (last is not None and last.passed) or row.accuracy >= 0.6:
        return Readiness("almost", _("Presque au niveau"), reasons)
    return Readiness("not_yet", _("Pas encore au niveau"), reasons)


def next_sessions(today=None) -> dict[str, object]:
    """The next exam session of each unit (not a draft), by unit code."""
    from exams.models import ExamSession

    result: dict[str, object] = {}
    for session in ExamSession.objects.upcoming(today).order_by("date", "start_time"):
        result.setdefault(session.unit, session)
    return result

"""A cohort's numbers for its trainers: who is behind, what the group misses, per question.

Everything is computed with a handful of aggregate queries (one per table), whatever the
size of the cohort: members, lesson progress by trainee, practice answers by trainee, by
question version. Practice answers are the delivery engine's responses to papers whose
purpose is practice or mock exam, already checked (``points`` set), by the cohort's members.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Max, Q, Sum
from django.utils import timezone

from courses.models import Cohort, Enrolment, LessonProgress


@dataclass
class MemberRow:
    enrolment: Enrolment
    done: int
    expected: int
    seconds: int
    last_activity: datetime.datetime | None
    answers: int
    correct: int

    @property
    def minutes(self) -> int:
        return self.seconds // 60

    @property
    def behind(self) -> bool:
        return self.done < self.expected

    @property
    def success_rate(self) -> int | None:
        return round(100 * self.correct / self.answers) if self.answers else None


@dataclass
class QuestionRow:
    uid: str
    version: int
    answers: int
    correct: int
    points: float
    max_points: float

    @property
    def success_rate(self) -> int:
        return round(100 * self.correct / self.answers) if self.answers else 0


@dataclass
class ArticleRow:
    citation: str
    answers: int
    missed: int

    @property
    def miss_rate(self) -> int:
        return round(100 * self.missed / self.answers) if self.answers else 0


@dataclass
class Dashboard:
    lessons: int
    expected: int
    members: list[MemberRow]
    questions: list[QuestionRow]
    articles: list[ArticleRow]


def _practice_responses(member_ids):
    from delivery.models import Purpose, Response

    return Response.objects.filter(
        attempt__candidate_id__in=member_ids,
        attempt__paper__purpose__in=[Purpose.PRACTICE, Purpose.MOCK],
        points__isnull=False,
    )


def cohort_dashboard(cohort: Cohort, *, day: datetime.date | None = None) -> Dashboard:
    from questions.models import QuestionVersion

    lesson_ids = list(cohort.course.lessons.filter(planned=False).values_list("pk", flat=True))
    expected = cohort.expected_lessons(len(lesson_ids), day or timezone.localdate())
    enrolments = list(
        cohort.enrolments.select_related("trainee").order_by("trainee__last_name", "trainee__email")
    )
    # Subqueries rather than lists of ids: one statement each, whatever the cohort's size.
    member_ids = Enrolment.objects.filter(cohort=cohort).values("trainee_id")
    progress = {
        row["trainee_id"]: row
        for row in LessonProgress.objects.filter(
            trainee_id__in=member_ids, lesson__course_id=cohort.course_id, lesson__planned=False
        )
        .values("trainee_id")
        .annotate(
            done=Count("pk", filter=Q(completed_at__isnull=False)),
            seconds=Sum("seconds_spent"),
            last=Max("last_activity_at"),
        )
    }
    responses = _practice_responses(member_ids)
    practice = {
        row["attempt__candidate_id"]: row
        for row in responses.values("attempt__candidate_id").annotate(
            answers=Count("pk"), correct=Count("pk", filter=Q(correct=True)), last=Max("saved_at")
        )
    }
    members = []
    for enrolment in enrolments:
        own = progress.get(enrolment.trainee_id, {})
        answered = practice.get(enrolment.trainee_id, {})
        last = max(filter(None, [own.get("last"), answered.get("last")]), default=None)
        members.append(
            MemberRow(
                enrolment=enrolment,
                done=own.get("done", 0),
                expected=expected,
                seconds=own.get("seconds") or 0,
                last_activity=last,
                answers=answered.get("answers", 0),
                correct=answered.get("correct", 0),
            )
        )
    by_version = list(
        responses.values("item__version_id").annotate(
            answers=Count("pk"),
            correct=Count("pk", filter=Q(correct=True)),
            points=Sum("points"),
            max_points=Sum("item__points"),
        )
    )
    versions = {
        v.pk: v
        for v in QuestionVersion.objects.filter(pk__in=[r["item__version_id"] for r in by_version])
        .select_related("question")
        .only("pk", "number", "citations", "question__uid")
    }
    questions = []
    article_answers: dict[str, int] = defaultdict(int)
    article_missed: dict[str, int] = defaultdict(int)
    for row in by_version:
        version = versions[row["item__version_id"]]
        questions.append(
            QuestionRow(
                uid=version.question.uid,
                version=version.number,
                answers=row["answers"],
                correct=row["correct"],
                points=float(row["points"] or 0),
                max_points=float(row["max_points"] or 0),
            )
        )
        for citation in version.citations or []:
            key = f"{citation.get('edition')}:{citation.get('article')}"
            article_answers[key] += row["answers"]
            article_missed[key] += row["answers"] - row["correct"]
    questions.sort(key=lambda q: (q.success_rate, q.uid))
    articles = sorted(
        (
            ArticleRow(citation=key, answers=article_answers[key], missed=article_missed[key])
            for key in article_answers
        ),
        key=lambda a: (-a.missed, -a.miss_rate, a.citation),
    )
    return Dashboard(
        lessons=len(lesson_ids),
        expected=expected,
        members=members,
        questions=questions,
        articles=[a for a in articles if a.missed][:10],
    )

"""Writes of the courses app that span several models."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from courses.content import CourseData, CourseFormatError, Problem, citation_problem
from courses.models import Cohort, Course, Enrolment, Lesson, LessonProgress, Module


@dataclass
class SyncReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.deleted)


def _apply(obj, values: dict) -> bool:
    changed = False
    for name, value in values.items():
        if getattr(obj, name) != value:
            setattr(obj, name, value)
            changed = True
    return changed


@transaction.atomic
@transaction.atomic
def sync_course(*, data: CourseData, author=None) -> SyncReport:
    """Make the database hold exactly ``data``; touches nothing that is already equal.

    Refused whole (CourseFormatError) when it would delete a lesson trainees have opened."""
    report = SyncReport()
    values = {
        "stage": data.stage,
        "units": data.units,
        "hours": Decimal(str(data.hours)),
        "title_fr": data.title_fr,
        "title_en": data.title_en,
        "summary_fr": data.summary_fr,
        "summary_en": data.summary_en,
    }
    course = Course.objects.filter(code=data.code).first()
    if course is None:
        course = Course(code=data.code, **values)
        course.full_clean()
        course.save()
        report.created.append(data.code)
    elif _apply(course, values):
        course.full_clean()
        course.save()
        report.updated.append(data.code)
    modules = {module.slug: module for module in course.modules.all()}
    lessons = {lesson.slug: lesson for lesson in course.lessons.all()}
    kept_modules, kept_lessons = set(), set()
    for module_order, module_data in enumerate(data.modules, start=1):
        kept_modules.add(module_data.slug)
        module = modules.get(module_data.slug) or Module(course=course, slug=module_data.slug)
        module_values = {
            "title_fr": module_data.title_fr,
            "title_en": module_data.title_en,
            "order": module_order,
        }
        if module.pk is None or _apply(module, module_values):
            _apply(module, module_values)
            (report.updated if module.pk else report.created).append(f"{data.code}/{module.slug}")
            module.full_clean()
            module.save()
        for order, lesson_data in enumerate(module_data.lessons, start=1):
            kept_lessons.add(lesson_data.slug)
            lesson = lessons.get(lesson_data.slug) or Lesson(course=course, slug=lesson_data.slug)
            lesson_values = {
                "module_id": module.pk,
                "order": order,
                "planned": lesson_data.planned,
                "title_fr": lesson_data.title_fr,
                "title_en": lesson_data.title_en,
                "minutes": lesson_data.minutes,
                "body_fr": lesson_data.body_fr,
                "body_en": lesson_data.body_en,
                "articles": lesson_data.articles,
                "practice": lesson_data.practice,
            }
            is_new = lesson.pk is None
            if is_new or _apply(lesson, lesson_values):
                _apply(lesson, lesson_values)
                lesson.full_clean()
                lesson.save()
                (report.created if is_new else report.updated).append(f"{data.code}/{lesson.slug}")
            if ensure_practice_paper(lesson=lesson, author=author) and not is_new:
                report.updated.append(f"{data.code}/{lesson.slug} (exercices)")
    dropped = [lesson for slug, lesson in lessons.items() if slug not in kept_lessons]
    followed = [lesson.slug for lesson in dropped if lesson.progress.exists()]
    if followed:
        # Trainees' reading history is never lost to an import: the lesson must stay (it may
        # be marked "planned", or moved) until nobody has opened it.
        raise CourseFormatError([
            Problem("course.json", None, _(
                "La leçon « %(slug)s » a déjà été suivie par des stagiaires : elle ne peut pas "
                "disparaître de la formation (gardez-la, éventuellement dans un autre module)."
            ) % {"slug": slug})
            for slug in followed
        ])
    for lesson in dropped:
        lesson.delete()
        report.deleted.append(f"{data.code}/{lesson.slug}")
    for slug, module in modules.items():
        if slug not in kept_modules:
            module.delete()
            report.deleted.append(f"{data.code}/{slug}")
    return report


def ensure_practice_paper(*, lesson: Lesson, author=None) -> bool:
    """Point the lesson at a locked practice paper of its questions' current published versions.

    A paper is frozen once locked, so a change of questions (or a new published version)
    gets a new paper; the old one keeps its attempts. Returns whether anything changed.
    """
    from delivery.exposure import reserved_questions
    from delivery.models import Feedback, Paper, PaperItem, Purpose
    from questions.models import Question, Status

    # A question reserved for an exam is left out (the delivery engine would withhold it
    # anyway); it comes back with the next import once the jury has released it.
    questions = {
        q.uid: q
        for q in Question.objects.filter(
            uid__in=lesson.practice, status=Status.PUBLISHED, current_version__isnull=False
        )
        .exclude(pk__in=reserved_questions())
        .select_related("current_version")
    }
    versions = [questions[uid].current_version for uid in lesson.practice if uid in questions]
    wanted = [version.pk for version in versions]
    paper = lesson.practice_paper
    if (
        paper is not None
        and list(paper.items.order_by("position").values_list("version_id", flat=True)) == wanted
    ):
        return False
    if not versions:
        if paper is None:
            return False
        lesson.practice_paper = None
        lesson.save(update_fields=["practice_paper", "updated_at"])
        return True
    now = timezone.now()
    units = sorted({unit for version in versions for unit in version.units})
    paper = Paper.objects.create(
        title=_("S'exercer — %(course)s · %(lesson)s")
        % {"course": lesson.course.code, "lesson": lesson.title_fr},
        purpose=Purpose.PRACTICE,
        unit=units[0] if len(units) == 1 else "",
        duration=None,
        feedback=Feedback.IMMEDIATE,
        created_by=author,
        locked_at=now,
        locked_by=author,
    )
    for position, version in enumerate(versions, start=1):
        PaperItem.objects.create(
            paper=paper, position=position, version=version, points=Decimal(version.points)
        )
    lesson.practice_paper = paper
    lesson.save(update_fields=["practice_paper", "updated_at"])
    return True


# --- Flags after a new edition of the rulebook ----------------------------------------------


def flag_lessons_citing(*, edition: str, numbers: list[str], previous_edition: str = "") -> int:
    """Flag the lessons teaching any of ``numbers`` of the edition the new one replaces."""
    numbers_set = set(numbers)
    editions = {edition, previous_edition} if previous_edition else {edition}
    flagged = 0
    for lesson in Lesson.objects.exclude(articles=[]):
        hits = sorted(
            {
                number
                for edition_slug, _sep, number in (a.partition(":") for a in lesson.articles)
                if edition_slug in editions and number in numbers_set
            }
        )
        if not hits:
            continue
        message = _(
            "L'édition %(edition)s du règlement modifie les articles %(numbers)s enseignés par cette leçon."
        ) % {"edition": edition, "numbers": ", ".join(hits)}
        lesson.needs_review = True
        if message not in lesson.review_reason:
            lesson.review_reason = f"{lesson.review_reason}\n{message}".strip()
        lesson.save(update_fields=["needs_review", "review_reason", "updated_at"])
        flagged += 1
    return flagged


def clear_lesson_flag(*, lesson: Lesson) -> None:
    lesson.needs_review = False
    lesson.review_reason = ""
    lesson.save(update_fields=["needs_review", "review_reason", "updated_at"])


# --- Enrolment and progress -------------------------------------------------------------------


def enrol(*, course: Course, trainee, cohort: Cohort | None = None, added_by=None) -> Enrolment:
    enrolment, created = Enrolment.objects.get_or_create(
        course=course, trainee=trainee, defaults={"cohort": cohort, "added_by": added_by or trainee}
    )
    if not created and cohort is not None and enrolment.cohort_id != cohort.pk:
        enrolment.cohort = cohort
        enrolment.save(update_fields=["cohort"])
    return enrolment


def _end_readings(trainee, now: datetime.datetime) -> None:
    """Credit the readings left open (capped per lesson) and close them."""
    for progress in LessonProgress.objects.filter(
        trainee=trainee, reading_since__isnull=False
    ).select_related("lesson"):
        elapsed = min(max(now - progress.reading_since, datetime.timedelta(0)), progress.lesson.reading_cap())
        progress.seconds_spent += int(elapsed.total_seconds())
        progress.reading_since = None
        progress.save(update_fields=["seconds_spent", "reading_since"])


@transaction.atomic
def open_lesson(*, lesson: Lesson, trainee, now: datetime.datetime | None = None) -> LessonProgress:
    now = now or timezone.now()
    _end_readings(trainee, now)
    progress, _created = LessonProgress.objects.get_or_create(
        lesson=lesson, trainee=trainee, defaults={"first_opened_at": now, "last_activity_at": now}
    )
    progress.reading_since = now
    progress.last_activity_at = now
    progress.save(update_fields=["reading_since", "last_activity_at"])
    return progress


@transaction.atomic
def complete_lesson(*, lesson: Lesson, trainee, now: datetime.datetime | None = None) -> LessonProgress:
    now = now or timezone.now()
    _end_readings(trainee, now)
    progress, _created = LessonProgress.objects.get_or_create(
        lesson=lesson, trainee=trainee, defaults={"first_opened_at": now, "last_activity_at": now}
    )
    progress.refresh_from_db()
    if progress.completed_at is None:
        progress.completed_at = now
    progress.last_activity_at = now
    progress.save(update_fields=["completed_at", "last_activity_at"])
    return progress


@dataclass
class Place:
    """A trainee's place in a course."""

    lessons: int
    done: int
    seconds: int
    next_lesson: Lesson | None
    done_ids: set[int]

    @property
    def minutes(self) -> int:
        return self.seconds // 60

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.lessons) if self.lessons else 0


def place_in_course(*, course: Course, trainee) -> Place:
    lessons = [lesson for lesson in course.ordered_lessons() if not lesson.planned]
    rows = LessonProgress.objects.filter(trainee=trainee, lesson__course=course).values_list(
        "lesson_id", "completed_at", "seconds_spent"
    )
    done = {lesson_id for lesson_id, completed_at, _seconds in rows if completed_at is not None}
    seconds = sum(row[2] for row in rows)
    following = next((lesson for lesson in lessons if lesson.pk not in done), None)
    return Place(
        lessons=len(lessons),
        done=len(done & {lesson.pk for lesson in lessons}),
        seconds=seconds,
        next_lesson=following,
        done_ids=done,
    )


# --- Cohorts ----------------------------------------------------------------------------------


def add_members(*, cohort: Cohort, emails: list[str], actor) -> tuple[list[str], list[str]]:
    """Enrol the people with these e-mails; returns (added, unknown e-mails)."""
    from accounts.models import User

    added, unknown = [], []
    for email in emails:
        user = User.objects.filter(email__iexact=email.strip()).first()
        if user is None:
            unknown.append(email)
            continue
        enrol(course=cohort.course, trainee=user, cohort=cohort, added_by=actor)
        added.append(user.email)
    return added, unknown


@transaction.atomic
def confirm_completion(*, enrolment: Enrolment, actor, day: datetime.date | None = None):
    """The trainer confirms the member attended the course: the exams' stage record, audit-logged."""
    from exams.audit import log_action
    from exams.models import AuditEntry, StageRecord

    enrolment = (
        Enrolment.objects.select_for_update(of=("self",))  # PostgreSQL: not the nullable cohort
        .select_related("cohort", "course", "trainee")
        .get(pk=enrolment.pk)
    )
    if enrolment.stage_record_id is not None:
        return enrolment.stage_record
    cohort = enrolment.cohort
    day = day or min(cohort.ends_on, timezone.localdate())
    record = StageRecord.objects.filter(
        candidate=enrolment.trainee, stage=enrolment.course.stage, date=day
    ).first()
    if record is None:
        record = StageRecord(
            candidate=enrolment.trainee,
            stage=enrolment.course.stage,
            date=day,
            place=cohort.place[:150],
            trainer_name=(actor.get_full_name() or actor.email)[:150],
            hours=enrolment.course.hours if enrolment.course.hours > 0 else Decimal(1),
            recorded_by=actor,
        )
        record.full_clean()
        record.save()
    enrolment.stage_record = record
    enrolment.confirmed_at = timezone.now()
    enrolment.confirmed_by = actor
    enrolment.save(update_fields=["stage_record", "confirmed_at", "confirmed_by"])
    log_action(
        actor=actor,
        action=AuditEntry.Action.IMPORT,
        target=record,
        reason=_("Stage validé par le formateur dans le groupe « %(cohort)s ».") % {"cohort": cohort.name},
        details={
            "source": "courses",
            "cohort": cohort.pk,
            "course": enrolment.course.code,
            "trainee": enrolment.trainee.email,
            "stage": record.stage,
            "date": record.date,
        },
    )
    return record


def lesson_citation_problems(articles: list[str]) -> list[str]:
    return [f"{article} : {problem}" for article in articles if (problem := citation_problem(article))]


def home_next_lesson(user) -> str | None:
    """The home card's line: the next lesson of the course the trainee enrolled in last."""
    enrolment = (
        Enrolment.objects.filter(trainee=user).select_related("course").order_by("-enrolled_at").first()
    )
    if enrolment is None:
        return None
    following = place_in_course(course=enrolment.course, trainee=user).next_lesson
    if following is None:
        return _("%(course)s : toutes les leçons sont terminées") % {"course": enrolment.course.code}
    return _("Prochaine leçon : %(title)s") % {"title": following.title}

"""The demo's course data: the demo trainee in the SC cohort "Stage SC Lyon, mars".

Only when the SC course is loaded (the content writers' files, ``load_courses``), so `make
data` runs it with its second ``load_demo``. Idempotent: nothing changes on a second run.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from courses import services
from courses.models import Cohort, Course, LessonProgress

COHORT_NAME = "Stage SC Lyon, mars"
TRAINEE = "stagiaire@demo.arbitre.fr"
TRAINER = "formateur@demo.arbitre.fr"
LESSONS_DONE = 3


def load() -> list[str]:
    """What was created (an empty list when everything was already there)."""
    from accounts.models import User

    course = Course.objects.filter(code="SC").first()
    trainee = User.objects.filter(email=TRAINEE).first()
    trainer = User.objects.filter(email=TRAINER).first()
    if course is None or trainee is None or trainer is None:
        return []
    created: list[str] = []
    with transaction.atomic():
        year = timezone.localdate().year
        cohort, new = Cohort.objects.get_or_create(
            course=course,
            name=COHORT_NAME,
            defaults={
                "place": "Lyon",
                "starts_on": datetime.date(year, 3, 7),
                "ends_on": datetime.date(year, 3, 8),
            },
        )
        if new:
            cohort.trainers.add(trainer)
            created.append(f"cohort {COHORT_NAME}")
        if not cohort.enrolments.filter(trainee=trainee).exists():
            services.enrol(course=course, trainee=trainee, cohort=cohort, added_by=trainer)
            created.append(f"{TRAINEE} enrolled")
        if not LessonProgress.objects.filter(trainee=trainee, lesson__course=course).exists():
            lessons = [lesson for lesson in course.ordered_lessons() if not lesson.planned][:LESSONS_DONE]
            start = timezone.now() - datetime.timedelta(days=2)
            for index, lesson in enumerate(lessons):
                opened = start + datetime.timedelta(hours=index)
                services.open_lesson(lesson=lesson, trainee=trainee, now=opened)
                services.complete_lesson(
                    lesson=lesson,
                    trainee=trainee,
                    now=opened + datetime.timedelta(minutes=max(lesson.minutes, 5)),
                )
            created.append(f"{len(lessons)} lessons done")
    return created

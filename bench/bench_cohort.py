"""The trainer's cohort page for a 200-trainee cohort: dashboard computed and page rendered.

A course of 20 lessons (each with a practice paper of 5 questions citing two articles); 200
members, each having done part of the lessons and answered 40 practice questions. Measures
``courses.dashboard.cohort_dashboard`` alone and the whole page (GET through Django's test
client: middleware, the dashboard's queries, template rendering). Target: the page under
300 ms on SQLite. The data is made inside a transaction that is rolled back.
"""

from __future__ import annotations

import datetime
import random

from common import setup, summarise_ms, timings_ms, write_result

MEMBERS = 200
LESSONS = 20
QUESTIONS_PER_LESSON = 5
ANSWERS_PER_MEMBER = 40


class _Rollback(Exception):
    pass


def main() -> None:
    setup()
    from django.contrib.auth.hashers import make_password
    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from accounts.models import Role, User, ensure_role_groups
    from courses.dashboard import cohort_dashboard
    from courses.models import Cohort, Course, Enrolment, Lesson, LessonProgress, Module
    from delivery.models import Attempt, AttemptStatus, Feedback, Paper, PaperItem, Purpose, Response
    from questions.models import Question, QuestionVersion, Status

    figures: dict = {"members": MEMBERS, "lessons": LESSONS, "answers_per_member": ANSWERS_PER_MEMBER}
    generator = random.Random(2026)
    try:
        with transaction.atomic():
            now = timezone.now()
            today = timezone.localdate()
            course = Course.objects.create(code="BENCHSC", stage="SC", title_fr="Bench SC", hours=14)
            module = Module.objects.create(course=course, slug="bench", title_fr="Bench", order=1)
            items = []
            lessons = []
            for lesson_index in range(LESSONS):
                paper = Paper.objects.create(
                    title=f"bench cohort {lesson_index}",
                    purpose=Purpose.PRACTICE,
                    feedback=Feedback.IMMEDIATE,
                    locked_at=now,
                )
                lesson = Lesson.objects.create(
                    course=course,
                    module=module,
                    slug=f"lesson-{lesson_index}",
                    order=lesson_index + 1,
                    title_fr=f"Leçon {lesson_index}",
                    minutes=20,
                    body_fr="Texte.",
                    practice_paper=paper,
                )
                lessons.append(lesson)
                for position in range(QUESTIONS_PER_LESSON):
                    question = Question.objects.create(
                        uid=f"bench-cohort-{lesson_index}-{position}", status=Status.PUBLISHED
                    )
                    version = QuestionVersion(question=question, number=1)
                    version.set_content(
                        {
                            "type": "truefalse",
                            "units": ["UVR"],
                            "tags": [],
                            "difficulty": 2,
                            "points": 1,
                            "negative_marking": False,
                            "eliminatory": False,
                            "stem_fr": "Énoncé",
                            "stem_en": "",
                            "explanation_fr": "",
                            "explanation_en": "",
                            "source": "",
                            "scenario": None,
                            "citations": [
                                {"edition": "2018", "article": f"{lesson_index % 12 + 1}.{position % 3 + 1}"},
                                {"edition": "2018", "article": "4.3"},
                            ],
                            "body": {"answer": True},
                        }
                    )
                    version.published_at = now
                    version.save()
                    items.append(
                        PaperItem.objects.create(
                            paper=paper, position=position + 1, version=version, points=1
                        )
                    )
            trainer = User.objects.create_user(email="bench-cohort-trainer@example.org", password=None)
            trainer.groups.add(ensure_role_groups()[Role.TRAINER])
            cohort = Cohort.objects.create(
                course=course,
                name="Bench cohort",
                place="Lyon",
                starts_on=today - datetime.timedelta(days=10),
                ends_on=today + datetime.timedelta(days=10),
            )
            cohort.trainers.add(trainer)
            members = User.objects.bulk_create(
                [
                    User(
                        email=f"bench-cohort-{index}@example.org",
                        first_name=f"Stagiaire {index}",
                        password=make_password(None),
                    )
                    for index in range(MEMBERS)
                ]
            )
            Enrolment.objects.bulk_create(
                [Enrolment(course=course, trainee=user, cohort=cohort) for user in members]
            )
            progress, attempts = [], []
            for user in members:
                done = generator.randint(0, LESSONS)
                for lesson in lessons[: done + 1]:
                    progress.append(
                        LessonProgress(
                            lesson=lesson,
                            trainee=user,
                            seconds_spent=generator.randint(60, 2400),
                            completed_at=now if lesson in lessons[:done] else None,
                        )
                    )
                attempts.append(
                    Attempt(
                        paper=lessons[0].practice_paper, candidate=user, seed=1, status=AttemptStatus.GRADED
                    )
                )
            LessonProgress.objects.bulk_create(progress, batch_size=2000)
            Attempt.objects.bulk_create(attempts)
            # The practice responses: each member answers ANSWERS_PER_MEMBER distinct items.
            responses = []
            for attempt in attempts:
                for item in generator.sample(items, ANSWERS_PER_MEMBER):
                    right = generator.random() < 0.7
                    responses.append(
                        Response(
                            attempt=attempt,
                            item=item,
                            answer={"answer": right},
                            points=1 if right else 0,
                            correct=right,
                        )
                    )
            Response.objects.bulk_create(responses, batch_size=5000)
            figures["responses"] = len(responses)
            figures["lesson_progress_rows"] = len(progress)

            figures["dashboard"] = summarise_ms(timings_ms(lambda: cohort_dashboard(cohort), repeat=20))
            client = Client(HTTP_HOST="localhost")
            client.force_login(trainer)
            url = f"/courses/groupes/{cohort.pk}/"

            def page() -> None:
                response = client.get(url)
                assert response.status_code == 200, response.status_code

            with CaptureQueriesContext(connection) as queries:
                page()
            figures["page_queries"] = len(queries.captured_queries)
            figures["page"] = summarise_ms(timings_ms(page, repeat=20))
            raise _Rollback
    except _Rollback:
        pass
    figures["target_ms"] = 300
    figures["within_target"] = figures["page"]["p95_ms"] < 300
    write_result(
        "cohort",
        figures,
        f"cohort page of {MEMBERS} trainees: p50 {figures['page']['p50_ms']} ms, "
        f"p95 {figures['page']['p95_ms']} ms ({figures['page_queries']} queries); "
        f"dashboard alone p50 {figures['dashboard']['p50_ms']} ms",
    )


if __name__ == "__main__":
    main()

"""Who may do what with courses. Every view goes through these helpers.

- Following a course (reading lessons, enrolling, marking lessons done, practising): anyone
  who may practise (``accounts.practise``).
- Authoring courses, modules and lessons, export and import: trainers
  (``accounts.author_questions``) and exam staff (``accounts.manage_exams``).
- Cohorts: created by trainers and exam staff; a cohort is seen and run by its own trainers
  and by exam staff. Another trainer gets 404 (the cohort's members are not theirs to see).
- Anonymous visitors are sent to the login page by ``@login_required``.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404

from courses.models import Cohort, Course, Lesson


def can_follow(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.practise"))


def require_follower(user) -> None:
    if not can_follow(user):
        raise PermissionDenied


def can_author(user) -> bool:
    return bool(
        user.is_authenticated
        and (user.has_perm("accounts.author_questions") or user.has_perm("accounts.manage_exams"))
    )


def require_author(user) -> None:
    if not can_author(user):
        raise PermissionDenied


def is_exam_staff(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.manage_exams"))


def get_course(code: str) -> Course:
    course = Course.objects.filter(code=code).first()
    if course is None:
        raise Http404
    return course


def get_lesson(course: Course, slug: str) -> Lesson:
    lesson = course.lessons.select_related("module", "practice_paper").filter(slug=slug).first()
    if lesson is None:
        raise Http404
    return lesson


def cohorts_for(user):
    if is_exam_staff(user):
        return Cohort.objects.all()
    return Cohort.objects.filter(trainers=user)


def get_cohort_for_trainer(user, pk: int) -> Cohort:
    require_author(user)
    cohort = cohorts_for(user).select_related("course").filter(pk=pk).first()
    if cohort is None:
        raise Http404
    return cohort

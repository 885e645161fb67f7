"""The trainee's side: the catalogue, a course's outline, enrolment, reading a lesson, practice."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from courses import permissions, services
from courses.models import Course, Enrolment
from courses.rendering import article_label, article_url, render_lesson_cached


@require_GET
@login_required
def index(request: HttpRequest) -> HttpResponse:
    permissions.require_follower(request.user)
    enrolled = {e.course_id: e for e in Enrolment.objects.filter(trainee=request.user)}
    courses = []
    for course in Course.objects.all():
        place = (
            services.place_in_course(course=course, trainee=request.user) if course.pk in enrolled else None
        )
        courses.append({"course": course, "place": place})
    return render(
        request,
        "courses/index.html",
        {"courses": courses, "can_author": permissions.can_author(request.user)},
    )


@require_GET
@login_required
def next_lesson(request: HttpRequest) -> HttpResponse:
    """The home panel's link: back to the lesson where the trainee stopped."""
    permissions.require_follower(request.user)
    for enrolment in (
        Enrolment.objects.filter(trainee=request.user).select_related("course").order_by("-enrolled_at")
    ):
        place = services.place_in_course(course=enrolment.course, trainee=request.user)
        if place.next_lesson is not None:
            return redirect(place.next_lesson.get_absolute_url())
    return redirect("courses:index")


@require_GET
@login_required
def course_page(request: HttpRequest, code: str) -> HttpResponse:
    permissions.require_follower(request.user)
    course = permissions.get_course(code)
    enrolment = Enrolment.objects.filter(course=course, trainee=request.user).select_related("cohort").first()
    place = services.place_in_course(course=course, trainee=request.user)
    modules = [{"module": module, "lessons": module.ordered} for module in course.outline()]
    context = {
        "course": course,
        "enrolment": enrolment,
        "place": place,
        "modules": modules,
        "can_author": permissions.can_author(request.user),
    }
    return render(request, "courses/course.html", context)


@require_POST
@login_required
def enrol(request: HttpRequest, code: str) -> HttpResponse:
    permissions.require_follower(request.user)
    course = permissions.get_course(code)
    services.enrol(course=course, trainee=request.user)
    messages.success(request, _("Vous êtes inscrit à la formation %(course)s.") % {"course": course.title})
    return redirect(course.get_absolute_url())


def _reader_language(lesson) -> tuple[str, bool]:
    """The body shown and whether it falls back to French for an English reader."""
    english = (get_language() or "fr")[:2] == "en"
    if english and lesson.body_en.strip():
        return lesson.body_en, False
    return lesson.body_fr, english


@require_GET
@login_required
def lesson_page(request: HttpRequest, code: str, slug: str) -> HttpResponse:
    permissions.require_follower(request.user)
    course = permissions.get_course(code)
    lesson = permissions.get_lesson(course, slug)
    if lesson.planned:
        raise Http404
    enrolment = Enrolment.objects.filter(course=course, trainee=request.user).first()
    progress = services.open_lesson(lesson=lesson, trainee=request.user) if enrolment else None
    body, fallback = _reader_language(lesson)
    lessons = [item for item in course.ordered_lessons() if not item.planned]
    index = next(i for i, item in enumerate(lessons) if item.pk == lesson.pk)
    context = {
        "course": course,
        "lesson": lesson,
        "enrolment": enrolment,
        "progress": progress,
        "html": render_lesson_cached(body, base_url=request.path, params=request.GET),
        "fallback": fallback,
        "articles": [{"label": article_label(a), "url": article_url(a)} for a in lesson.articles],
        "previous": lessons[index - 1] if index else None,
        "following": lessons[index + 1] if index + 1 < len(lessons) else None,
        "can_author": permissions.can_author(request.user),
    }
    return render(request, "courses/lesson.html", context)


@require_POST
@login_required
def complete(request: HttpRequest, code: str, slug: str) -> HttpResponse:
    permissions.require_follower(request.user)
    course = permissions.get_course(code)
    lesson = permissions.get_lesson(course, slug)
    if lesson.planned:
        raise Http404
    services.enrol(course=course, trainee=request.user)
    services.complete_lesson(lesson=lesson, trainee=request.user)
    messages.success(request, _("Leçon « %(title)s » terminée.") % {"title": lesson.title})
    place = services.place_in_course(course=course, trainee=request.user)
    return redirect(place.next_lesson.get_absolute_url() if place.next_lesson else course.get_absolute_url())


@require_POST
@login_required
def practise(request: HttpRequest, code: str, slug: str) -> HttpResponse:
    """Start (or resume) the lesson's practice set on the delivery engine, with immediate feedback."""
    from delivery import services as delivery_services
    from delivery.models import Attempt, AttemptStatus

    permissions.require_follower(request.user)
    course = permissions.get_course(code)
    lesson = permissions.get_lesson(course, slug)
    paper = lesson.practice_paper
    if paper is None:
        raise Http404
    attempt = Attempt.objects.filter(
        paper=paper, candidate=request.user, status=AttemptStatus.IN_PROGRESS
    ).first()
    if attempt is None or not attempt.is_open:
        attempt = delivery_services.start_attempt(paper=paper, candidate=request.user)
    return redirect("delivery:attempt", attempt.pk)

"""Authoring courses in pages: course, modules, lessons (with a live preview), order, zip out and in."""

from __future__ import annotations

import hashlib
from functools import cache as once

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from courses import permissions, services
from courses.content import CourseFormatError
from courses.forms import CourseForm, LessonForm, ModuleForm
from courses.models import Course
from courses.rendering import render_lesson
from courses.transfer import MAX_ZIP_BYTES, export_zip, read_zip


@require_http_methods(["GET", "POST"])
@login_required
def course_edit(request: HttpRequest, code: str | None = None) -> HttpResponse:
    permissions.require_author(request.user)
    course = permissions.get_course(code) if code else None
    form = CourseForm(request.POST or None, instance=course)
    if request.method == "POST" and form.is_valid():
        course = form.save()
        messages.success(request, _("Formation enregistrée."))
        return redirect("courses:outline", course.code)
    status = 422 if request.method == "POST" else 200
    return render(request, "courses/course_form.html", {"form": form, "course": course}, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def outline(request: HttpRequest, code: str) -> HttpResponse:
    """The authoring view of a course: its modules and lessons, to edit and reorder; a new module."""
    permissions.require_author(request.user)
    course = permissions.get_course(code)
    form = ModuleForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid() and not course.modules.filter(slug=form.cleaned_data["slug"]).exists():
            module = form.save(commit=False)
            module.course = course
            module.order = course.modules.count() + 1
            module.save()
            return redirect("courses:outline", course.code)
        if form.is_valid():
            form.add_error("slug", _("Un module de cette formation a déjà cet identifiant."))
    modules = [{"module": module, "lessons": module.ordered} for module in course.outline()]
    status = 422 if request.method == "POST" else 200
    # One token for the whole page, the stored fragment's buttons and the new module's form.
    token = get_token(request)
    context = {
        "course": course,
        "modules_html": _modules_html(course, modules, csrf_token=token),
        "form": form,
        "csrf_token": token,
    }
    return render(request, "courses/outline.html", context, status=status)


_OUTLINE_FRAGMENT = "courses/_outline_modules.html"
# Stands for the request's CSRF token in the stored fragment (letters only: HTML escaping
# leaves it as it is); replaced by the reader's own token on every request.
_CSRF_PLACEHOLDER = "csrfplaceholderOutlineFragment"


@once
def _fragment_digest() -> str:
    """The fragment's source, so that a new release never serves HTML of the old template."""
    source = (settings.BASE_DIR / "templates" / _OUTLINE_FRAGMENT).read_bytes()
    return hashlib.sha256(source).hexdigest()[:12]


def _modules_html(course, modules: list[dict], *, csrf_token: str) -> str:
    """The outline's modules and lessons with their links and buttons (some hundred URLs to
    reverse), rendered once per content and language. The key is made of everything the
    fragment shows, read on every request (two queries): an edit changes the key, nothing has
    to be invalidated. Nothing in it depends on the reader (the page is the authors' and
    shows them all the same) but the CSRF token, put in on each request."""
    shown = [
        (
            item["module"].slug,
            str(item["module"].title),
            [
                (lesson.slug, str(lesson.title), lesson.planned, lesson.needs_review, lesson.review_reason)
                for lesson in item["lessons"]
            ],
        )
        for item in modules
    ]
    digest = hashlib.sha256(repr((course.code, shown)).encode()).hexdigest()[:32]
    key = f"courses:outline:{_fragment_digest()}:{translation.get_language()}:{digest}"
    html = cache.get(key)
    if html is None:
        context = {"course": course, "modules": modules, "csrf_token": _CSRF_PLACEHOLDER}
        html = render_to_string(_OUTLINE_FRAGMENT, context)
        cache.set(key, html, timeout=24 * 3600)
    # A template's output, stored as it was rendered; the token is letters and digits.
    return mark_safe(html.replace(_CSRF_PLACEHOLDER, csrf_token))


@require_http_methods(["GET", "POST"])
@login_required
def module_edit(request: HttpRequest, code: str, slug: str) -> HttpResponse:
    permissions.require_author(request.user)
    course = permissions.get_course(code)
    module = get_object_or_404(course.modules, slug=slug)
    form = ModuleForm(request.POST or None, instance=module)
    if request.method == "POST" and form.is_valid():
        if course.modules.filter(slug=form.cleaned_data["slug"]).exclude(pk=module.pk).exists():
            form.add_error("slug", _("Un module de cette formation a déjà cet identifiant."))
        else:
            form.save()
            messages.success(request, _("Module enregistré."))
            return redirect("courses:outline", course.code)
    status = 422 if request.method == "POST" else 200
    return render(
        request, "courses/module_form.html", {"form": form, "course": course, "module": module}, status=status
    )


@require_POST
@login_required
def move(request: HttpRequest, code: str, kind: str, slug: str, direction: str) -> HttpResponse:
    """Move a module or a lesson up or down among its siblings."""
    permissions.require_author(request.user)
    course = permissions.get_course(code)
    if kind == "module":
        item = get_object_or_404(course.modules, slug=slug)
        siblings = list(course.modules.order_by("order"))
    elif kind == "lesson":
        item = get_object_or_404(course.lessons, slug=slug)
        siblings = list(item.module.lessons.order_by("order"))
    else:
        raise Http404
    index = next(i for i, sibling in enumerate(siblings) if sibling.pk == item.pk)
    other = index - 1 if direction == "up" else index + 1
    if direction in ("up", "down") and 0 <= other < len(siblings):
        siblings[index], siblings[other] = siblings[other], siblings[index]
        with transaction.atomic():
            for order, sibling in enumerate(siblings, start=1):
                if sibling.order != order:
                    sibling.order = order
                    sibling.save(update_fields=["order"])
    return redirect("courses:outline", course.code)


@require_http_methods(["GET", "POST"])
@login_required
def lesson_edit(request: HttpRequest, code: str, slug: str | None = None) -> HttpResponse:
    permissions.require_author(request.user)
    course = permissions.get_course(code)
    lesson = permissions.get_lesson(course, slug) if slug else None
    form = LessonForm(request.POST or None, instance=lesson, course=course)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            lesson = form.save(commit=False)
            if lesson.pk is None:
                lesson.order = lesson.module.lessons.count() + 1
            lesson.save()
            services.ensure_practice_paper(lesson=lesson, author=request.user)
        messages.success(request, _("Leçon enregistrée."))
        return redirect("courses:lesson_edit", course.code, lesson.slug)
    status = 422 if request.method == "POST" else 200
    return render(
        request, "courses/lesson_form.html", {"form": form, "course": course, "lesson": lesson}, status=status
    )


@require_POST
@login_required
def lesson_preview(request: HttpRequest, code: str) -> HttpResponse:
    """The htmx live preview of the lesson being written (nothing is saved), in either language."""
    permissions.require_author(request.user)
    permissions.get_course(code)
    language = "en" if request.POST.get("preview_language") == "en" else "fr"
    body = request.POST.get(f"body_{language}", "")[:200_000]
    with translation.override(language):
        html = render_lesson(body)
    return render(request, "courses/_preview.html", {"html": html})


@require_POST
@login_required
def clear_flag(request: HttpRequest, code: str, slug: str) -> HttpResponse:
    permissions.require_author(request.user)
    lesson = permissions.get_lesson(permissions.get_course(code), slug)
    services.clear_lesson_flag(lesson=lesson)
    messages.success(request, _("Leçon marquée comme vérifiée."))
    return redirect("courses:lesson_edit", code, slug)


@require_http_methods(["GET"])
@login_required
def export(request: HttpRequest, code: str) -> HttpResponse:
    permissions.require_author(request.user)
    course = permissions.get_course(code)
    response = HttpResponse(export_zip(course), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="formation-{course.code}.zip"'
    return response


@require_http_methods(["GET", "POST"])
@login_required
def import_course(request: HttpRequest) -> HttpResponse:
    permissions.require_author(request.user)
    problems: list = []
    if request.method == "POST":
        upload = request.FILES.get("archive")
        if upload is None:
            problems = [_("Choisissez un fichier .zip.")]
        else:
            try:
                data = read_zip(upload.read(MAX_ZIP_BYTES + 1), name=upload.name[:100])
                with transaction.atomic():
                    report = services.sync_course(data=data, author=request.user)
            except CourseFormatError as error:
                problems = [str(problem) for problem in error.problems]
            else:
                messages.success(
                    request,
                    _(
                        "Formation %(code)s importée : %(created)s créé(s), %(updated)s modifié(s), "
                        "%(deleted)s supprimé(s)."
                    )
                    % {
                        "code": data.code,
                        "created": len(report.created),
                        "updated": len(report.updated),
                        "deleted": len(report.deleted),
                    },
                )
                return redirect("courses:outline", data.code)
    status = 422 if problems else 200
    return render(
        request, "courses/import.html", {"problems": problems, "courses": Course.objects.all()}, status=status
    )

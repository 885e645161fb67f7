"""Authoring courses in pages: course, modules, lessons (with a live preview), order, zip out and in."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
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
    return render(
        request, "courses/outline.html", {"course": course, "modules": modules, "form": form}, status=status
    )


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

"""Serving a question's images, to whoever may see the question (``questions.media_access``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from questions import permissions, services
from questions.content import ContentError
from questions.forms.media import ImageForm
from questions.media import QuestionImage, store_image, unique_name
from questions.media_access import can_see_image
from questions.models import QuestionVersion


@require_GET
@login_required
def image(request: HttpRequest, version_id: int, sha256: str) -> HttpResponse:
    versions = QuestionVersion.objects.select_related("question", "question__draft")
    version = versions.filter(pk=version_id).first()
    # Not on the version, not stored, or not for this person: the same 404 for all three.
    if version is None or not any(item.get("sha256") == sha256 for item in version.media):
        raise Http404
    if not can_see_image(request.user, version, sha256):
        raise Http404
    stored = QuestionImage.objects.filter(sha256=sha256).first()
    if stored is None:
        raise Http404
    response = HttpResponse(bytes(stored.data), content_type=stored.content_type)
    response["Content-Length"] = str(stored.size)
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Disposition"] = f'inline; filename="{sha256[:16]}.{stored.extension}"'
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    # The bytes behind a hash never change; whether this person may still see them may.
    patch_cache_control(response, private=True, max_age=300)
    return response


@require_POST
@login_required
def add_image(request: HttpRequest, uid: str) -> HttpResponse:
    """Attach an image to the question's draft and place it at the end of the stem(s); the
    author then moves its ``[image:NAME]`` line where it belongs. Editing a published question
    starts a new draft, as saving the editor does."""
    question = permissions.get_question_for_action(request.user, uid, permissions.can_edit)
    form = ImageForm(request.POST, request.FILES)
    if not form.is_valid():
        # Shown above the editor, away from the upload field: each message names its field.
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else None
            for error in errors:
                messages.error(request, _("%(field)s : %(error)s") % {"field": label, "error": error}
                               if label else error)
        return redirect("questions:edit", uid=question.uid)
    image = store_image(data=form.cleaned_data["file"], uploaded_by=request.user)
    content = question.latest_version.content()
    media = list(content.get("media") or [])
    name = unique_name(form.file_name, {item["name"] for item in media}, image.content_type)
    media.append({"name": name, "sha256": image.sha256, "alt_fr": form.cleaned_data["alt_fr"],
                  "alt_en": form.cleaned_data["alt_en"]})
    content["media"] = media
    for language in ("fr", "en"):
        if content[f"stem_{language}"] or language == "fr":
            content[f"stem_{language}"] = f"{content[f'stem_{language}'].rstrip()}\n\n[image:{name}]"
    try:
        services.save_draft(question=question, user=request.user, content=content)
    except ContentError as error:
        for problem in error.problems:
            messages.error(request, problem.message)  # not str(problem): "media: …" is a path
        return redirect("questions:edit", uid=question.uid)
    messages.success(request, _("Image « %(name)s » ajoutée à la fin de l'énoncé : déplacez sa ligne "
                                "[image:%(name)s] où elle doit paraître.") % {"name": name})
    return redirect("questions:edit", uid=question.uid)

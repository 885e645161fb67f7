"""Serving a question's images, to whoever may see the question (``questions.media_access``)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET

from questions.media import QuestionImage
from questions.media_access import can_see_version
from questions.models import QuestionVersion


@require_GET
@login_required
def image(request: HttpRequest, version_id: int, sha256: str) -> HttpResponse:
    version = QuestionVersion.objects.select_related("question", "question__draft").filter(pk=version_id).first()
    # Not on the version, not stored, or not for this person: the same 404 for all three.
    if version is None or not any(item.get("sha256") == sha256 for item in version.media):
        raise Http404
    if not can_see_version(request.user, version):
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

"""A candidate's corrected copy, once the jury has published and released it."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from delivery import presentation
from exams.permissions import get_own_registration
from grading import results
from questions.views._common import language


@require_GET
@login_required
def corrected_copy(request: HttpRequest, registration_id) -> HttpResponse:
    registration = get_own_registration(request.user, registration_id)
    result = results.for_registration(registration)
    if result is None or not result.copy_visible:
        raise Http404
    attempt = registration.attempt
    context = {
        "registration": registration,
        "session": registration.session,
        "result": result,
        "slots": presentation.slots(attempt, language=language(request)),
    }
    return render(request, "grading/corrected_copy.html", context)

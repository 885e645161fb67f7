"""The candidate's list of papers ("Mes épreuves"), starting a practice paper, the staff preview."""

from __future__ import annotations

import secrets

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from delivery import permissions, services
from delivery.models import Attempt, AttemptStatus, Paper
from delivery.views.attempt import exam_context


@require_GET
@login_required
def papers(request: HttpRequest) -> HttpResponse:
    mine = Attempt.objects.filter(candidate=request.user).select_related("paper").order_by("-started_at")
    for attempt in mine.filter(status=AttemptStatus.IN_PROGRESS):
        services.close_if_overdue(attempt=attempt)  # an overdue attempt is listed as handed in
    context = {
        "attempts": mine.all(),
        "practice": permissions.listed_practice_papers() if permissions.can_practise(request.user) else [],
    }
    return render(request, "delivery/papers.html", context)


@require_POST
@login_required
def start(request: HttpRequest, paper_id: int) -> HttpResponse:
    """Start a practice paper, or go back to the attempt already under way."""
    paper = permissions.get_practice_paper(request.user, paper_id)
    attempt = (Attempt.objects.filter(paper=paper, candidate=request.user, status=AttemptStatus.IN_PROGRESS)
               .first())
    if attempt is not None:
        attempt = services.close_if_overdue(attempt=attempt)
    if attempt is None or not attempt.is_open:
        attempt = services.start_attempt(paper=paper, candidate=request.user)
    return redirect("delivery:attempt", attempt.pk)


@require_GET
@login_required
def preview(request: HttpRequest, paper_id: int) -> HttpResponse:
    """A paper exactly as a candidate sees it. The attempt is built in memory, never stored."""
    permissions.require_preview(request.user)
    paper = Paper.objects.filter(pk=paper_id).first()
    if paper is None:
        raise Http404
    permissions.require_preview(request.user, paper)
    permissions.require_no_conflict(request.user, paper)
    raw_seed = request.GET.get("seed", "")
    seed = int(raw_seed) if raw_seed.isdigit() and len(raw_seed) < 18 else secrets.randbits(48)
    attempt = Attempt(paper=paper, candidate=request.user, seed=seed, deadline=None)
    context = exam_context(attempt, request, preview=True)
    context.update({"seed": seed, "another_seed": secrets.randbits(48)})
    return render(request, "delivery/preview.html", context)

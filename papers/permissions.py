"""Who may compose papers: exam staff (``accounts.manage_exams``) only.

Papers pin answer keys that candidates must never see before the session ends, so trainers,
graders and trainees get 403 on every page of this app, and anonymous visitors are sent to
the login page.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from delivery.models import Paper, Purpose
from delivery.permissions import require_no_conflict
from papers.models import Blueprint


def can_compose(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.manage_exams"))


def require_composer(user) -> None:
    if not can_compose(user):
        raise PermissionDenied


def get_blueprint_for_user(user, pk: int) -> Blueprint:
    require_composer(user)
    return get_object_or_404(Blueprint, pk=pk)


def get_paper_for_user(user, pk: int) -> Paper:
    """Exam and mock papers; practice sets belong to the practice pages."""
    require_composer(user)
    # With who locked it: the paper's page names them.
    papers = Paper.objects.exclude(purpose=Purpose.PRACTICE).select_related("locked_by")
    paper = get_object_or_404(papers, pk=pk)
    require_no_conflict(user, paper)
    return paper

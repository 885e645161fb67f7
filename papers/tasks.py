"""Background work of the papers app (django-tasks; thin wrappers taking primary keys)."""

from __future__ import annotations

from django_tasks import task

from delivery.models import Paper
from papers.statistics import analyse_paper


@task()
def analyse_paper_task(paper_id: int) -> int:
    """Recompute a paper's item analysis (after results are published). Returns the attempts read."""
    paper = Paper.objects.filter(pk=paper_id).first()
    if paper is None:
        return 0
    return analyse_paper(paper=paper).attempts

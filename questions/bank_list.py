"""The trainers' bank list: its filters, the questions citing an article, the authors
(moved from ``ui_services``)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import BooleanField, Case, Q, QuerySet, Value, When

from questions.models import Question


def filter_bank(questions: QuerySet[Question], filters: dict[str, Any], *, user) -> QuerySet[Question]:
    """Apply the list's filters (``BankFilterForm.cleaned_data``) to a queryset, as ``user`` may
    see the questions: working drafts they may not read match nothing (``Question``'s summary
    and search index are those of the version in service)."""
    from questions.permissions import readable_draft_condition

    readable_draft = readable_draft_condition(user)
    if filters.get("q"):
        questions = questions.search(filters["q"])
    if filters.get("unit"):
        questions = questions.for_unit(filters["unit"])
    if filters.get("type"):
        questions = questions.filter(type=filters["type"])
    if filters.get("status"):
        questions = questions.with_status(filters["status"], readable_draft=readable_draft)
    if filters.get("tag"):
        questions = questions.with_tag(filters["tag"])
    if filters.get("author"):
        questions = questions.filter(author_id=filters["author"])
    if filters.get("difficulty"):
        questions = questions.filter(difficulty=filters["difficulty"])
    if filters.get("needs_review"):
        questions = questions.needing_review()
    citation = filters.get("article")
    if citation:
        questions = citing(
            questions, edition=citation["edition"], article=citation["article"], readable_draft=readable_draft
        )
    return questions


def citing(
    questions: QuerySet[Question], *, edition: str, article: str, readable_draft: Q | None = None
) -> QuerySet[Question]:
    """Questions whose published version, or working draft when ``readable_draft`` says the
    reader may read it (None: always), cites ``article`` (of ``edition`` if given).

    The database narrows the candidates with a text match on the JSON (portable between
    SQLite and PostgreSQL); the exact (edition, article) pair is then checked in Python.
    """
    needle = json.dumps({"article": article})[1:-1]  # '"article": "9.2.2"'
    readable_draft = Q(pk__isnull=False) if readable_draft is None else readable_draft
    candidates = (
        questions.filter(
            (Q(draft__citations__icontains=needle) & readable_draft)
            | Q(current_version__citations__icontains=needle)
        )
        .annotate(
            draft_cited=Case(
                When(readable_draft, then=Value(True)), default=Value(False), output_field=BooleanField()
            )
        )
        .select_related("draft", "current_version")
    )
    matching = []
    for question in candidates:
        for version in (question.draft if question.draft_cited else None, question.current_version):
            if version is None:
                continue
            if any(
                item.get("article") == article and (not edition or item.get("edition") == edition)
                for item in version.citations
            ):
                matching.append(question.pk)
                break
    return questions.filter(pk__in=matching)


def author_choices(questions: QuerySet[Question]) -> list[tuple[int, str]]:
    User = get_user_model()
    authors = User.objects.filter(pk__in=questions.values("author_id")).order_by(
        "last_name", "first_name", "email"
    )
    return [(user.pk, str(user)) for user in authors]

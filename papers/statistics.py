"""Computing and storing the item analysis of a paper from its graded attempts."""

from __future__ import annotations

import json
import uuid

from django.db import connection, transaction

from delivery.models import AttemptStatus, Paper, Response
from papers.analysis import PaperStatistics, analyse
from papers.models import ItemAnalysis, PaperAnalysis


def chosen_keys(answer: dict) -> list[str]:
    """The option keys a response chose (choice questions and the decisions of rulings)."""
    keys: list[str] = []
    for name in ("choice", "choices", "decision"):
        value = answer.get(name) if isinstance(answer, dict) else None
        if isinstance(value, str) and value:
            keys.append(value)
        elif isinstance(value, list):
            keys.extend(key for key in value if isinstance(key, str))
    if isinstance(answer, dict) and isinstance(answer.get("answer"), bool):
        keys.append("true" if answer["answer"] else "false")
    return keys


def paper_statistics(paper: Paper) -> tuple[PaperStatistics, list]:
    """The statistics of a paper's graded attempts, and its items in paper order."""
    items = list(paper.items.select_related("version").order_by("position"))
    column = {item.pk: index for index, item in enumerate(items)}
    # A computed item is one item whatever the variant (its version pins the generator and its
    # version); its options are drawn per variant, so option keys are not counted across them.
    variant_options = {item.pk for item in items if item.version.type == "computed"}
    attempt_ids = list(paper.attempts.filter(status=AttemptStatus.GRADED).values_list("pk", flat=True))
    row_of = {attempt_id: index for index, attempt_id in enumerate(attempt_ids)}
    marks = [[0.0] * len(items) for _attempt in attempt_ids]
    choices = [[[] for _item in items] for _attempt in attempt_ids]
    responses = (Response.objects.filter(attempt__paper=paper, attempt__status=AttemptStatus.GRADED)
                 .values_list("attempt_id", "item_id", "points", "answer"))
    # Read raw rows: Django's per-row converters (UUID, Decimal, JSON) cost more than the
    # whole computation on 120,000 responses. Values are normalised below instead.
    sql, params = responses.query.sql_with_params()
    row_of = {_raw_key(attempt_id): index for attempt_id, index in row_of.items()}
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        while rows := cursor.fetchmany(5000):
            for attempt_id, item_id, points, answer in rows:
                row, index = row_of.get(_raw_key(attempt_id)), column.get(item_id)
                if row is None or index is None:
                    continue
                marks[row][index] = float(points or 0)
                if isinstance(answer, str):
                    answer = json.loads(answer)
                if answer and item_id not in variant_options:
                    choices[row][index] = chosen_keys(answer)
    return analyse(marks, [float(item.points) for item in items], choices), items


def _raw_key(value) -> str:
    """An attempt id as the database returns it raw (a UUID, or 32 hex digits on SQLite)."""
    return value.hex if isinstance(value, uuid.UUID) else str(value).replace("-", "")


def analyse_paper(*, paper: Paper) -> PaperAnalysis:
    result, items = paper_statistics(paper)
    with transaction.atomic():
        analysis, _created = PaperAnalysis.objects.update_or_create(paper=paper, defaults={
            "attempts": result.attempts, "mean": result.mean, "median": result.median,
            "standard_deviation": result.standard_deviation, "alpha": result.alpha,
        })
        ItemAnalysis.objects.filter(analysis=analysis).delete()
        ItemAnalysis.objects.bulk_create([
            ItemAnalysis(analysis=analysis, item=item, facility=stats.facility,
                         standard_deviation=stats.standard_deviation, discrimination=stats.discrimination,
                         efficiency=stats.efficiency, option_counts=stats.option_counts,
                         warnings=stats.warnings)
            for item, stats in zip(items, result.items, strict=True)
        ])
    return analysis

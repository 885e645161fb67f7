from __future__ import annotations

from django import template

from practice.statistics import practice_rows

register = template.Library()


@register.inclusion_tag("practice/_question_statistics.html")
def practice_statistics(question) -> dict:
    """How trainees answer this question in practice and mock exams (never mixed with exams)."""
    return {"rows": practice_rows(question)}

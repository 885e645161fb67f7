from __future__ import annotations

from django import template

from delivery.models import Purpose
from papers.models import ItemAnalysis

register = template.Library()


@register.inclusion_tag("papers/_question_statistics.html")
def question_statistics(question) -> dict:
    """The item analysis of every exam paper that used a version of this question."""
    rows = (ItemAnalysis.objects.filter(item__version__question=question, item__paper__purpose=Purpose.EXAM)
            .select_related("item__paper", "item__version", "analysis").order_by("-analysis__computed_at"))
    return {"rows": list(rows)}

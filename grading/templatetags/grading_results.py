from django import template
from django.core.exceptions import ObjectDoesNotExist

from grading import results

register = template.Library()


@register.inclusion_tag("grading/_lobby_result.html")
def exam_result(registration):
    """The candidate's result block on their registration page."""
    return {"registration": registration, "result": results.for_registration(registration)}


@register.inclusion_tag("grading/_copy_result.html")
def announced_result(attempt):
    """The mark an exam copy's own page announces: the one the jury published (its adjustment
    included, grading.results), never the graded total it may have replaced."""
    try:
        registration = attempt.exam_registration
    except ObjectDoesNotExist:
        registration = None
    return {"result": results.for_registration(registration) if registration else None}

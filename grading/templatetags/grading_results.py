from django import template

from grading import results

register = template.Library()


@register.inclusion_tag("grading/_lobby_result.html")
def exam_result(registration):
    """The candidate's result block on their registration page."""
    return {"registration": registration, "result": results.for_registration(registration)}


@register.inclusion_tag("grading/_copy_result.html")
def announced_result(registration):
    """The mark an exam copy's own page announces: the one the jury published (its adjustment
    included, grading.results), never the graded total it may have replaced."""
    return {"result": results.for_registration(registration)}

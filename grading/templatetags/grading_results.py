from django import template

from grading import results

register = template.Library()


@register.inclusion_tag("grading/_lobby_result.html")
def exam_result(registration):
    """The candidate's result block on their registration page."""
    return {"registration": registration, "result": results.for_registration(registration)}

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.utils import translation

register = template.Library()


@register.filter
def countdown(seconds: int | None) -> str:
    """Seconds as the countdown shows them: 1:05:09, or 4:07 under an hour."""
    if seconds is None:
        return ""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# The rendered questions of the attempt page, shared by every candidate of a paper: when an exam
# opens, thousands of candidates load the same unanswered questions within a minute. Only what
# depends on nothing but the paper is kept: a question not yet answered, not read-only, without
# a replay (its links carry the page's address) and not a computed or pairing variant (each
# candidate's own). The key holds everything the rendering reads: the item (its input names), the frozen
# version's content hash, the content's and the interface's languages, the candidate's option
# order and the item's points.
_RENDERED_QUESTIONS: dict[tuple, str] = {}
RENDERED_QUESTIONS_KEPT = 4096


def _question_key(slot) -> tuple | None:
    question = slot.question
    if slot.answer or question.generator or question.pairing is not None:
        return None
    if question.diagram is not None and question.diagram.moves:
        return None
    version = slot.item.version
    return (
        slot.item.pk,
        version.pk,
        version.content_hash,
        question.language,
        translation.get_language(),
        tuple(option.key for option in question.options),
        question.points,
    )


@register.simple_tag
def shared_question_html(slot, disabled=False) -> str:
    """The question's HTML as every candidate sees it before answering, rendered once per
    process; "" when this slot's rendering is the candidate's own (then the page includes the
    template itself)."""
    key = None if disabled else _question_key(slot)
    if key is None:
        return ""
    html = _RENDERED_QUESTIONS.get(key)
    if html is None:
        html = render_to_string(
            "questions/_candidate_question.html",
            {"question": slot.question, "response": slot.answer, "disabled": False},
        )
        if len(_RENDERED_QUESTIONS) >= RENDERED_QUESTIONS_KEPT:
            _RENDERED_QUESTIONS.clear()
        _RENDERED_QUESTIONS[key] = html
    return html

"""Template helpers of the question bank pages: bilingual content, labels, citation links."""

from __future__ import annotations

import string
from functools import lru_cache
from typing import Any

from django import template
from django.template.defaultfilters import stringfilter
from django.urls import NoReverseMatch, reverse
from django.utils.html import conditional_escape, format_html
from django.utils.text import Truncator
from django.utils.translation import get_language

from questions.citations import citation_reference
from questions.models import Action, Difficulty, Outcome, QuestionType, Status

register = template.Library()


@register.filter
def localised(item: dict[str, Any] | None, name: str) -> str:
    """``item|localised:"text"`` → ``text_en`` in English when present, else ``text_fr``."""
    if not item:
        return ""
    if (get_language() or "fr").startswith("en") and item.get(f"{name}_en"):
        return item[f"{name}_en"]
    return item.get(f"{name}_fr") or item.get(f"{name}_en") or ""


@register.filter
def option_letter(index: int) -> str:
    """``forloop.counter0|option_letter`` → "A", "B"…: the letter of an option as a paper subject
    prints it (``grading.paper``), so that a copy typed in shows the letters the candidate wrote."""
    return printed_letter(index)


def printed_letter(index: int) -> str:
    return string.ascii_uppercase[index] if 0 <= index < len(string.ascii_uppercase) else str(index + 1)


@register.filter
def outcome_label(value: str) -> str:
    return str(Outcome(value).label) if value in Outcome.values else value


@register.filter
def action_label(value: str) -> str:
    return str(Action(value).label) if value in Action.values else value


# Value -> label (translated when printed): lists call these filters once per row, and building
# the enumeration's values and members each time cost more than the translation.
_TYPE_LABELS = dict(QuestionType.choices)
_STATUS_LABELS = dict(Status.choices)
_DIFFICULTY_LABELS = dict(Difficulty.choices)


@register.filter
def type_label(value: str) -> str:
    label = _TYPE_LABELS.get(value)
    return value if label is None else str(label)


@register.filter
def status_label(value: str) -> str:
    label = _STATUS_LABELS.get(value)
    return value if label is None else str(label)


@register.filter
def difficulty_label(value: int):
    label = _DIFFICULTY_LABELS.get(value)
    return value if label is None else str(label)


@register.filter(is_safe=True)
@stringfilter
def truncated(value: str, length: int) -> str:
    """Django's ``truncatechars``, remembered: the lists of questions cut each row's stem or
    summary (40 µs each, a Python loop over its characters), the same texts on every page. The
    result depends on the text, the length and the language (the ellipsis is translated) only."""
    try:
        length = int(length)
    except ValueError:
        return value
    return _truncated(value, length, get_language())


@lru_cache(maxsize=4096)
def _truncated(value: str, length: int, language: str | None) -> str:
    return Truncator(value).chars(length)


@register.simple_tag
def citation_url(citation: dict[str, str]) -> str:
    """The rulebook page of a cited article or Livre chapter, or "" when it has none."""
    edition, number = citation.get("edition", ""), citation.get("article", "")
    try:
        if edition == "livre":
            return reverse("rules:chapter", kwargs={"number": number})
        return reverse("rules:article", kwargs={"edition": edition, "number": number})
    except NoReverseMatch:
        return ""


@register.filter
def citation_text(citation: dict[str, str]) -> str:
    return citation_reference(citation.get("edition", ""), citation.get("article", ""))


@register.inclusion_tag("questions/_candidate_question.html")
def candidate_question(
    version, prefix: str = "", shuffle_seed=None, response: dict | None = None, disabled: bool = False,
    variant_seed: int | None = None,
) -> dict[str, Any]:
    """``{% candidate_question version prefix="q3-" shuffle_seed=copy.pk %}``: a question as a
    candidate sees it (exams, practice), with its answer inputs and without its answer key."""
    from questions.ui_services import candidate_view

    language = "en" if (get_language() or "fr").startswith("en") else "fr"
    return {
        "question": candidate_view(version, language=language, prefix=prefix, shuffle_seed=shuffle_seed,
                                   variant_seed=variant_seed),
        "response": response or {},
        "disabled": disabled,
    }


@register.filter
def problem_text(problem) -> str:
    """A content problem named by the editor's field label rather than the bank's path."""
    from questions.ui_services import problem_text as text

    return text(problem)


@register.simple_tag
def computed_summary(content: dict) -> dict[str, Any]:
    """A computed question's generator, its parameters by label and the sample variant's
    content (``{% computed_summary content as summary %}``); ``error`` when the generator or
    its version is not in this code."""
    from questions import computed

    body = content.get("body") or {}
    try:
        generator = computed.generator_for(body.get("generator"), body.get("generator_version"))
        seed = computed.SAMPLE_SEEDS[0]
        native = computed.native_content(content, seed)
    except (LookupError, ValueError) as error:
        return {"error": str(error)}
    params = body.get("params") or {}
    rows = []
    for param in generator.params:
        value = params.get(param.name, param.default)
        label = dict(param.choices).get(value, value) if param.is_choice else value
        rows.append((param.label, label))
    return {"title": generator.title, "key": generator.key, "version": generator.version,
            "params": rows, "seed": seed, "native": native, "error": ""}


@register.simple_tag
def explanation_with_images(content: dict | None, version_id: int | None = None) -> list:
    """The explanation in the page's language as paragraphs and the images its ``[image:NAME]``
    lines place, then the correction's other images (``media_rendering.explanation_blocks``;
    ``{% explanation_with_images content key_version as blocks %}``), fetched from the version's
    address (the correction's access rule); [] when the content has no image."""
    from questions.media_rendering import explanation_blocks

    if not content or not content.get("media"):
        return []
    language = "en" if (get_language() or "fr").startswith("en") else "fr"
    return explanation_blocks(localised(content, "explanation"), content, version_id=version_id or None,
                              language=language)


@register.simple_tag(takes_context=True)
def question_link(context, uid: str) -> str:
    """A question's uid, linked to its page in the bank for a reader who may open the bank;
    plain for the others (exam staff compose papers without the bank: the link was a 403)."""
    from questions.permissions import can_use_bank

    request = context.get("request")
    if request is None or not can_use_bank(request.user):
        return conditional_escape(uid)
    return format_html('<a href="{}">{}</a>', reverse("questions:detail", args=[uid]), uid)

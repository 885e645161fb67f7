"""Rendering rule text: paragraphs, cross-references as links, word diffs.

Diagrams are drawn by the positions app's ``{% chessboard %}`` tag."""

from __future__ import annotations

import re

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rules.diffing import word_diff_html
from rules.models import Article, in_language

register = template.Library()

_NUMBER = r"(?:[A-D]|I{1,3}|\d{1,2})(?:\.(?:\d{1,2}|[a-z](?![a-z])))*(?!\w)"
_DOTTED = r"(?:[A-D]|I{1,3}|\d{1,2})\."
# Lists ("5.1.1, 5.1.2 ou 5.2.3") and ranges ("4.1 à 4.7", "3.1 – 3.9": both ends linked).
_SEPARATOR = r"(?:\s*,\s*|\s+(?:et|and|ou|or|à|to)\s+|\s*[–—-]\s*)"
# "Article 9.6.2", "Articles 5.1.1, 5.1.2 ou 5.2.3", "art. 6.9", "cf. 5.2.2", "voir 6.9",
# "see Article A.4", "directives I.1.1", "Appendix C". After "voir"/"see"/"cf." only a
# dotted number counts ("see 2 players"); after an appendix or guideline word, only a
# number of an appendix (A–D) or a guideline (I–III).
CROSS_REFERENCE = re.compile(
    rf"(?<!\w)(?P<lead>(?:[Aa]rticles?|[Aa]rt\.)\s*"
    rf"|(?:[Vv]oir|[Ss]ee|[Cc]f\.)(?:\s+(?:aussi|also))?\s+(?={_DOTTED})"
    r"|(?:[Aa]nnexes?|[Aa]ppendix|[Aa]ppendices|[Dd]irectives?|[Gg]uidelines?)\s+(?=(?:[A-D]|I{1,3})(?![\w'’])))"
    rf"(?P<refs>{_NUMBER}(?:{_SEPARATOR}{_NUMBER})*)"
)
_NUMBER_RE = re.compile(_NUMBER)


def linkable_numbers(edition: str) -> set[str]:
    """The numbers of an edition's articles and of the groups above them ("9.2" for 9.2.1),
    worked out once until the rulebook changes (every article page links its references)."""
    from rules.rulebook_cache import cached_value

    def compute() -> set[str]:
        numbers: set[str] = set()
        for number in Article.objects.filter(edition__slug=edition).values_list("number", flat=True):
            parts = number.split(".")
            numbers.update(".".join(parts[:length]) for length in range(1, len(parts) + 1))
        return numbers

    return cached_value("linkable-numbers", edition, compute=compute)  # type: ignore[return-value]


def _edition_numbers(context: template.Context, edition: str) -> set[str]:
    # Kept on the request: each {% include %} gets a fresh render_context, and the Laws
    # page includes one template per article.
    holder = context.get("request") or context.render_context
    if not hasattr(holder, "rules_numbers"):
        holder.rules_numbers = {}
    if edition not in holder.rules_numbers:
        holder.rules_numbers[edition] = linkable_numbers(edition)
    return holder.rules_numbers[edition]


def link_references(escaped: str, *, edition: str, numbers: set[str]) -> str:
    """Turn the references to existing articles in already-escaped text into links."""

    def link_number(match: re.Match) -> str:
        number = match.group(0)
        if number not in numbers:
            return number
        url = reverse("rules:article", kwargs={"edition": edition, "number": number})
        return f'<a class="rule-ref" href="{url}">{number}</a>'

    def replace(match: re.Match) -> str:
        return match.group("lead") + _NUMBER_RE.sub(link_number, match.group("refs"))

    return CROSS_REFERENCE.sub(replace, escaped)


def render_rule_text(text: str, *, edition: str | None = None, numbers: set[str] | None = None) -> SafeString:
    """Plain rule text as HTML paragraphs (lines kept), references linked when ``edition`` is given."""
    if not text:
        return mark_safe("")
    paragraphs = []
    for paragraph in text.split("\n\n"):
        html = escape(paragraph)
        if edition and numbers:
            html = link_references(html, edition=edition, numbers=numbers)
        paragraphs.append("<p>" + html.replace("\n", "<br>") + "</p>")
    return mark_safe("".join(paragraphs))


@register.simple_tag(takes_context=True)
def rule_text(context: template.Context, text: str, edition: str = "") -> SafeString:
    numbers = _edition_numbers(context, edition) if edition else None
    return render_rule_text(text, edition=edition or None, numbers=numbers)


@register.simple_tag
def word_diff(old: str, new: str) -> SafeString:
    return word_diff_html(old or "", new or "")


@register.filter
def localised(obj, field: str) -> str:
    """``obj.<field>_<current language>``, French when the translation is empty."""
    return in_language(obj, field)


@register.filter
def field_in(obj, spec: str) -> str:
    """``obj|field_in:"text,en"`` → ``obj.text_en`` (no fallback: the column shows what exists)."""
    name, _sep, language = spec.partition(",")
    return getattr(obj, f"{name}_{language}", "")

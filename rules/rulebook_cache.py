"""Parts of the rulebook's pages that only change when the rulebook does (an edition's table
of contents, the whole glossary), rendered once per edition and language and kept in the
shared cache.

Every key carries a version that ``forget_rulebook`` replaces: ``load_rulebook`` and
``load_edition`` call it, and so does any save or delete of an edition, an article, a
chapter, a section or a glossary term (the admin site), so a stale fragment is never
served; old versions simply expire.
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import uuid4

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils.safestring import SafeString, mark_safe

from rules.models import Article, Chapter, Edition, GlossaryTerm, Section

_VERSION_KEY = "rules:rulebook:version"
# Long enough to serve a day of visits; versions nobody asks for any more simply expire.
FRAGMENT_SECONDS = 24 * 3600


def rulebook_version() -> str:
    version = cache.get(_VERSION_KEY)
    if version is None:
        version = uuid4().hex
        # add(): two processes starting at once agree on the first version written.
        if not cache.add(_VERSION_KEY, version, timeout=None):
            version = cache.get(_VERSION_KEY) or version
    return version


def forget_rulebook() -> None:
    """Make every process render the rulebook's cached fragments again."""
    cache.delete(_VERSION_KEY)


@receiver([post_save, post_delete], sender=Edition)
@receiver([post_save, post_delete], sender=Article)
@receiver([post_save, post_delete], sender=Chapter)
@receiver([post_save, post_delete], sender=Section)
@receiver([post_save, post_delete], sender=GlossaryTerm)
def _rulebook_changed(**kwargs) -> None:
    forget_rulebook()


def cached_fragment(name: str, *parts: str, render: Callable[[], str]) -> SafeString:
    """The HTML ``render`` returns, kept under ``name`` and ``parts`` (edition, language…)
    until the rulebook changes. ``render`` must return escaped HTML (a rendered template)."""
    key = ":".join(["rules:fragment", rulebook_version(), name, *parts])
    html = cache.get(key)
    if html is None:
        html = str(render())
        cache.set(key, html, timeout=FRAGMENT_SECONDS)
    return mark_safe(html)  # a template's output, stored as it was rendered


def cached_value(name: str, *parts: str, compute: Callable[[], object]) -> object:
    """Like ``cached_fragment``, for a value worked out from the rulebook (picklable)."""
    key = ":".join(["rules:value", rulebook_version(), name, *parts])
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, timeout=FRAGMENT_SECONDS)
    return value

"""``{% url %}``, with the URLs it reverses remembered by the process.

Django's tag reverses its view name on every rendering: some 40 µs each, and a list page
reverses one per row (the bank's 25 questions, a paper's 30 items, a blueprint's 32 drawn
questions: more than a millisecond each). A reversed URL is a function of the URLconf, the
script prefix, the namespace the request resolved to and the arguments, nothing else (no user,
no permission, no data): the tag keeps the last ``MAX_URLS`` it reversed, keyed by all of
these. Arguments of another type than text, integers and UUIDs (a lazy translation, a model
instance…) are reversed each time, as Django does.

Installed as a template builtin (``settings.TEMPLATES``), so that it replaces Django's tag in
every template; the tag's parsing and behaviour (``as var``, a missing view raising
``NoReverseMatch``) are Django's.
"""

from __future__ import annotations

import uuid
from functools import lru_cache

from django.template import Library
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch, get_resolver, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = Library()
MAX_URLS = 8192
# The exact types whose values reverse the same every time (``bool`` is not ``int`` here; a
# quoted name in a template is a SafeString).
CACHEABLE_TYPES = (str, SafeString, int, uuid.UUID)


@lru_cache(maxsize=MAX_URLS)
def _reversed(view_name, args, kwargs, current_app, resolver, script_prefix, urlconf, language) -> str:
    # ``resolver``, ``script_prefix`` and ``language`` are in the key only: ``reverse`` reads
    # them itself (the language for translated URL patterns, which Arbitre has none of today).
    return reverse(view_name, urlconf=urlconf, args=[value for _type, value in args],
                   kwargs={name: value for name, _type, value in kwargs}, current_app=current_app)


def _cacheable(value) -> bool:
    return type(value) in CACHEABLE_TYPES


def cached_reverse(view_name, args: list, kwargs: dict, current_app) -> str:
    """``reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)``."""
    if not (_cacheable(view_name) and all(map(_cacheable, args)) and all(map(_cacheable, kwargs.values()))
            and (current_app is None or _cacheable(current_app))):
        return reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)
    urlconf = get_urlconf()
    return _reversed(
        view_name,
        tuple((type(value), value) for value in args),
        tuple(sorted((name, type(value), value) for name, value in kwargs.items())),
        current_app,
        get_resolver(urlconf),
        get_script_prefix(),
        urlconf,
        get_language(),
    )


class CachedURLNode(URLNode):
    def render(self, context):
        # Django's URLNode.render (5.2), reversing through ``cached_reverse``.
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        url = ""
        try:
            url = cached_reverse(view_name, args, kwargs, current_app)
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        if context.autoescape:
            url = conditional_escape(url)
        return url


@register.tag
def url(parser, token):
    node = django_url(parser, token)
    return CachedURLNode(node.view_name, node.args, node.kwargs, node.asvar)

"""Word-level differences between two texts, rendered with <ins>/<del>."""

from __future__ import annotations

import difflib
import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

_TOKEN = re.compile(r"\s+|[^\s]+")


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def word_diff_html(old: str, new: str) -> SafeString:
    """``new`` with the words added in <ins> and those removed from ``old`` in <del>."""
    old_tokens, new_tokens = _tokens(old), _tokens(new)
    matcher = difflib.SequenceMatcher(a=old_tokens, b=new_tokens, autojunk=False)
    parts: list[str] = []
    for operation, a_start, a_end, b_start, b_end in matcher.get_opcodes():
        removed = escape("".join(old_tokens[a_start:a_end]))
        added = escape("".join(new_tokens[b_start:b_end]))
        if operation == "equal":
            parts.append(added)
            continue
        if operation in ("delete", "replace") and removed.strip():
            parts.append(f"<del>{removed}</del>")
        elif operation in ("delete", "replace"):
            parts.append(removed)
        if operation in ("insert", "replace") and added.strip():
            parts.append(f"<ins>{added}</ins>")
        elif operation in ("insert", "replace"):
            parts.append(added)
    return mark_safe("".join(parts))


def similarity(old: str, new: str) -> float:
    return difflib.SequenceMatcher(a=_tokens(old), b=_tokens(new), autojunk=False).ratio()

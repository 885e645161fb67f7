"""Word-level differences between two texts, rendered with <ins>/<del>."""

from __future__ import annotations

import difflib
import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# Quotes are tokens of their own, so « j'adoube » and «j'adoube» hold the same words.
_TOKEN = re.compile(r"\s+|[«»“”„\"]|[^\s«»“”„\"]+")
_QUOTES = frozenset("«»“”„\"")
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'"})
# Below this share of common words, an interleaved diff is unreadable ("IlLa partie est
# d'usagenulle"): the two texts are shown whole, one after the other.
READABLE_SIMILARITY = 0.35


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _key(token: str) -> str:
    """What a token is compared by: typography (quote style, apostrophe, spacing) is not a
    change of wording, so the translations of two editions are compared word for word."""
    if token.isspace():
        return ""
    if token in _QUOTES:
        return '"'
    return token.translate(_APOSTROPHES)


def _keys(tokens: list[str]) -> list[str]:
    return [_key(token) for token in tokens]


def _words(tokens: list[str]) -> list[str]:
    return [key for key in _keys(tokens) if key]


def same_wording(old: str, new: str) -> bool:
    """True when the texts differ only in typography (quotes, apostrophes, spaces)."""
    return _words(_tokens(old)) == _words(_tokens(new))


def word_diff_html(old: str, new: str) -> SafeString:
    """``new`` with the words added in <ins> and those removed from ``old`` in <del>.

    Texts with too little in common are shown whole: ``old`` in <del>, then ``new`` in <ins>.
    """
    old_tokens = [token for token in _tokens(old) if not token.isspace()]
    new_tokens = _tokens(new)
    new_words = [token for token in new_tokens if not token.isspace()]
    if old_tokens and new_words and similarity(old, new) < READABLE_SIMILARITY:
        return mark_safe(
            f'<del class="rules-diff__whole">{escape(old)}</del> '
            f'<ins class="rules-diff__whole">{escape(new)}</ins>'
        )
    # Compare the words only (spaces are not changes); print ``new`` with its own spacing.
    positions = [index for index, token in enumerate(new_tokens) if not token.isspace()]
    matcher = difflib.SequenceMatcher(a=_keys(old_tokens), b=_keys(new_words), autojunk=False)
    parts: list[str] = []

    def new_text(start: int, end: int) -> str:
        """The new tokens for words start..end, with the spaces that follow each one."""
        if start == end:
            return ""
        first = positions[start]
        last = positions[end] if end < len(positions) else len(new_tokens)
        return "".join(new_tokens[first:last])

    if positions and positions[0] > 0:
        parts.append(escape("".join(new_tokens[: positions[0]])))
    for operation, a_start, a_end, b_start, b_end in matcher.get_opcodes():
        added = new_text(b_start, b_end)
        if operation == "equal":
            parts.append(escape(added))
            continue
        if operation in ("delete", "replace"):
            removed = " ".join(old_tokens[a_start:a_end])
            if parts and parts[-1] and not parts[-1][-1].isspace():
                parts.append(" ")
            parts.append(f"<del>{escape(removed)}</del>")
            parts.append(" " if operation == "delete" or added[:1].isspace() else "")
        if operation in ("insert", "replace"):
            stripped = added.rstrip()
            parts.append(f"<ins>{escape(stripped)}</ins>{escape(added[len(stripped):])}")
    return mark_safe("".join(parts).rstrip())


def similarity(old: str, new: str) -> float:
    return difflib.SequenceMatcher(a=_words(_tokens(old)), b=_words(_tokens(new)), autojunk=False).ratio()

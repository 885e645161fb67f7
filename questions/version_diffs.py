"""Diffs between two versions of a question, shown to trainers (moved from ``ui_services``)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from questions.editor_support import problem_label


def word_diff(old: str, new: str) -> SafeString:
    """HTML of ``new`` against ``old`` word by word: ``<del>`` removed, ``<ins>`` added."""
    old_words = old.split(" ") if old else []
    new_words = new.split(" ") if new else []
    matcher = difflib.SequenceMatcher(a=old_words, b=new_words, autojunk=False)
    parts: list[str] = []
    for tag, a_start, a_end, b_start, b_end in matcher.get_opcodes():
        if tag == "equal":
            parts.append(escape(" ".join(new_words[b_start:b_end])))
            continue
        if tag in ("replace", "delete"):
            parts.append(f"<del>{escape(' '.join(old_words[a_start:a_end]))}</del>")
        if tag in ("replace", "insert"):
            parts.append(f"<ins>{escape(' '.join(new_words[b_start:b_end]))}</ins>")
    return mark_safe(" ".join(part for part in parts if part))  # every piece is escaped above


@dataclass(frozen=True)
class FieldDiff:
    label: str
    html: SafeString
    changed: bool


def _option_lines(content: dict[str, Any]) -> list[tuple[str, str]]:
    """The lists of a body as labelled lines (option texts with their correctness)."""
    body = content.get("body") or {}
    lines = []
    for name in ("options", "decisions", "sanctions"):
        for item in body.get(name) or []:
            mark = "✓" if item.get("correct") else "✗"
            key = item.get("key", "")
            lines.append((f"{name}:{key}:fr", f"{mark} {item.get('text_fr', '')}"))
            lines.append((f"{name}:{key}:en", f"{mark} {item.get('text_en', '')}"))
    for index, row in enumerate(body.get("rubric") or []):
        lines.append((f"rubric:{index}:fr", f"{row.get('points', '')} — {row.get('criterion_fr', '')}"))
        lines.append((f"rubric:{index}:en", f"{row.get('points', '')} — {row.get('criterion_en', '')}"))
    return lines


def version_diff(
    old: dict[str, Any], new: dict[str, Any], text_labels: dict[str, str], list_labels: dict[str, str]
) -> list[FieldDiff]:
    """Word diff of two contents: the text fields named in ``text_labels``, then every item
    of the lists (options, decisions, sanctions, rubric) named in ``list_labels``."""
    diffs = []
    for name, label in text_labels.items():
        before, after = str(old.get(name) or ""), str(new.get(name) or "")
        diffs.append(FieldDiff(label, word_diff(before, after), before != after))
    old_lines, new_lines = dict(_option_lines(old)), dict(_option_lines(new))
    for key in dict.fromkeys([*old_lines, *new_lines]):
        list_name, item_key, language = key.split(":")
        before, after = old_lines.get(key, ""), new_lines.get(key, "")
        if not before and not after:
            continue
        diffs.append(
            FieldDiff(
                f"{list_labels.get(list_name, list_name)} {item_key} ({language})",
                word_diff(before, after),
                before != after,
            )
        )
    # Everything else (position, moves, claim, points, units, citations, expected answers):
    # only what changed, named as the editor names it.
    old_other, new_other = _other_fields(old), _other_fields(new)
    for path in dict.fromkeys([*old_other, *new_other]):
        before, after = old_other.get(path, ""), new_other.get(path, "")
        if before != after:
            diffs.append(FieldDiff(problem_label(path), word_diff(before, after), True))
    return diffs


_LIST_BODY_FIELDS = {"options", "decisions", "sanctions", "rubric"}
_TEXT_FIELDS = {"stem_fr", "stem_en", "explanation_fr", "explanation_en"}


def _item_text(item: Any) -> str:
    if isinstance(item, dict) and "article" in item:
        return f"{item.get('edition', '')}:{item['article']}"
    return str(item)


def _other_fields(content: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """The fields ``version_diff`` does not compare as texts or list items, flattened to
    ``{"scenario.moves": "1. e4 e5", "citations": "2018:9.2.2, 2018:9.5", …}``."""
    lines: dict[str, str] = {}
    for key, value in content.items():
        path = f"{prefix}{key}"
        if (not prefix and key in _TEXT_FIELDS) or (prefix == "body." and key in _LIST_BODY_FIELDS):
            continue
        if isinstance(value, dict):
            lines.update(_other_fields(value, f"{path}."))
        elif isinstance(value, list):
            lines[path] = ", ".join(_item_text(item) for item in value)
        elif value is not None and value != "":
            lines[path] = str(value)
    return lines

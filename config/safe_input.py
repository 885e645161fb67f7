"""Reading untrusted files safely: numbers, text and nested structures (shared by every parser).

Every parser of the site (question banks in JSON, Moodle XML and GIFT, rulebook editions,
FEN and PGN) reads what people upload or paste. The helpers here turn the hostile or careless
cases into one exception, :class:`UnsafeInput`, whose message names the field, instead of a
500 or a worker stuck for minutes:

- numbers: ``NaN``, ``Infinity``, ``sNaN``, ``1e200000``, 5,000-digit integers, ``1.2.3``
  (Python's ``Decimal`` and ``int`` accept some of them, then fail or hang later);
- text: lone UTF-16 surrogates (``"\\ud800"`` in JSON), which no database or page can encode;
- structures: JSON nested hundreds of levels deep, and more elements than a file may hold.

Each check is linear in the size of its input.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from array import array
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# A number anyone means to write fits in 32 characters ("-1234567.125", "0.33333333333").
MAX_NUMBER_LENGTH = 32
# Points, grades, fractions and tolerances stay far below a thousand billion.
MAX_MAGNITUDE = Decimal(10) ** 12
# Our files nest a few levels (file → question → body → rubric → criterion): 32 is generous.
MAX_DEPTH = 32

_NUMBER_RE = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
_INTEGER_RE = re.compile(r"[+-]?[0-9]+")
_SURROGATE_RE = re.compile("[\ud800-\udfff]")


class UnsafeInput(ValueError):
    """A value of an uploaded file cannot be used; ``field`` names it (may be "")."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return f"{self.field} : {self.message}" if self.field else self.message


def shown(text: str, limit: int = 40) -> str:
    """``text`` fit for a message: clipped, lone surrogates replaced by U+FFFD."""
    clipped = text[:limit] + ("…" if len(text) > limit else "")
    return _SURROGATE_RE.sub("\ufffd", clipped)


# --------------------------------------------------------------------------- numbers


def parse_decimal(text: str, *, field: str = "") -> Decimal:
    """A written number (``12``, ``-0.5``, ``2,5``, ``1e3``) as a Decimal, or :class:`UnsafeInput`.

    Refuses what ``Decimal`` would accept but no grade means (``NaN``, ``Infinity``, ``sNaN``),
    numbers longer than 32 characters and numbers of a thousand billion or more.
    """
    written = (text or "").strip()
    if len(written) > MAX_NUMBER_LENGTH:
        raise UnsafeInput(
            _("« %(value)s » : nombre trop long (%(max)d caractères au plus).")
            % {"value": shown(written, 20), "max": MAX_NUMBER_LENGTH},
            field,
        )
    if not _NUMBER_RE.fullmatch(written):
        raise UnsafeInput(
            _("« %(value)s » n'est pas un nombre (écrivez par exemple 2, -0.5 ou 2,5).")
            % {"value": shown(written)},
            field,
        )
    value = Decimal(written.replace(",", "."))
    if abs(value) >= MAX_MAGNITUDE:
        raise UnsafeInput(_("« %(value)s » : nombre trop grand.") % {"value": shown(written)}, field)
    return value


def parse_count(text: str, *, field: str = "", maximum: int) -> int:
    """A whole number from 0 to ``maximum`` written in ASCII digits, or :class:`UnsafeInput`."""
    written = (text or "").strip()
    if len(written) > MAX_NUMBER_LENGTH or not _INTEGER_RE.fullmatch(written):
        raise UnsafeInput(
            _("« %(value)s » n'est pas un nombre entier.") % {"value": shown(written)}, field
        )
    value = int(written)
    if not 0 <= value <= maximum:
        raise UnsafeInput(
            _("« %(value)s » doit être compris entre 0 et %(max)d.") % {"value": value, "max": maximum},
            field,
        )
    return value


def decimal_from_number(value: object) -> Decimal | None:
    """A number read from JSON (not a boolean) as a finite Decimal below a thousand billion, or None."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, int) and abs(value) >= MAX_MAGNITUDE:
        return None
    try:
        result = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    if not result.is_finite() or abs(result) >= MAX_MAGNITUDE:
        return None
    return result


# --------------------------------------------------------------------------- text


def has_lone_surrogate(text: str) -> bool:
    return _SURROGATE_RE.search(text) is not None


def check_text(text: str, *, field: str = "") -> str:
    """``text`` unchanged, or :class:`UnsafeInput` when it holds a lone surrogate."""
    if has_lone_surrogate(text):
        raise UnsafeInput(_("le texte contient un caractère invalide (demi-caractère UTF-16 isolé)."), field)
    return text


def check_count(count: int, *, maximum: int, what: str, field: str = "") -> None:
    """:class:`UnsafeInput` when a file holds more than ``maximum`` of ``what`` (a plural noun)."""
    if count > maximum:
        raise UnsafeInput(
            ngettext(
                "%(count)d %(what)s : c'est trop, %(max)d au plus.",
                "%(count)d %(what)s : c'est trop, %(max)d au plus.",
                count,
            )
            % {"count": count, "what": what, "max": maximum},
            field,
        )


# --------------------------------------------------------------------------- JSON


class BadNumber:
    """A number of a JSON file that is kept as written because no parser can use it."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"BadNumber({self.text[:20]!r})"

    def problem(self) -> str:
        if self.text in ("NaN", "Infinity", "-Infinity"):
            return _("« %(value)s » n'est pas un nombre utilisable.") % {"value": self.text}
        if len(self.text) > MAX_NUMBER_LENGTH:
            return _("« %(value)s » : nombre trop long (%(max)d caractères au plus).") % {
                "value": shown(self.text, 20),
                "max": MAX_NUMBER_LENGTH,
            }
        return _("« %(value)s » : nombre trop grand.") % {"value": shown(self.text)}


def _json_int(text: str) -> int | BadNumber:
    return int(text) if len(text) <= MAX_NUMBER_LENGTH else BadNumber(text)


def _json_float(text: str) -> float | BadNumber:
    if len(text) > MAX_NUMBER_LENGTH:
        return BadNumber(text)
    value = float(text)
    return value if math.isfinite(value) else BadNumber(text)


# json.loads recurses once per level of nesting: below this depth it can never run out of stack,
# whatever the depth of the code that calls it.
SAFE_JSON_DEPTH = 64
# An unclosed string runs to the end: the pattern never fails, so no search restarts inside it
# (a failing pattern would be retried at every later quote: quadratic on '"\\"\\"\\"…').
_JSON_STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)', re.S)
_NOT_A_BRACKET_RE = re.compile(r"[^\[\]{}]+")
_DEPTH_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_JSON_TOKEN_RE = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)|[\[\]{},:]', re.S)


def nesting_exceeds(text: str, limit: int = SAFE_JSON_DEPTH) -> bool:
    """Whether the brackets of a JSON text nest deeper than ``limit`` (strings left out).

    One pass in C: each bracket becomes +1 or -1 (signed bytes) and the running sum is the
    depth."""
    skeleton = _NOT_A_BRACKET_RE.sub("", _JSON_STRING_RE.sub("", text))
    steps = array("b", skeleton.encode("ascii").translate(_DEPTH_STEPS))
    return max(itertools.accumulate(steps), default=0) > limit


def locate_deep_nesting(text: str, limit: int = SAFE_JSON_DEPTH, names: tuple[str, ...] = ("uid",)
                        ) -> tuple[tuple, list[str]]:
    """Where a JSON text first nests deeper than ``limit``: the path of keys and indexes, and
    for each level the first of ``names`` (e.g. the uid) its object had before that point.
    Reads the pieces one by one, and stops there."""
    stack: list[list] = []  # [is_object, key or index, name found, expecting a value of names]
    key = None
    for match in _JSON_TOKEN_RE.finditer(text):
        piece = match.group()
        if piece in "[{":
            if len(stack) >= limit:
                break
            if stack and stack[-1][0]:
                stack[-1][1] = key
            stack.append([piece == "{", 0, "", False])
        elif piece in "]}":
            if stack:
                stack.pop()
        elif piece == ",":
            if stack and not stack[-1][0]:
                stack[-1][1] += 1
        elif piece == ":":
            if stack:
                stack[-1][3] = key in names and not stack[-1][2]
        elif piece.startswith('"'):
            value = piece[1:-1]
            if stack and stack[-1][0] and stack[-1][3]:
                stack[-1][2], stack[-1][3] = value, False
            key = value
    path = tuple(entry[1] for entry in stack[:-1])
    return path, [entry[2] for entry in stack]


def load_json(text: str) -> object:
    """``json.loads`` that never fails on a number: NaN, infinities, numbers too long or too
    large come back as :class:`BadNumber` for :func:`structure_problems` to report with their
    place. Raises ``json.JSONDecodeError`` for bad syntax and :class:`UnsafeInput` for nesting
    too deep to read."""
    try:
        return json.loads(text, parse_int=_json_int, parse_float=_json_float, parse_constant=BadNumber)
    except RecursionError:
        raise UnsafeInput(
            _("JSON illisible : les crochets ou accolades sont imbriqués trop profondément.")
        ) from None


def structure_problems(
    value: object, *, max_depth: int = MAX_DEPTH, max_values: int = 1_000_000, path: tuple = (),
    limit: int = 20,
) -> list[tuple[tuple, str]]:
    """The unusable numbers, lone surrogates and excessive nesting or size in a loaded JSON
    value, as ``(path, message)`` where ``path`` is the tuple of keys and indexes leading to it.
    Walks the value once, without recursion; stops at ``limit`` problems (a file with 100,000
    of them needs no list of each) or past ``max_values`` values."""
    problems: list[tuple[tuple, str]] = []
    stack: list[tuple[tuple, object]] = [(path, value)]
    visited = 0
    while stack and len(problems) < limit:
        where, item = stack.pop()
        visited += 1
        if visited > max_values:
            problems.append(
                (path, _("trop de valeurs (%(max)d au plus) : ce n'est pas le contenu attendu.")
                 % {"max": max_values})
            )
            break
        if isinstance(item, BadNumber):
            problems.append((where, item.problem()))
        elif isinstance(item, str):
            if has_lone_surrogate(item):
                problems.append(
                    (where, _("le texte contient un caractère invalide (demi-caractère UTF-16 isolé)."))
                )
        elif isinstance(item, dict | list):
            if len(where) - len(path) >= max_depth:
                problems.append(
                    (where, _("imbriqué trop profondément (%(max)d niveaux au plus).") % {"max": max_depth})
                )
                continue
            if isinstance(item, dict):
                for key, child in item.items():
                    if has_lone_surrogate(key):
                        problems.append(
                            (
                                (*where, shown(key)),
                                _("le nom de ce champ contient un caractère invalide (demi-caractère "
                                  "UTF-16 isolé)."),
                            )
                        )
                        continue
                    stack.append(((*where, key), child))
            else:
                stack.extend(((*where, index), child) for index, child in enumerate(item))
    del problems[limit:]
    problems.sort(key=lambda problem: [(0, part, "") if isinstance(part, int) else (1, 0, str(part))
                                       for part in problem[0]])
    return problems


def dotted(path: tuple) -> str:
    """``("body", "rubric", 0, "points")`` → ``"body.rubric.0.points"``."""
    return ".".join(str(part) for part in path)

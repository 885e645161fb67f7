"""The pieces every generator of computed questions is made of.

A ``Generator`` has a stable ``key`` and a ``version``, a parameter schema (``Param``: a
default and validated bounds) and a ``build(rng, params) -> Variant`` function. ``build``
draws everything from the ``random.Random`` it is given (never the global generator), so one
seed always gives the same variant. A ``Variant`` carries the stems in French and English,
the answer (a number with a tolerance, a single choice or a short text), the worked solution
in both languages and an optional table (a crosstable) rendered as an accessible HTML table.

Figures are written the French way (decimal comma) in French texts and with a point in
English ones: ``figure(value, "fr")``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.utils.functional import Promise


@dataclass(frozen=True)
class Param:
    """One parameter of a generator: an integer between bounds, or one of a few choices."""

    name: str
    label: str | Promise
    default: int | str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[str, str | Promise], ...] = ()

    @property
    def is_choice(self) -> bool:
        return bool(self.choices)


@dataclass(frozen=True)
class Option:
    key: str
    text_fr: str
    text_en: str
    correct: bool = False


@dataclass(frozen=True)
class Answer:
    """The expected answer: ``kind`` is "numeric", "single" or "short"."""

    kind: str
    value: Decimal | None = None
    tolerance: Decimal = Decimal(0)
    unit_fr: str = ""
    unit_en: str = ""
    options: tuple[Option, ...] = ()
    accepted: tuple[str, ...] = ()

    def body(self) -> dict:
        """The answer as the body of the native question type (questions/data/FORMAT.md)."""
        from questions.models import number_for_json

        if self.kind == "numeric":
            return {
                "value": number_for_json(self.value),
                "tolerance": number_for_json(self.tolerance),
                "unit_fr": self.unit_fr,
                "unit_en": self.unit_en,
            }
        if self.kind == "single":
            return {
                "options": [
                    {
                        "key": o.key,
                        "text_fr": o.text_fr,
                        "text_en": o.text_en,
                        "correct": o.correct,
                        "feedback_fr": "",
                        "feedback_en": "",
                    }
                    for o in self.options
                ],
                "shuffle": False,
            }
        return {"accepted": list(self.accepted), "accepted_en": []}


@dataclass(frozen=True)
class Table:
    """A table shown with the stem (a crosstable), in one language.

    ``rows`` start with the row's header cell (a player's number or name)."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Variant:
    stem_fr: str
    stem_en: str
    answer: Answer
    solution_fr: str
    solution_en: str
    table_fr: Table | None = None
    table_en: Table | None = None

    def stem(self, language: str) -> str:
        return self.stem_en if language == "en" else self.stem_fr

    def solution(self, language: str) -> str:
        return self.solution_en if language == "en" else self.solution_fr

    def table(self, language: str) -> Table | None:
        return self.table_en if language == "en" else self.table_fr


@dataclass(frozen=True)
class Generator:
    key: str
    version: int
    title: str | Promise
    params: tuple[Param, ...]
    build: Callable[[random.Random, dict], Variant]
    # Extra checks between parameters (a minimum not above a maximum): (field, message) pairs.
    check: Callable[[dict], list[tuple[str, str]]] | None = None
    citations: tuple[str, ...] = field(default=())

    def defaults(self) -> dict:
        return {param.name: param.default for param in self.params}


def figure(value: Fraction | Decimal | int, language: str) -> str:
    """A figure as people write it: 3,5 in French, 3.5 in English; ½ steps stay decimal."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            text = str(value.numerator)
        else:
            text = str((Decimal(value.numerator) / Decimal(value.denominator)).normalize())
            if "E" in text:
                text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    elif isinstance(value, Decimal):
        text = format(value.normalize(), "f") if value != value.to_integral_value() else str(int(value))
    else:
        text = str(value)
    if text.startswith("-"):
        text = "−" + text[1:]
    return text.replace(".", ",") if language == "fr" else text


def with_noun(value: Fraction | Decimal | int, singular: str, plural: str, language: str) -> str:
    """A figure with its noun agreeing: "0 point", "1,5 point", "2 points" in French (singular
    below 2), "1 game" but "0 games", "1.5 points" in English."""
    one = abs(Fraction(value)) < 2 if language == "fr" else Fraction(value) == 1
    return f"{figure(value, language)} {singular if one else plural}"


def sized(number: int, noun: str, *, capital: bool = False) -> str:
    """English "a 7-player …" / "an 8-player …": "an" before the numbers said with a vowel
    first (8, 11, 18, 80–89, 800–899, and the thousands that start so)."""
    lead = number
    while lead >= 1000:
        lead //= 1000
    vowel = lead in (8, 11, 18) or 80 <= lead <= 89 or 800 <= lead <= 899
    article = "an" if vowel else "a"
    return f"{article.capitalize() if capital else article} {number}-{noun}"


def as_decimal(value: Fraction) -> Decimal:
    """An exact Fraction whose decimal expansion ends (halves, quarters, cents) as a Decimal."""
    result = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(result) != value:
        raise ValueError(f"{value} has no finite decimal expansion.")
    return result


def score_symbol(score: Fraction) -> str:
    return {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}[score]


def shuffled_options(rng: random.Random, options: list[tuple[str, str, bool]]) -> tuple[Option, ...]:
    """Options (text_fr, text_en, correct) in a seeded order, keyed a, b, c…"""
    order = list(options)
    rng.shuffle(order)
    return tuple(
        Option(key, fr, en, correct) for key, (fr, en, correct) in zip("abcdefgh", order, strict=False)
    )

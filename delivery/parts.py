"""Parts of an attempt that are not paper items, such as a UVT mock's managed tournament
(``practice.managed_part``): graded with the attempt's hand-in, added to its score, shown on
its page and in its correction.

The apps that build on the delivery engine register a provider here from their
``AppConfig.ready``; the engine calls the providers and never imports those apps (an import
of ``practice`` here made the two apps import each other)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from delivery.models import Attempt


class AttemptPart(Protocol):
    def grade(self, attempt: Attempt) -> None:
        """Grade the part from its saved state once the attempt is handed in."""

    def totals(self, attempt: Attempt) -> tuple[Decimal, Decimal | None]:
        """(points, marks) the part adds to the attempt; marks None while it is ungraded."""

    def context(self, attempt: Attempt, *, corrected: bool) -> dict | None:
        """What the attempt page (or, ``corrected``, the correction) shows of the part."""


_providers: dict[str, AttemptPart] = {}


def register(name: str, provider: AttemptPart) -> None:
    _providers[name] = provider


def grade(attempt: Attempt) -> None:
    for provider in _providers.values():
        provider.grade(attempt)


def totals(attempt: Attempt) -> tuple[Decimal, Decimal | None]:
    points, marks = Decimal(0), Decimal(0)
    for provider in _providers.values():
        part_points, part_marks = provider.totals(attempt)
        points += part_points
        marks = None if marks is None or part_marks is None else marks + part_marks
    return points, marks


def context(attempt: Attempt, *, corrected: bool) -> dict | None:
    """The first registered part the attempt has (an attempt holds one at most today)."""
    for provider in _providers.values():
        shown = provider.context(attempt, corrected=corrected)
        if shown is not None:
            return shown
    return None

"""The four mock-exam blueprints, one per unit, with the real paper's duration.

The mix follows what the bank holds: the paper's questions are shared among (type,
difficulty) cells in proportion to the questions in service in each cell (largest
remainders). Those cells do not overlap, so a draw can always fill every rule; open
questions are left out, since nobody grades a mock exam by hand.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from django.db import transaction

from delivery.models import Purpose
from papers.models import Blueprint, BlueprintRule
from questions.models import Question, QuestionType, Unit

# RIDNA Art. 16: duration of each unit's paper (minutes); questions per mock paper.
DURATIONS = {Unit.UVR: 120, Unit.UVC: 120, Unit.UVO: 60, Unit.UVT: 180}
SIZES = {Unit.UVR: 30, Unit.UVC: 20, Unit.UVO: 15, Unit.UVT: 20}
PASS_MARK = Decimal(50)


def mock_name(unit: str) -> str:
    return f"Examen blanc {unit}"


def proportional_mix(cells: Counter, size: int) -> dict[tuple[str, int], int]:
    """Share ``size`` questions among cells in proportion to their sizes (largest remainders)."""
    total = sum(cells.values())
    size = min(size, total)
    if not size:
        return {}
    exact = {cell: size * count / total for cell, count in cells.items()}
    shares = {cell: int(value) for cell, value in exact.items()}
    left = size - sum(shares.values())
    for cell in sorted(exact, key=lambda cell: (shares[cell] - exact[cell], cell))[:left]:
        shares[cell] += 1
    return {cell: count for cell, count in sorted(shares.items()) if count}


def bank_cells(unit: str) -> Counter:
    rows = (Question.objects.in_use().for_unit(unit).exclude(current_version__type=QuestionType.OPEN)
            .values_list("current_version__type", "current_version__difficulty"))
    return Counter(rows)


def ensure_mock_blueprints(*, author=None) -> list[Blueprint]:
    """Create the missing mock blueprints (an existing one is left as its editors made it).
    A unit whose bank holds no question yet gets none."""
    made = []
    for unit in Unit.values:
        if Blueprint.objects.filter(unit=unit, purpose=Purpose.MOCK).exists():
            continue
        mix = proportional_mix(bank_cells(unit), SIZES[unit])
        if not mix:
            continue
        with transaction.atomic():
            blueprint = Blueprint.objects.create(name=mock_name(unit), unit=unit, purpose=Purpose.MOCK,
                                                 duration_minutes=DURATIONS[unit], pass_mark=PASS_MARK,
                                                 created_by=author)
            BlueprintRule.objects.bulk_create([
                BlueprintRule(blueprint=blueprint, position=position, question_type=kind,
                              difficulty=difficulty, count=count)
                for position, ((kind, difficulty), count) in enumerate(mix.items(), start=1)
            ])
        made.append(blueprint)
    return made

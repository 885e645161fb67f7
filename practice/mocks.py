"""The four mock-exam blueprints, one per unit, with the real paper's duration.

The mix follows what the bank holds: the paper's questions are shared among (type,
difficulty) cells in proportion to the questions in service in each cell (largest
remainders). Those cells do not overlap, so a draw can always fill every rule; open
questions are left out, since nobody grades a mock exam by hand. The UVT's pairing questions
are the blueprint's pairing part (``Blueprint.pairing_count``), not a cell of the mix; its
managed-tournament part (``Blueprint.managed_players``) is a tournament run in the manager.

The number of questions and the pass mark are conventions of the platform (see ``SIZES``).
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from django.db import transaction

from delivery.models import Purpose
from papers.models import PAIRING_TYPE, Blueprint, BlueprintRule
from questions.models import Question, QuestionType, Unit

# RIDNA Art. 16 fixes each unit's duration (minutes): "Durée de l'épreuve : 2 heures" (UVR,
# UVC), "1 heure" (UVO), "3 heures" (UVT).
DURATIONS = {Unit.UVR: 120, Unit.UVC: 120, Unit.UVO: 60, Unit.UVT: 180}
# Conventions of the platform, not rules: neither the Livre de l'Arbitre nor the RIDNA fixes a
# number of questions or a pass mark. They are only the shipped blueprints' starting values;
# exam staff set both per blueprint (papers: blueprint form), and trainees see them labelled
# "convention de la plateforme".
SIZES = {Unit.UVR: 30, Unit.UVC: 20, Unit.UVO: 15, Unit.UVT: 20}
PASS_MARK = Decimal(50)
# Of those, the questions of the pairing part (RIDNA Art. 16.4: "Système suisse et logiciel
# d'appariement"); the rest follows the bank's mix.
PAIRING_PART = {Unit.UVT: 1}
# The UVT mock's managed-tournament part (practice.managed_part): a 9-player open (an odd
# number, so each round has its pairing-allocated bye), two rounds to run, 20 points.
# Conventions of the platform as well; mocks only (the tournament tools close during exams).
MANAGED_PART = {Unit.UVT: {"managed_players": 9, "managed_rounds": 2, "managed_points": Decimal(20)}}


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
    rows = (Question.objects.in_use().for_unit(unit)
            .exclude(current_version__type__in=[QuestionType.OPEN, PAIRING_TYPE])
            .values_list("current_version__type", "current_version__difficulty"))
    return Counter(rows)


def ensure_mock_blueprints(*, author=None) -> list[Blueprint]:
    """Create the missing mock blueprints (an existing one is left as its editors made it).
    A unit whose bank holds no question yet gets none."""
    made = []
    for unit in Unit.values:
        if Blueprint.objects.filter(unit=unit, purpose=Purpose.MOCK).exists():
            continue
        pairing = PAIRING_PART.get(unit, 0)
        mix = proportional_mix(bank_cells(unit), SIZES[unit] - pairing)
        if not mix:
            continue
        with transaction.atomic():
            blueprint = Blueprint.objects.create(name=mock_name(unit), unit=unit, purpose=Purpose.MOCK,
                                                 duration_minutes=DURATIONS[unit], pass_mark=PASS_MARK,
                                                 pairing_count=pairing, created_by=author,
                                                 **MANAGED_PART.get(unit, {}))
            BlueprintRule.objects.bulk_create([
                BlueprintRule(blueprint=blueprint, position=position, question_type=kind,
                              difficulty=difficulty, count=count)
                for position, ((kind, difficulty), count) in enumerate(mix.items(), start=1)
            ])
        made.append(blueprint)
    return made

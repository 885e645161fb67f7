"""Importing training-course attendance from a CSV file: strict, all or nothing.

The expected columns (header line required, in this order; ";" or "," as separator):
``email;stage;date;lieu;formateur;heures``. Dates as 2025-03-15 or 15/03/2025, hours as
14 or 7,5. Every line is checked before anything is saved; one bad line and nothing is.
"""

from __future__ import annotations

import csv
import datetime
import io
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config.safe_input import has_lone_surrogate
from exams.audit import log_action
from exams.models import AuditEntry, Stage, StageRecord

COLUMNS = ["email", "stage", "date", "lieu", "formateur", "heures"]
MAX_LINES = 2000
TEMPLATE = (
    "email;stage;date;lieu;formateur;heures\nprenom.nom@example.org;SC;2025-03-15;Rennes;Julien Bernard;14\n"
)


@dataclass(frozen=True)
class Problem:
    line: int
    message: str


class ImportRejected(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__(f"{len(problems)} problems")
        self.problems = problems


def _parse_date(value: str) -> datetime.date | None:
    for pattern in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return datetime.datetime.strptime(value, pattern).date()
        except ValueError:
            continue
    return None


def parse(text: str, *, today: datetime.date) -> list[StageRecord]:
    """The records the file describes (unsaved), or ImportRejected listing every bad line."""
    lines = text.splitlines()
    damaged = [number for number, line in enumerate(lines, start=1) if has_lone_surrogate(line)]
    if damaged:
        # A decoded upload never holds one; text from elsewhere (a paste, an API) might.
        message = _("La ligne contient un caractère invalide.")
        raise ImportRejected([Problem(number, message) for number in damaged])
    if not lines or not lines[0].strip():
        raise ImportRejected(
            [
                Problem(
                    1,
                    _("Le fichier est vide : la première ligne doit être l'en-tête %(header)s.")
                    % {"header": ";".join(COLUMNS)},
                )
            ]
        )
    delimiter = ";" if ";" in lines[0] else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    problems: list[Problem] = []
    try:
        rows = list(reader)
    except csv.Error as error:
        raise ImportRejected(
            [
                Problem(
                    reader.line_num,
                    _("Ligne illisible (guillemets mal fermés ?) : %(error)s") % {"error": error},
                )
            ]
        ) from None
    header = [cell.strip().lower() for cell in rows[0]]
    if header != COLUMNS:
        raise ImportRejected(
            [
                Problem(
                    1,
                    _("En-tête attendu : %(expected)s ; trouvé : %(found)s.")
                    % {"expected": ";".join(COLUMNS), "found": delimiter.join(rows[0])},
                )
            ]
        )
    body = [
        (number, row) for number, row in enumerate(rows[1:], start=2) if any(cell.strip() for cell in row)
    ]
    if not body:
        raise ImportRejected([Problem(2, _("Le fichier ne contient aucune ligne de stage."))])
    if len(body) > MAX_LINES:
        raise ImportRejected(
            [Problem(MAX_LINES + 2, _("Trop de lignes : %(max)s au plus par fichier.") % {"max": MAX_LINES})]
        )
    emails = {row[0].strip().lower() for _number, row in body if row}
    users = {user.email.lower(): user for user in User.objects.filter(email__in=emails)}
    records: list[StageRecord] = []
    seen: set[tuple] = set()
    for number, row in body:
        if len(row) != len(COLUMNS):
            problems.append(
                Problem(
                    number,
                    _("%(count)s colonnes au lieu de %(expected)s.")
                    % {"count": len(row), "expected": len(COLUMNS)},
                )
            )
            continue
        email, stage, day, place, trainer, hours = (cell.strip() for cell in row)
        line_problems = []
        user = users.get(email.lower())
        if user is None:
            line_problems.append(_("aucun compte n'a l'adresse « %(email)s »") % {"email": email})
        stage = stage.upper()
        if stage not in Stage.values:
            line_problems.append(
                _("stage « %(stage)s » inconnu (attendu : %(choices)s)")
                % {"stage": stage, "choices": ", ".join(Stage.values)}
            )
        date = _parse_date(day)
        if date is None:
            line_problems.append(
                _("date « %(date)s » illisible (attendu : AAAA-MM-JJ ou JJ/MM/AAAA)") % {"date": day}
            )
        elif date > today:
            line_problems.append(_("la date %(date)s est dans le futur") % {"date": day})
        if not place:
            line_problems.append(_("lieu manquant"))
        if not trainer:
            line_problems.append(_("formateur manquant"))
        try:
            hours_value = Decimal(hours.replace(",", "."))
            if not Decimal("0.5") <= hours_value <= Decimal(60):
                raise InvalidOperation
        except InvalidOperation:
            hours_value = None
            line_problems.append(
                _("nombre d'heures « %(hours)s » invalide (entre 0,5 et 60)") % {"hours": hours}
            )
        if not line_problems:
            key = (user.pk, stage, date)
            if key in seen:
                line_problems.append(_("ligne en double dans le fichier"))
            elif StageRecord.objects.filter(candidate=user, stage=stage, date=date).exists():
                line_problems.append(_("ce stage est déjà enregistré pour %(email)s") % {"email": email})
            seen.add(key)
        if line_problems:
            problems.append(Problem(number, "; ".join(line_problems) + "."))
            continue
        records.append(
            StageRecord(
                candidate=user,
                stage=stage,
                date=date,
                place=place[:150],
                trainer_name=trainer[:150],
                hours=hours_value,
            )
        )
    if problems:
        raise ImportRejected(problems)
    return records


def import_records(records: list[StageRecord], *, actor, filename: str) -> int:
    with transaction.atomic():
        for record in records:
            record.recorded_by = actor
            record.full_clean()
        StageRecord.objects.bulk_create(records)
        log_action(
            actor=actor,
            action=AuditEntry.Action.IMPORT,
            reason="",
            details={"file": filename[:100], "records": len(records)},
        )
    return len(records)

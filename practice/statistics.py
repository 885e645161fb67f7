"""Per-question statistics of practice and mock answers, kept apart from exam statistics.

Computed from the delivery engine's responses whose paper serves practice or a mock exam;
unanswered items (never saved by the trainee) and answers waiting for a grader are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from delivery.models import Purpose, Response


@dataclass(frozen=True)
class PracticeRow:
    purpose: str
    version: int
    answers: int
    trainees: int
    correct: int
    points: float
    max_points: float

    @property
    def purpose_label(self) -> str:
        return str(Purpose(self.purpose).label)

    @property
    def correct_percent(self) -> int:
        return round(100 * self.correct / self.answers) if self.answers else 0

    @property
    def facility(self) -> float | None:
        """Mean share of the points gained (the exam statistics' facility index, 0–1)."""
        return self.points / self.max_points if self.max_points else None


def practice_rows(question) -> list[PracticeRow]:
    rows = (Response.objects.filter(item__version__question=question, sequence__gt=0, correct__isnull=False,
                                    points__isnull=False,
                                    attempt__paper__purpose__in=[Purpose.PRACTICE, Purpose.MOCK])
            .values("attempt__paper__purpose", "item__version__number")
            .annotate(answers=Count("pk"), trainees=Count("attempt__candidate", distinct=True),
                      right=Count("pk", filter=Q(correct=True)), gained=Sum("points"),
                      out_of=Sum("item__points"))
            .order_by("attempt__paper__purpose", "-item__version__number"))
    return [PracticeRow(purpose=row["attempt__paper__purpose"], version=row["item__version__number"],
                        answers=row["answers"], trainees=row["trainees"], correct=row["right"],
                        points=float(row["gained"] or 0), max_points=float(row["out_of"] or 0))
            for row in rows]

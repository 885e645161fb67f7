"""Moodle's grades for an answer: the list its question editor offers, and a rounding onto it.

Moodle refuses, on import, an answer whose grade is not in this list (``invalidgrade``), and a
multiple-answer question whose positive grades do not add up to 100 % (``fractionsaddwrong``:
the total, as a fraction, is rounded to two decimals, so 99.5 % to 100.49 % pass).
"""

from __future__ import annotations

from decimal import Decimal

POSITIVE_GRADES = tuple(
    Decimal(text)
    for text in (
        "100", "90", "83.33333", "80", "75", "70", "66.66667", "60", "50", "40", "33.33333", "30",
        "25", "20", "16.66667", "14.28571", "12.5", "11.11111", "10", "5",
    )
)  # fmt: skip
GRADES = (*POSITIVE_GRADES, Decimal(0), *(-grade for grade in POSITIVE_GRADES))
# Moodle compares grades as fractions to within 1e-5 %: 33.333 is 33.33333.
TOLERANCE = Decimal("0.001")
LOWEST_TOTAL, HIGHEST_TOTAL = Decimal("99.5"), Decimal("100.5")


def is_moodle_grade(percent: Decimal) -> bool:
    return any(abs(percent - grade) <= TOLERANCE for grade in GRADES)


def nearest_grade(percent: Decimal) -> Decimal:
    """The grade of the list nearest to ``percent`` (the larger one in absolute value on a tie)."""
    return min(GRADES, key=lambda grade: (abs(grade - percent), -abs(grade)))


def _neighbours(grade: Decimal) -> tuple[Decimal | None, Decimal | None]:
    ordered = sorted(POSITIVE_GRADES)
    index = ordered.index(grade)
    lower = ordered[index - 1] if index > 0 else None
    higher = ordered[index + 1] if index + 1 < len(ordered) else None
    return lower, higher


def positive_grades(shares: list[Decimal]) -> list[Decimal]:
    """Grades from the list for the positive ``shares`` (exact percentages adding up to 100) whose
    total Moodle accepts (99.5 to 100.5 %).

    Each share first takes its nearest grade. While the total is too low (too high), the share
    that loses least by it (its grade's distance to the exact share grows least; on a tie, the
    first one) moves up (down) to the next grade of the list; every step brings the total closer,
    so it ends. The rounding is deterministic: the same shares always give the same grades.
    A ruling worth 4 points, 3 for the decision and 1 shared by 3 correct sanctions (8.33333 %
    each, not a Moodle grade): 75, then 5, 10 and 10.
    """
    grades = [nearest_grade(share) if share > 0 else Decimal(0) for share in shares]
    grades = [grade if grade > 0 else POSITIVE_GRADES[-1] for grade in grades]
    for _step in range(len(shares) * len(POSITIVE_GRADES)):
        total = sum(grades)
        if LOWEST_TOTAL <= total < HIGHEST_TOTAL:
            return grades
        going_up = total < LOWEST_TOTAL
        best = None
        for index, (share, grade) in enumerate(zip(shares, grades, strict=True)):
            lower, higher = _neighbours(grade)
            step = higher if going_up else lower
            if step is None:
                continue
            cost = abs(step - share) - abs(grade - share)
            if best is None or cost < best[0]:
                best = (cost, index, step)
        if best is None:
            break
        grades[best[1]] = best[2]
    return grades

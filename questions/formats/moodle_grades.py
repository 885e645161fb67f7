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


def _percent(value: Decimal) -> str:
    text = f"{value.quantize(Decimal('0.00001')):f}".rstrip("0").rstrip(".")
    return text or "0"


def weight_notes(weights: list[Decimal], texts: list[str], *, single: bool) -> list[str]:
    """What the bank cannot keep of a choice question's weights, and what Moodle would refuse.

    ``weights`` are the answers' grades in % (as written), ``texts`` their French texts. A
    single-answer question keeps its best answer as the correct one (all or nothing); a
    multiple-answer one gives every correct answer an equal share and takes one share for each
    wrong answer chosen (or all, with all-or-nothing scoring): other weights are reported.
    """
    from django.utils.translation import gettext as _

    notes = []
    for number, (weight, text) in enumerate(zip(weights, texts, strict=True), start=1):
        if not is_moodle_grade(weight):
            notes.append(
                _(
                    "réponse %(n)d « %(text)s » : Moodle refuserait la note de %(weight)s %% "
                    "(notes admises : %(grades)s)."
                )
                % {
                    "n": number,
                    "text": text[:60],
                    "weight": _percent(weight),
                    "grades": ", ".join(_percent(grade) for grade in POSITIVE_GRADES),
                }
            )
    positive = [weight for weight in weights if weight > 0]
    if single:
        best = max(weights, default=Decimal(0))
        for number, (weight, text) in enumerate(zip(weights, texts, strict=True), start=1):
            if 0 < weight < best:
                notes.append(
                    _(
                        "réponse %(n)d « %(text)s » : crédit partiel de %(weight)s %% non repris "
                        "(une question à réponse unique donne tout ou rien) : elle compte comme fausse."
                    )
                    % {"n": number, "text": text[:60], "weight": _percent(weight)}
                )
        if best < 100 and best > 0:
            notes.append(
                _("la meilleure réponse ne valait que %(weight)s %% : elle vaut ici tous les points.")
                % {"weight": _percent(best)}
            )
        penalties = {weight for weight in weights if weight < 0}
        if penalties - {Decimal(-100)}:
            notes.append(
                _("pénalités %(weights)s ramenées à la perte des points de la question (notation négative).")
                % {"weights": ", ".join(f"{_percent(w)} %" for w in sorted(penalties))}
            )
        return notes
    if positive and len(set(positive)) > 1:
        notes.append(
            _("notes inégales des bonnes réponses (%(weights)s) ramenées à des parts égales.")
            % {"weights": ", ".join(f"{_percent(w)} %" for w in positive)}
        )
    total = sum(positive)
    if positive and not LOWEST_TOTAL <= total < HIGHEST_TOTAL:
        notes.append(
            _(
                "les bonnes réponses font %(total)s %% et non 100 %% : Moodle refuserait la question "
                "(fractionsaddwrong) ; chacune vaut ici une part égale."
            )
            % {"total": _percent(total)}
        )
    return notes

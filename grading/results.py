"""What a candidate sees of their own result (read side; the jury writes it)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from exams.models import Registration, SessionStatus
from grading.models import JuryDecision


@dataclass(frozen=True)
class Result:
    published: bool
    score: Decimal | None = None
    max_score: Decimal | None = None
    passed: bool | None = None
    copy_visible: bool = False
    adjusted: bool = False

    @property
    def percent(self) -> Decimal | None:
        if self.score is None or not self.max_score:
            return None
        return (self.score * 100 / self.max_score).quantize(Decimal("0.1"), ROUND_HALF_UP)


def for_registration(registration: Registration) -> Result | None:
    """None: the candidate sat nothing. ``published`` False: results not yet published."""
    if registration.attempt_id is None:
        return None
    if registration.session.status != SessionStatus.PUBLISHED:
        if registration.attempt.is_open:  # still being sat: no result to announce yet
            return None
        return Result(published=False)
    decision = JuryDecision.objects.filter(registration=registration).first()
    attempt = registration.attempt
    setup = getattr(registration.session, "grading_setup", None)
    return Result(
        published=True,
        score=decision.score if decision else attempt.score,
        max_score=attempt.max_score,
        passed=decision.passed if decision else attempt.passed,
        copy_visible=bool(setup and setup.corrections_released),
        adjusted=bool(decision and decision.kind == JuryDecision.Kind.ADJUSTED),
    )

"""The demo trainee's practice history: a few weeks of practice sets (a trainee who gets
better), missed questions due again today, and one finished UVR mock exam. Idempotent."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from decimal import Decimal

from django.utils import timezone

from accounts.models import User
from delivery import services as delivery
from delivery.models import Attempt
from practice import services
from practice.mocks import ensure_mock_blueprints
from practice.models import TrainingPaper

TRAINEE = "stagiaire@demo.arbitre.fr"
AUTHOR = "formateur@demo.arbitre.fr"
# Days ago, and the unit practised (most sessions prepare the UVR), or the daily review.
REVIEW = "review"
SESSIONS = [(34, "UVR"), (31, "UVR"), (27, "UVC"), (24, "UVR"), (22, REVIEW), (20, "UVR"), (17, "UVC"),
            (16, REVIEW), (13, "UVR"), (10, "UVR"), (9, REVIEW), (7, "UVC"), (4, "UVR"), (3, REVIEW),
            (2, "UVR"), (1, "UVR")]
MOCK_DAYS_AGO = 5


def answer_for(version, *, right: bool) -> dict:
    """A right or a wrong answer to a question version, as its input would post it."""
    body, kind = version.body, version.type
    if kind in ("single", "multiple"):
        good = [option["key"] for option in body["options"] if option["correct"]]
        bad = [option["key"] for option in body["options"] if not option["correct"]]
        chosen = good if right or not bad else bad[:1]
        return {"choice": chosen[0]} if kind == "single" else {"choices": chosen}
    if kind == "truefalse":
        return {"answer": body["answer"] if right else not body["answer"]}
    if kind == "numeric":
        value = Decimal(str(body["value"]))
        return {"value": str(value if right else value + 1 + Decimal(str(body.get("tolerance", 0))) * 2)}
    if kind == "short":
        return {"text": body["accepted"][0] if right else "je ne sais pas"}
    if kind == "ruling":
        decision = next(d["key"] for d in body["decisions"] if d["correct"] == right)
        sanctions = [s["key"] for s in body["sanctions"] if s["correct"] and s["action"] != "none"]
        return {"decision": decision, "sanctions": sanctions if right else []}
    return {"text": "…"}


def sit(attempt: Attempt, *, at: datetime, chance: float, generator: random.Random, check: bool) -> None:
    """Answer every item (right with probability ``chance``), checking each in practice."""
    for number, item in enumerate(attempt.paper.items.select_related("version"), start=1):
        moment = at + timedelta(minutes=2 * number)
        answer = answer_for(item.version, right=generator.random() < chance)
        delivery.save_response(attempt=attempt, item_id=item.pk, answer=answer, sequence=number, now=moment)
        if check:
            delivery.check_response(attempt=attempt, item_id=item.pk, now=moment)
    delivery.submit_attempt(attempt=attempt, actor=attempt.candidate, now=at + timedelta(minutes=90))


def load(*, now: datetime | None = None) -> list[str]:
    """Create the demo trainee's history once; returns what was made (nothing the second time)."""
    trainee = User.objects.filter(email=TRAINEE).first()
    author = User.objects.filter(email=AUTHOR).first()
    made = [f"mock blueprint {blueprint.unit}" for blueprint in ensure_mock_blueprints(author=author)]
    if trainee is None or TrainingPaper.objects.filter(trainee=trainee).exists():
        return made
    now = now or timezone.now()
    generator = random.Random(2026)  # noqa: S311 - a demo, not a secret
    for index, (days_ago, unit) in enumerate(SESSIONS):
        at = now - timedelta(days=days_ago, hours=2)
        try:
            if unit == REVIEW:
                attempt = services.start_review(trainee=trainee, now=at)
            else:
                attempt = services.start_practice(trainee=trainee, now=at, seed=index,
                                                  criteria=services.Criteria(unit=unit, count=8))
        except services.NothingToDraw:
            # The bank is not loaded yet (`make data` runs load_demo again after it), or nothing is due.
            continue
        sit(attempt, at=at, chance=0.45 + 0.4 * index / len(SESSIONS), generator=generator, check=True)
    if not TrainingPaper.objects.filter(trainee=trainee).exists():
        return made
    made.append(f"{len(SESSIONS)} practice sets and reviews")
    at = now - timedelta(days=MOCK_DAYS_AGO, hours=3)
    try:
        mock = services.start_mock(trainee=trainee, unit="UVR", seed=7, now=at)
    except services.NothingToDraw:
        return made
    sit(mock, at=at, chance=0.7, generator=generator, check=False)
    made.append("a UVR mock exam")
    return made

"""Practice's answers to the delivery engine's signals (connected in ``PracticeConfig.ready``)."""

from __future__ import annotations

from practice import services


def move_cards_of_graded_answers(sender, *, attempt, responses, now, **kwargs) -> None:
    """``delivery.signals.answers_graded``: the graded practice or mock answers move the cards."""
    services.record_graded(attempt=attempt, responses=responses, now=now)

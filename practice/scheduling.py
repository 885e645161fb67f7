"""Spaced repetition with FSRS (the ``fsrs`` package): how a graded answer moves a card.

The scheduler has no learning steps: a question missed today comes back tomorrow, not in ten
minutes (a practice set is not a flash-card session, and the queue is a daily one). Fuzzing
is off so that a history gives the same schedule on every machine (tests, the demo).
"""

from __future__ import annotations

from datetime import datetime

from fsrs import Card as FsrsCard
from fsrs import Rating, Scheduler, State

SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def rating_for(*, correct: bool, points, max_points) -> Rating:
    """Right: Good; partly right (some points): Hard; wrong: Again."""
    if correct:
        return Rating.Good
    if points and max_points and 0 < points < max_points:
        return Rating.Hard
    return Rating.Again


def review(card, rating: Rating, at: datetime) -> None:
    """Apply one rating to a ``practice.Card`` (in memory; the caller saves it)."""
    # An explicit card_id: without one, fsrs.Card() sleeps a millisecond to make its id unique.
    state = FsrsCard(card_id=card.pk or 1, state=State(card.state), step=card.step,
                     stability=card.stability, difficulty=card.difficulty,
                     due=card.due or at, last_review=card.last_review)
    updated, _log = SCHEDULER.review_card(state, rating, review_datetime=at)
    card.state = updated.state.value
    card.step = updated.step
    card.stability = updated.stability
    card.difficulty = updated.difficulty
    card.due = updated.due
    card.last_review = updated.last_review


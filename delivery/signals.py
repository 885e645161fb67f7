"""What the delivery engine tells the apps above it, without importing them.

``practice`` (which builds on ``delivery``) listens to ``answers_graded`` to move a trainee's
spaced-repetition cards; the engine only announces the event (``services._after_grading``).
"""

from django.dispatch import Signal

# Sent with ``attempt``, ``responses`` (the graded ones) and ``now`` (None: the attempt's
# hand-in time) after a practice or mock attempt's answers are graded; never for an exam.
answers_graded = Signal()

"""Signals of the rules app.

``articles_changed`` is sent with ``sender=Edition`` when a new edition is loaded, with the
keyword arguments ``edition`` (new slug), ``previous_edition`` (slug, or "" when there is
none) and ``numbers`` (normalised numbers added, removed or whose text changed). The
questions app listens and flags the questions citing those numbers for review.
"""

from django.dispatch import Signal

articles_changed = Signal()

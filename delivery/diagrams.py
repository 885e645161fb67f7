"""The board positions an exam copy shows, so that a closed-book exam still draws them.

A question's replay loads each of its positions from ``/positions/diagram.svg?fen=…``. During a
closed-book exam that route answers only for the positions of the candidate's own questions
(``delivery.middleware.ClosedBookMiddleware``): the diagram marks a king in check and refuses
an impossible position, so a route that drew any position would answer questions about the
Laws. The positions are those the page itself emits, in the canonical form its URLs carry.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from django.core.cache import cache

from delivery import presentation
from delivery.models import Attempt
from positions.diagrams import DiagramError, make_spec
from positions.validation import FenError, PgnError, parse_moves

CACHE_PREFIX = "delivery:copy-positions:"
# A copy's questions never change once it has started (frozen versions, a fixed seed).
CACHE_SECONDS = 24 * 3600


def _canonical(fen: str) -> str | None:
    try:
        return make_spec(fen, as_played=True).fen
    except (FenError, DiagramError):
        return None


def _question_positions(attempt: Attempt) -> Iterator[str | None]:
    for item in presentation.page_items(attempt):
        diagram = presentation.candidate_question(attempt, item, language="fr").diagram
        if diagram is None:
            continue
        yield _canonical(diagram.fen)
        if diagram.moves:
            # As positions.templatetags.chessboard.pgn_replay replays them for the page.
            try:
                game = parse_moves(diagram.moves, fen=diagram.start_fen or None, allow_illegal=True)
            except PgnError:
                continue
            yield from (_canonical(game.fen_at(ply)) for ply in range(len(game.moves) + 1))


def copy_positions(attempt: Attempt) -> frozenset[str]:
    """Every position the copy's questions draw (their diagrams and each ply of their replays)."""
    key = f"{CACHE_PREFIX}{attempt.pk}"
    positions = cache.get(key)
    if positions is None:
        positions = frozenset(fen for fen in _question_positions(attempt) if fen)
        cache.set(key, positions, CACHE_SECONDS)
    return positions


def shown_on_copies(attempt_ids: Iterable, fen: str) -> bool:
    """Whether ``fen`` (as the page's URL carries it) is a position one of these copies shows."""
    if not fen:
        return False
    ids = list(attempt_ids)
    cached = cache.get_many([f"{CACHE_PREFIX}{pk}" for pk in ids])
    if any(fen in positions for positions in cached.values()):
        return True
    missing = [pk for pk in ids if f"{CACHE_PREFIX}{pk}" not in cached]
    return any(fen in copy_positions(attempt)
               for attempt in Attempt.objects.select_related("paper").filter(pk__in=missing))

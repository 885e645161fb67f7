"""A seeded generator of small Swiss tournaments for property tests: random ratings order,
k rounds already played (pairings drawn at random without rematches, colours by E.1–E.5,
random results), byes for odd rounds, sometimes an absence, a forfeit and a withdrawal."""

from __future__ import annotations

import random
from fractions import Fraction

from tournaments.swiss.checker import colour_history
from tournaments.swiss.colours import allocate
from tournaments.trf import RoundEntry, TrfPlayer, TrfTournament

OPPOSITE = {"1": "0", "=": "=", "0": "1", "+": "-"}


def generate(seed: int) -> tuple[TrfTournament, int]:
    """A tournament and the round to pair next (its absences already in the file)."""
    rng = random.Random(seed)
    size = rng.randint(5, 12)
    played = rng.randint(1, 4)
    rounds: dict[int, list[RoundEntry]] = {n: [] for n in range(1, size + 1)}
    withdrawn = rng.randint(1, size) if rng.random() < 0.3 else 0
    withdrawal_round = rng.randint(2, played + 1) if withdrawn else 0
    forfeit_round = rng.randint(1, played) if rng.random() < 0.4 else 0
    for number in range(1, played + 1):
        absent = {withdrawn} if withdrawn and number >= withdrawal_round else set()
        if rng.random() < 0.2:
            absent.add(rng.randint(1, size))
        _play_round(rng, rounds, size, absent, forfeit=number == forfeit_round)
    following = played + 1
    if withdrawn and following >= withdrawal_round:
        rounds[withdrawn].append(RoundEntry(0, "-", "-"))
    players = tuple(
        TrfPlayer(
            number=n,
            rating=2400 - 40 * n,
            rounds=tuple(rounds[n]),
            points=sum((e.score for e in rounds[n][:played]), Fraction(0)),
        )
        for n in range(1, size + 1)
    )
    return TrfTournament(players=players, planned_rounds=played + 2, initial_colour="white1"), following


def _play_round(rng: random.Random, rounds, size: int, absent: set[int], *, forfeit: bool) -> None:
    present = [n for n in range(1, size + 1) if n not in absent]
    for n in absent:
        rounds[n].append(RoundEntry(0, "-", rng.choice("-ZH")))
    met = {frozenset((n, e.opponent)) for n in rounds for e in rounds[n] if e.opponent}
    had_bye = {n for n in rounds for e in rounds[n] if e.gives_point_without_playing}
    for _attempt in range(50):
        order = present[:]
        rng.shuffle(order)
        bye = None
        if len(order) % 2:
            candidates = [n for n in order if n not in had_bye] or order
            bye = candidates[0]
            order.remove(bye)
        pairs = list(zip(order[::2], order[1::2], strict=True))
        if all(frozenset(pair) not in met for pair in pairs):
            break
    history = TrfTournament(players=tuple(TrfPlayer(number=n, rounds=tuple(rounds[n])) for n in rounds))
    sequences = {n: colour_history(history.player(n)) for n in rounds}
    if bye is not None:
        rounds[bye].append(RoundEntry(0, "-", "U"))
    forfeited = rng.randrange(len(pairs)) if forfeit and pairs else -1
    for index, (a, b) in enumerate(pairs):
        high, low = sorted((a, b), key=lambda n: (-history.player(n).score, n))
        board = allocate(high, low, sequences)
        result = "+" if index == forfeited else rng.choice("1=0")
        rounds[board.white].append(RoundEntry(board.black, "w", result))
        rounds[board.black].append(RoundEntry(board.white, "b", OPPOSITE[result]))


def wrong_pairing(
    rng: random.Random, present: list[int]
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    order = present[:]
    rng.shuffle(order)
    byes = (order.pop(),) if len(order) % 2 else ()
    return tuple(zip(order[::2], order[1::2], strict=True)), byes

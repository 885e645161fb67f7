"""Pairing the next round of a Swiss (FIDE Dutch system) with gacrux, the Livre's way.

We do not write a pairing engine: gacrux (pinned in requirements.txt; see README.md beside
this file for what was measured) pairs each round. It follows the Dutch rules approved in
2026, which differ from the Livre's (2013 rules, chapter 4.1) on one point that matters in
practice: which player receives the pairing-allocated bye. Since 2017 FIDE minimises the
number of unplayed games of the bye's receiver ([C9]), so a player who was absent once is
passed over; the Livre knows only C.04.1 c (no second point without playing) and gives the
bye to the lowest player of the lowest score group. :func:`pair_round` puts that back.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from gacrux.gacruxexeptions import GacruxNoLegalPairing
from gacrux.pairingdutch import pairing_dutch
from gacrux.trf2json import trf2json

from tournaments.trf import TrfTournament, write

logger = logging.getLogger(__name__)


class PairingImpossible(Exception):
    """No pairing satisfies the absolute criteria (the arbiter must decide, C.04.3)."""


@dataclass(frozen=True, slots=True)
class RoundPairing:
    round: int
    pairs: tuple[tuple[int, int], ...]  # (white, black) in board order
    byes: tuple[int, ...] = ()  # pairing-allocated byes

    def as_json(self) -> dict:
        return {"round": self.round, "pairs": [list(pair) for pair in self.pairs], "byes": list(self.byes)}


def rounds_paired(tournament: TrfTournament) -> int:
    """The last round in which anyone was paired (a game or a pairing-allocated bye)."""
    last = 0
    for player in tournament.players:
        for index, entry in enumerate(player.rounds):
            if entry.opponent or entry.is_pairing_bye:
                last = max(last, index + 1)
    return last


def absent_in(tournament: TrfTournament, round_number: int) -> set[int]:
    """Players the file already leaves out of ``round_number`` (a requested bye or an
    announced absence: no opponent, and not a pairing-allocated bye)."""
    absent = set()
    for player in tournament.players:
        entry = tournament.entry(player.number, round_number)
        if entry is not None and not entry.opponent and not entry.is_pairing_bye:
            absent.add(player.number)
    return absent


def top_colour(tournament: TrfTournament) -> str:
    """The initial colour (drawn before round 1): XXC, else read from round 1, else White.
    In round 1 everyone has 0 and no preference, so by E.5 the higher ranked player of each
    board (the lower pairing number) had the initial colour if his number is odd, the other
    one if it is even: any board of round 1 tells it, even when player 1 did not play."""
    if tournament.initial_colour:
        return tournament.initial_colour[0]
    for player in sorted(tournament.players, key=lambda p: p.number):
        entry = player.rounds[0] if player.rounds else None
        if entry and entry.opponent > player.number and entry.colour in ("w", "b"):
            if player.number % 2 == 1:
                return entry.colour
            return "b" if entry.colour == "w" else "w"
    return "w"


# Virtual points of an accelerated pairing (Livre 4.2): round -> player -> points added to his
# score for pairing that round only (see acceleration.py).
VirtualPoints = Mapping[int, Mapping[int, Fraction]]


def pair_round(
    tournament: TrfTournament, *, round_number: int | None = None, virtual: VirtualPoints | None = None
) -> RoundPairing:
    """Pair ``round_number`` (by default the round after the last one paired) from the
    rounds before it, leaving out the players the file marks absent in that round.
    ``virtual`` adds an acceleration's virtual points to the pairing scores (gacrux takes
    them as its "accelerated" values, round by round, so floats of earlier rounds are
    judged on the scores used for pairing them too)."""
    number = round_number or rounds_paired(tournament) + 1
    if tournament.planned_rounds and number > tournament.planned_rounds:
        raise PairingImpossible(
            ngettext(
                "le tournoi compte %(rounds)d ronde : il n'y a plus de ronde à apparier.",
                "le tournoi compte %(rounds)d rondes : il n'y a plus de ronde à apparier.",
                tournament.planned_rounds,
            )
            % {"rounds": tournament.planned_rounds}
        )
    absent = absent_in(tournament, number)
    history = tournament.up_to(number - 1)
    if any(entry.result == " " for player in history.players for entry in player.rounds):
        raise PairingImpossible(_("une ronde précédente n'a pas encore tous ses résultats."))
    pairing = _gacrux(history, number, absent, top_colour(tournament), virtual)
    if pairing.byes:
        pairing = _livre_bye(history, number, absent, pairing, top_colour(tournament), virtual)
    return pairing


def point_without_playing(tournament: TrfTournament, number: int) -> bool:
    """C.04.1 c: a bye or a forfeit win already received."""
    return any(entry.gives_point_without_playing for entry in tournament.player(number).rounds)


def unplayed_games(tournament: TrfTournament, number: int) -> int:
    return sum(1 for entry in tournament.player(number).rounds if not entry.played)


def pairing_scores(
    tournament: TrfTournament, round_number: int, virtual: VirtualPoints | None = None
) -> dict[int, Fraction]:
    """Each player's score for pairing ``round_number``: points of the rounds before it, plus
    the acceleration's virtual points for that round (A.2, Livre 4.2)."""
    extra = (virtual or {}).get(round_number, {})
    history = tournament.up_to(round_number - 1)
    return {p.number: p.score + Fraction(extra.get(p.number, 0)) for p in history.players}


def _livre_bye(
    history: TrfTournament,
    number: int,
    absent: set[int],
    pairing: RoundPairing,
    colour: str,
    virtual: VirtualPoints | None = None,
) -> RoundPairing:
    """Give the bye to a lower player whom only [C9] (fewest unplayed games) passed over,
    as long as the others can still be paired."""
    chosen = pairing.byes[0]
    order = _pairing_order(pairing_scores(history, number, virtual), set(history.numbers()) - absent)
    below = order[order.index(chosen) + 1 :]
    for candidate in reversed(below):
        if point_without_playing(history, candidate):
            continue
        if unplayed_games(history, candidate) <= unplayed_games(history, chosen):
            continue
        try:
            others = _gacrux(history, number, absent | {candidate}, colour, virtual)
        except PairingImpossible:
            continue
        return RoundPairing(number, others.pairs, (candidate,))
    return pairing


def _pairing_order(scores: Mapping[int, Fraction], present: Collection[int]) -> list[int]:
    """Score, then start number (A.2): the bye goes as far down this list as it can."""
    return sorted(present, key=lambda n: (-scores[n], n))


def _gacrux(
    history: TrfTournament, number: int, absent: set[int], colour: str, virtual: VirtualPoints | None = None
) -> RoundPairing:
    try:
        with collector_paused():
            return _gacrux_pairing(history, number, absent, colour, virtual)
    except PairingImpossible:
        raise
    except GacruxNoLegalPairing as error:
        raise PairingImpossible(
            _("aucun appariement ne respecte les critères absolus (%(detail)s).") % {"detail": error}
        ) from error
    except Exception as error:
        # A record our reader keeps as it is (XXZ naming an unknown player, a team record)
        # can trip gacrux: the trainee gets a message, not a server error.
        logger.warning("gacrux refused a tournament: %r", error)
        raise PairingImpossible(
            _("le moteur d'appariement refuse ce fichier (%(detail)s).") % {"detail": error}
        ) from error


def _accelerated(virtual: VirtualPoints) -> dict:
    """gacrux's form of the virtual points: one value per player and round."""
    values = [
        {
            "matchPoints": Decimal(str(float(points))),
            "gamePoints": Decimal(str(float(points))),
            "firstRound": round_number,
            "lastRound": round_number,
            "firstCompetitor": player,
            "lastCompetitor": player,
        }
        for round_number, players in sorted(virtual.items())
        for player, points in sorted(players.items())
        if points
    ]
    return {"name": "Acc", "values": values}


def _gacrux_pairing(
    history: TrfTournament, number: int, absent: set[int], colour: str, virtual: VirtualPoints | None = None
) -> RoundPairing:
    chessfile = trf2json()
    chessfile.parse_file(write(history), 0)
    if chessfile.chessjson["status"]["code"] >= 400:
        raise PairingImpossible("; ".join(chessfile.chessjson["status"]["error"]))
    event = chessfile.get_tournament(1)
    event.update(pairingSystem=["dutch"], maxMeets=1, numRounds=max(history.planned_rounds, number))
    # gacrux would read the initial colour off the first game of round 1 as if its higher
    # ranked player had had it, which is wrong when his pairing number is even (player 1
    # exempt or absent in round 1): the colour we know is given instead.
    event["topColor"] = colour
    if virtual:
        event["accelerated"] = _accelerated(virtual)
    for competitor in event["competitors"]:
        if competitor["cid"] in absent:
            competitor["present"] = False
    if len(event["competitors"]) - len(absent) < 2:
        raise PairingImpossible(_("il faut au moins deux joueurs présents."))
    brackets = pairing_dutch(
        event, number, {"experimental": [], "verbose": 0, "top_color": colour}
    ).compute_pairing(False, 0)
    boards = sorted(
        (pair for bracket in brackets for pair in bracket["pairs"]), key=lambda pair: pair["board"]
    )
    pairs = tuple((pair["w"], pair["b"]) for pair in boards if pair["w"] and pair["b"])
    byes = tuple(pair["w"] or pair["b"] for pair in boards if not (pair["w"] and pair["b"]))
    return RoundPairing(number, pairs, byes)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for a burst of short-lived allocations. gacrux
    builds tens of thousands of small dicts and lists for one round (an edge per pair of
    players, its quality vector rebuilt for each score bracket); the collector, triggered
    every 700 allocations, walks them over and over for nothing. What is left in cycles (a few
    MB for a variant drawn in 5 tries) is collected once the collector runs again. Measured on
    bench/bench_pairing.py: about a tenth of a variant's generation; the results are the same."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()

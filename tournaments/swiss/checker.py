"""Checking a proposed Swiss round against the Livre's rules (4.1: C.04.1 and the Dutch
system's criteria), with an explanation of each fault a trainee can read.

Absolute criteria (a pairing that breaks one is wrong, whatever else it does):
- C.04.1 b: two players shall not meet twice (a forfeited game was not played and does not count);
- C.04.1 c: a player who already scored a point without playing (bye, forfeit win) gets no bye;
- C.04.1 f / Dutch B.2: no colour difference beyond ±2, no same colour three times running
  (the Dutch system lifts both for topscorers in the last round: reported as a note).
Quality criterion (B.5, B.6): nobody receives the same float (down or up) two rounds running,
unless it cannot be avoided; it counts as avoidable when the engine's pairing of the same round
gives fewer such repeats.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from django.utils.translation import gettext as _

from tournaments.swiss.engine import (
    PairingImpossible,
    RoundPairing,
    absent_in,
    pair_round,
    point_without_playing,
)
from tournaments.trf import RoundEntry, TrfPlayer, TrfTournament, points_of

ABSOLUTE = "absolute"
QUALITY = "quality"
NOTE = "note"


@dataclass(frozen=True, slots=True)
class Violation:
    rule: str  # the Livre's reference, e.g. "C.04.1 b"
    severity: str  # ABSOLUTE, QUALITY or NOTE
    players: tuple[int, ...]
    message: str


@dataclass(frozen=True)
class CheckReport:
    round: int
    proposed: RoundPairing
    violations: tuple[Violation, ...]
    engine: RoundPairing | None  # what the engine pairs instead (None if it cannot)

    @property
    def absolute(self) -> list[Violation]:
        return [v for v in self.violations if v.severity == ABSOLUTE]

    @property
    def is_valid(self) -> bool:
        return not self.absolute

    @property
    def same_as_engine(self) -> bool:
        return (
            self.engine is not None
            and set(self.engine.pairs) == set(self.proposed.pairs)
            and set(self.engine.byes) == set(self.proposed.byes)
        )


def round_of(tournament: TrfTournament, round_number: int) -> RoundPairing:
    """The pairing recorded in the file for ``round_number``."""
    pairs, byes = [], []
    for player in tournament.players:
        entry = tournament.entry(player.number, round_number)
        if entry is None:
            continue
        if entry.opponent and entry.colour == "w":
            pairs.append((player.number, entry.opponent))
        elif entry.is_pairing_bye:
            byes.append(player.number)
    return RoundPairing(round_number, tuple(sorted(pairs)), tuple(sorted(byes)))


def with_round(tournament: TrfTournament, pairing: RoundPairing) -> TrfTournament:
    """The file after its first ``pairing.round - 1`` rounds, with ``pairing`` added as the
    next round (no results yet); absences already in the file for that round are kept."""
    number = pairing.round
    absent = absent_in(tournament, number)
    base = tournament.up_to(number - 1)
    entries: dict[int, RoundEntry] = {}
    for white, black in pairing.pairs:
        entries[white] = RoundEntry(black, "w", " ")
        entries[black] = RoundEntry(white, "b", " ")
    for player in pairing.byes:
        entries[player] = RoundEntry(0, "-", "U")
    players = []
    for player in base.players:
        entry = entries.get(player.number)
        if entry is None and player.number in absent:
            entry = tournament.entry(player.number, number)
        players.append(replace(player, rounds=(*player.rounds, entry or RoundEntry(0, "-", "-"))))
    return replace(base, players=tuple(players))


def check_round(
    tournament: TrfTournament, round_number: int | None = None, *, engine: RoundPairing | None = None
) -> CheckReport:
    """Check round ``round_number`` of the file (by default its last round). ``engine``: the
    engine's pairing of that round when the caller already has it (it is not paired again)."""
    number = round_number or tournament.rounds
    if number < 1:
        raise ValueError(_("le fichier ne contient aucune ronde à vérifier."))
    proposed = round_of(tournament, number)
    history = tournament.up_to(number - 1)
    violations = list(_meetings_and_byes(history, proposed))
    violations += _colours(tournament, history, proposed)
    if engine is None:
        try:
            engine = pair_round(before_round(tournament, number), round_number=number)
        except PairingImpossible:
            engine = None
    violations += _floats(history, proposed, engine)
    return CheckReport(number, proposed, tuple(violations), engine)


def absolute_violations(tournament: TrfTournament, pairing: RoundPairing) -> list[Violation]:
    """The absolute criteria only, for ``pairing`` as round ``pairing.round`` of ``tournament``."""
    history = tournament.up_to(pairing.round - 1)
    found = list(_meetings_and_byes(history, pairing)) + _colours(tournament, history, pairing)
    return [v for v in found if v.severity == ABSOLUTE]


def before_round(tournament: TrfTournament, number: int) -> TrfTournament:
    """Rounds before ``number`` plus the absences announced for it (what the engine needs)."""
    absent = absent_in(tournament, number)
    base = tournament.up_to(number - 1)
    return replace(
        base,
        players=tuple(
            replace(p, rounds=(*p.rounds, tournament.entry(p.number, number))) if p.number in absent else p
            for p in base.players
        ),
    )


def _meetings_and_byes(history: TrfTournament, proposed: RoundPairing):
    for white, black in proposed.pairs:
        for index, entry in enumerate(history.player(white).rounds):
            if entry.opponent == black and entry.played:
                yield Violation(
                    "C.04.1 b",
                    ABSOLUTE,
                    (white, black),
                    _(
                        "%(white)d et %(black)d se sont déjà rencontrés à la ronde %(round)d : "
                        "deux joueurs ne se rencontrent qu'une fois."
                    )
                    % {"white": white, "black": black, "round": index + 1},
                )
    for player in proposed.byes:
        if point_without_playing(history, player):
            yield Violation(
                "C.04.1 c",
                ABSOLUTE,
                (player,),
                _(
                    "%(player)d a déjà marqué un point sans jouer (exempt ou gain par forfait) : "
                    "il ne peut pas être exempté à nouveau."
                )
                % {"player": player},
            )


def colour_history(player: TrfPlayer) -> str:
    """Colours of the games actually played, in order (forfeits and byes do not count)."""
    return "".join(entry.colour for entry in player.rounds if entry.played)


def _colours(tournament: TrfTournament, history: TrfTournament, proposed: RoundPairing) -> list[Violation]:
    last_round = bool(tournament.planned_rounds) and proposed.round == tournament.planned_rounds
    half = Fraction(proposed.round - 1, 2)
    found = []
    for white, black in proposed.pairs:
        for player, colour in ((white, "w"), (black, "b")):
            sequence = colour_history(history.player(player)) + colour
            difference = sequence.count("w") - sequence.count("b")
            topscorer = last_round and history.player(player).score > half
            severity = NOTE if topscorer else ABSOLUTE
            allowed = (
                " " + _("Permis à la dernière ronde pour un joueur à plus de 50 %.") if topscorer else ""
            )
            name = _("les blancs") if colour == "w" else _("les noirs")
            if abs(difference) > 2:
                found.append(
                    Violation(
                        "C.04.1 f",
                        severity,
                        (player,),
                        _(
                            "%(player)d aurait %(colour)s et une différence de couleurs de %(difference)+d "
                            "(au plus ±2)."
                        )
                        % {"player": player, "colour": name, "difference": difference}
                        + allowed,
                    )
                )
            if sequence.endswith(colour * 3):
                found.append(
                    Violation(
                        "C.04.1 f",
                        severity,
                        (player,),
                        _("%(player)d aurait %(colour)s pour la troisième partie de suite.")
                        % {"player": player, "colour": name}
                        + allowed,
                    )
                )
    return found


def floats(history: TrfTournament, pairing: RoundPairing) -> dict[int, str]:
    """Each player's float in ``pairing``: "down" (higher score, or a bye), "up", or none."""
    return _floats_by_score({p.number: p.score for p in history.players}, pairing)


def _floats_by_score(scores: dict[int, Fraction], pairing: RoundPairing) -> dict[int, str]:
    result = dict.fromkeys(pairing.byes, "down")
    for white, black in pairing.pairs:
        if scores[white] != scores[black]:
            high, low = (white, black) if scores[white] > scores[black] else (black, white)
            result[high], result[low] = "down", "up"
    return result


def previous_floats(history: TrfTournament) -> dict[int, str]:
    """Floats of the last round of ``history`` (empty before round 2). As the Livre says of
    player 6 in its 4.3 example, a forfeit win is a downfloat and the forfeit loser does not
    float; so is any point scored without playing (a bye)."""
    if history.rounds == 0:
        return {}
    number = history.rounds
    before = {p.number: points_of(p.rounds[: number - 1]) for p in history.players}
    result = _floats_by_score(before, round_of(history, number))
    for player in history.players:
        entry = history.entry(player.number, number)
        if entry is None or entry.played:
            continue
        if entry.score > 0:
            result[player.number] = "down"
        else:
            result.pop(player.number, None)
    return result


def _floats(history: TrfTournament, proposed: RoundPairing, engine: RoundPairing | None) -> list[Violation]:
    earlier = previous_floats(history)
    repeats = {p: f for p, f in floats(history, proposed).items() if earlier.get(p) == f}
    if not repeats:
        return []
    engine_repeats = (
        {p: f for p, f in floats(history, engine).items() if earlier.get(p) == f} if engine else repeats
    )
    avoidable = len(engine_repeats) < len(repeats)
    found = []
    for player, direction in sorted(repeats.items()):
        text = (
            _("%(player)d flotte vers le bas pour la deuxième ronde de suite.")
            if direction == "down"
            else _("%(player)d flotte vers le haut pour la deuxième ronde de suite.")
        ) % {"player": player}
        if avoidable:
            text += " " + _("C'était évitable : l'appariement du moteur n'en a que %(count)d.") % {
                "count": len(engine_repeats)
            }
        found.append(Violation("B.5", QUALITY if avoidable else NOTE, (player,), text))
    return found

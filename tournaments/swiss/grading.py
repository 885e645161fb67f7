"""Grading a proposed Swiss round against the engine's, on a scale stated as data.

The scale (:class:`Scale`, printable with :meth:`Scale.describe` so a grader can follow it by
hand) gives points for each board of the engine's round found in the answer (more when the
colours are right too) and for the right bye, and takes off points for each breach of an
absolute criterion the checker finds (a rematch, a colour rule, a second point without
playing) and for each player left out, seated twice, unknown or absent. A board or a bye
naming a player seated twice, absent or unknown is wrong: it earns nothing, whatever the
engine's round holds (such answers come from paper copies typed in as the candidate wrote
them; the online board refuses them). The mark is never negative, and full marks go to the
engine's pairing only: every value of the scale is positive, so anything else loses at least
one unit.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction

from django.utils.translation import gettext as _

from tournaments.swiss.checker import ABSOLUTE, check_round, with_round
from tournaments.swiss.engine import RoundPairing, VirtualPoints, absent_in, pair_round, rounds_paired
from tournaments.trf import TrfTournament

DIFFERENCE = "difference"
ANSWER = "answer"
PENALTY_BY_RULE = {"C.04.1 b": "rematch", "C.04.1 c": "second_bye", "C.04.1 f": "colour"}


class AnswerError(ValueError):
    """The answer is not of the form {"pairs": [[white, black], …], "byes": […]}."""


@dataclass(frozen=True)
class Scale:
    board: Fraction = Fraction(2)  # a board of the engine's round, colours right
    pair: Fraction = Fraction(1)  # a pair of the engine's round, colours reversed
    bye: Fraction = Fraction(1)  # the engine's bye given
    rematch: Fraction = Fraction(2)  # penalty: two players meeting again (C.04.1 b)
    colour: Fraction = Fraction(1)  # penalty: each colour breach (C.04.1 f)
    second_bye: Fraction = Fraction(2)  # penalty: a bye to a player who scored without playing (C.04.1 c)
    misplaced: Fraction = Fraction(1)  # penalty: a player left out, seated twice, unknown or absent

    def __post_init__(self) -> None:
        for item in fields(self):
            value = Fraction(getattr(self, item.name))
            if value <= 0 or (item.name == "pair" and value >= Fraction(self.board)):
                raise ValueError(_("barème invalide : %(name)s.") % {"name": item.name})
            object.__setattr__(self, item.name, value)

    def out_of(self, engine: RoundPairing) -> Fraction:
        return self.board * len(engine.pairs) + self.bye * len(engine.byes)

    def describe(self) -> list[str]:
        """The scale in the active language, one line per item."""
        return [
            _("%(points)s point(s) par échiquier de l'appariement du moteur, couleurs comprises ;")
            % {"points": _number(self.board)},
            _("%(points)s point(s) par paire du moteur dont les couleurs sont inversées ;")
            % {"points": _number(self.pair)},
            _("%(points)s point(s) pour l'exempt du moteur ;") % {"points": _number(self.bye)},
            _("moins %(points)s point(s) par paire de joueurs qui se sont déjà rencontrés (C.04.1 b) ;")
            % {"points": _number(self.rematch)},
            _(
                "moins %(points)s point(s) par manquement aux couleurs : même couleur trois fois de suite "
                "ou différence au-delà de ±2 (C.04.1 f) ;"
            )
            % {"points": _number(self.colour)},
            _(
                "moins %(points)s point(s) par exempt donné à un joueur qui a déjà marqué un point sans "
                "jouer (C.04.1 c) ;"
            )
            % {"points": _number(self.second_bye)},
            _(
                "moins %(points)s point(s) par joueur oublié, placé deux fois (deux échiquiers, ou un "
                "échiquier et l'exempt), apparié contre lui-même, inconnu ou absent à cette ronde ; "
                "chaque échiquier ou exempt où figure un tel joueur est compté faux et ne rapporte "
                "aucun point ;"
            )
            % {"points": _number(self.misplaced)},
            _("la note n'est jamais négative ; la note maximale va au seul appariement du moteur."),
        ]


@dataclass(frozen=True)
class Grade:
    marks: Fraction
    out_of: Fraction
    faults: tuple[dict, ...]
    engine: RoundPairing
    proposed: RoundPairing

    def as_json(self) -> dict:
        return {
            "marks": _json_number(self.marks),
            "out_of": _json_number(self.out_of),
            "faults": list(self.faults),
        }


def parse_answer(data: object, round_number: int) -> RoundPairing:
    """{"pairs": [[white, black], …], "byes": […]} as a round (players as given)."""
    if not isinstance(data, dict):
        raise AnswerError(_("la réponse doit être un objet avec « pairs » et « byes »."))
    pairs, byes = data.get("pairs", []), data.get("byes", [])
    if not isinstance(pairs, list) or not isinstance(byes, list):
        raise AnswerError(_("« pairs » et « byes » doivent être des listes."))
    if not all(
        isinstance(pair, list) and len(pair) == 2 and all(_is_number(p) for p in pair) for pair in pairs
    ):
        raise AnswerError(_("chaque paire doit être une liste [blancs, noirs] de deux numéros."))
    if not all(_is_number(p) for p in byes):
        raise AnswerError(_("chaque exempt doit être un numéro de joueur."))
    return RoundPairing(round_number, tuple((w, b) for w, b in pairs), tuple(byes))


def grade_round(
    tournament: TrfTournament,
    answer: RoundPairing,
    *,
    scale: Scale | None = None,
    engine: RoundPairing | None = None,
    virtual: VirtualPoints | None = None,
) -> Grade:
    """Grade ``answer`` as round ``answer.round`` of ``tournament`` (the rounds before it, and
    the absences it announces), against the engine's pairing of that round (accelerated by
    ``virtual``, see acceleration.py)."""
    scale = scale or Scale()
    number = answer.round or rounds_paired(tournament) + 1
    engine = engine or pair_round(tournament, round_number=number, virtual=virtual)
    faults, seated = _placement(tournament, answer, number)
    valid = RoundPairing(
        number,
        tuple(pair for pair in answer.pairs if set(pair) <= seated),
        tuple(p for p in answer.byes if p in seated),
    )
    earned = Fraction(0)
    boards = set(valid.pairs)
    unordered = {frozenset(pair) for pair in valid.pairs}
    for white, black in engine.pairs:
        if (white, black) in boards:
            earned += scale.board
        elif frozenset((white, black)) in unordered:
            earned += scale.pair
            faults.append(
                _fault(
                    "E",
                    DIFFERENCE,
                    (white, black),
                    _("%(white)d–%(black)d : bonne paire, mais le moteur donne les Blancs à %(white)d.")
                    % {"white": white, "black": black},
                )
            )
        else:
            faults.append(
                _fault(
                    "C.04.3",
                    DIFFERENCE,
                    (white, black),
                    _("Le moteur apparie %(white)d (Blancs) contre %(black)d (Noirs).")
                    % {"white": white, "black": black},
                )
            )
    for player in engine.byes:
        if player in valid.byes:
            earned += scale.bye
        else:
            faults.append(
                _fault(
                    "C.04.1 c", DIFFERENCE, (player,), _("Le moteur exempte %(player)d.") % {"player": player}
                )
            )
    penalty = scale.misplaced * sum(1 for fault in faults if fault["severity"] == ANSWER)
    report = check_round(with_round(tournament, valid), number, engine=engine)
    for violation in report.violations:
        faults.append(_fault(violation.rule, violation.severity, violation.players, violation.message))
        if violation.severity == ABSOLUTE and violation.rule in PENALTY_BY_RULE:
            penalty += getattr(scale, PENALTY_BY_RULE[violation.rule])
    marks = max(Fraction(0), earned - penalty)
    return Grade(marks, scale.out_of(engine), tuple(faults), engine, answer)


def _placement(tournament: TrfTournament, answer: RoundPairing, number: int) -> tuple[list[dict], set[int]]:
    """Faults of the answer's form, one per player: unknown, absent, seated twice (two boards,
    a board and the bye, or against himself), left out; and the players seated once. Each
    fault names the boards it makes wrong, which the grading then drops."""
    known = set(tournament.numbers())
    absent = absent_in(tournament, number)
    seats = [p for pair in answer.pairs for p in pair] + list(answer.byes)
    faults = []
    for player in sorted(set(seats)):
        message = _seat_fault(player, answer, known=known, absent=absent)
        if message:
            faults.append(_fault("C.04.1", ANSWER, (player,), message))
    for player in sorted(known - absent - set(seats)):
        faults.append(
            _fault(
                "C.04.1", ANSWER, (player,), _("%(player)d n'est ni apparié ni exempt.") % {"player": player}
            )
        )
    bad = {fault["players"][0] for fault in faults}
    seated = {p for p in seats if p not in bad}
    # a pair with one bad player is dropped: its other player is then not seated either
    for pair in answer.pairs:
        if not set(pair) <= seated or pair[0] == pair[1]:
            seated -= set(pair)
    return faults, seated


def _seat_fault(player: int, answer: RoundPairing, *, known: set[int], absent: set[int]) -> str:
    """What is wrong with ``player``'s seats in ``answer`` (French, translatable), or ""."""
    boards = [pair for pair in answer.pairs if player in pair]
    byes = answer.byes.count(player)
    bye = _("exempt %(player)s") % {"player": player}
    wrong = ", ".join([f"{white}-{black}" for white, black in boards] + [bye] * byes)
    values = {"player": player, "seats": wrong, "count": len(boards) + byes}
    if player not in known:
        return _("%(player)d n'est pas un joueur du tournoi.") % values
    if player in absent:
        return _("Le joueur %(player)d est absent à cette ronde ; compté faux : %(seats)s.") % values
    if any(white == black for white, black in boards):
        return _("Le joueur %(player)d est apparié contre lui-même ; compté faux : %(seats)s.") % values
    if boards and byes:
        return _("Le joueur %(player)d est à la fois apparié et exempt ; comptés faux : %(seats)s.") % values
    if len(boards) == 2 and not byes:
        return _("Le joueur %(player)d est apparié deux fois ; comptés faux : %(seats)s.") % values
    if values["count"] > 1:
        return _("Le joueur %(player)d est placé %(count)d fois ; comptés faux : %(seats)s.") % values
    return ""


def _fault(rule: str, severity: str, players: tuple[int, ...], message: str) -> dict:
    return {"rule": rule, "severity": severity, "players": list(players), "message": message}


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _json_number(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else float(value)

"""Pairing a managed tournament's rounds with the engine, undoing the last one, and changing
it by hand with the checker's warnings (each change under ``permissions.locked_for_change``);
the engine's round checked against and explained step by step (``engine_round``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from managed_tournaments.models import Board, Bye, ByeKind, ManagedTournament, Player, Round
from managed_tournaments.permissions import locked_for_change
from tournaments.swiss.acceleration import AccelerationError, virtual_schedule
from tournaments.swiss.checker import CheckReport, check_round, with_round
from tournaments.swiss.engine import PairingImpossible, RoundPairing, VirtualPoints, pair_round
from tournaments.swiss.explain import Explanation, explain_round
from tournaments.trf import RoundEntry, TrfTournament


def _refuse_unless_pairable(tournament: ManagedTournament) -> int:
    last = tournament.last_round()
    number = (last.number if last else 0) + 1
    if number > tournament.planned_rounds:
        raise ValidationError(
            _("Les %(rounds)d rondes du tournoi sont appariées.") % {"rounds": tournament.planned_rounds}
        )
    if last and not last.is_complete():
        raise ValidationError(
            _(
                "La ronde %(round)d n'a pas encore tous ses résultats : "
                "la ronde suivante ne peut pas être appariée."
            )
            % {"round": last.number}
        )
    return number


def rating_order(players) -> list[Player]:
    """The players in the order of their start numbers before round 1, as the pairing software
    gives them: rating, then title, then name (A.2: the pairing number follows the initial
    ranking)."""
    titles = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"]
    return sorted(
        players,
        key=lambda p: (
            -p.rating,
            titles.index(p.title) if p.title in titles else len(titles),
            p.name.lower(),
            p.pk,
        ),
    )


def renumber_by_rating(tournament: ManagedTournament) -> None:
    """Start numbers before round 1 in :func:`rating_order`."""
    players = rating_order(tournament.players.all())
    offset = len(players) + 1000  # two passes: the unique constraint holds at each step
    for index, player in enumerate(players, 1):
        Player.objects.filter(pk=player.pk).update(number=offset + index)
    for index, player in enumerate(players, 1):
        Player.objects.filter(pk=player.pk).update(number=index)


def engine_pairing(tournament: ManagedTournament, round_number: int) -> RoundPairing:
    """The engine's pairing of ``round_number`` (the Livre's bye rule, the acceleration's
    virtual points), from the rounds before it and the absences announced for it."""
    return engine_round(tournament, round_number).pairing


@dataclass(frozen=True)
class EngineRound:
    """The engine's pairing of a round with what it was computed from (the file the engine
    read, the acceleration's virtual points): a proposed round is checked against it and the
    pairing explained from the same data."""

    source: TrfTournament
    virtual: VirtualPoints | None
    pairing: RoundPairing

    def check(self, proposed: RoundPairing) -> CheckReport:
        return check_round(with_round(self.source, proposed), proposed.round, engine=self.pairing)

    def explain(self) -> Explanation:
        """Step by step in the Livre's terms: the account of a pairing question's correction
        (``tournaments.swiss.explain``), never a second one."""
        return explain_round(self.source, round_number=self.pairing.round, pairing=self.pairing,
                             virtual=self.virtual)


def engine_round(tournament: ManagedTournament, round_number: int) -> EngineRound:
    """The engine's round ``round_number`` on the tournament's data (:func:`announced_for`)."""
    trf = announced_for(tournament, round_number)
    try:
        virtual = (
            virtual_schedule(trf, round_number, tournament.acceleration) if tournament.acceleration else None
        )
        return EngineRound(trf, virtual, pair_round(trf, round_number=round_number, virtual=virtual))
    except (PairingImpossible, AccelerationError) as error:
        raise ValidationError(
            _("Le moteur ne peut pas apparier cette ronde : %(reason)s") % {"reason": error}
        ) from error


def announced_for(tournament: ManagedTournament, round_number: int) -> TrfTournament:
    """The file after ``round_number - 1`` rounds with the absences announced for
    ``round_number`` (its requested and late-entry byes, its withdrawals): what the engine
    reads to pair that round."""
    base = tournament.as_trf(rounds=round_number - 1)
    absent = {
        b.player.number: RoundEntry(0, "-", b.kind)
        for b in tournament.byes.filter(round_number=round_number)
        .exclude(kind=ByeKind.PAIRING)
        .select_related("player")
    }
    for player in tournament.players.all():
        if not player.plays_in(round_number):
            absent.setdefault(player.number, RoundEntry(0, "-", "-"))
    return replace(
        base,
        players=tuple(
            replace(p, rounds=(*p.rounds, absent[p.number])) if p.number in absent else p
            for p in base.players
        ),
    )


def pair_next_round(*, tournament: ManagedTournament) -> Round:
    with locked_for_change(tournament):
        number = _refuse_unless_pairable(tournament)
        playing = [p for p in tournament.players.all() if p.plays_in(number)]
        absent = set(tournament.byes.filter(round_number=number).values_list("player_id", flat=True))
        if len([p for p in playing if p.pk not in absent]) < 2:
            raise ValidationError(_("Il faut au moins deux joueurs présents pour apparier une ronde."))
        if number == 1:
            renumber_by_rating(tournament)
        pairing = engine_pairing(tournament, number)
        return _save_round(tournament, pairing, changed_by_hand=False)


def _save_round(tournament: ManagedTournament, pairing: RoundPairing, *, changed_by_hand: bool) -> Round:
    players = {p.number: p for p in tournament.players.all()}
    round_ = Round.objects.create(
        tournament=tournament, number=pairing.round, changed_by_hand=changed_by_hand
    )
    Board.objects.bulk_create(
        Board(round=round_, number=index, white=players[white], black=players[black])
        for index, (white, black) in enumerate(pairing.pairs, 1)
    )
    Bye.objects.bulk_create(
        Bye(tournament=tournament, player=players[number], round_number=pairing.round, kind=ByeKind.PAIRING)
        for number in pairing.byes
    )
    tournament.save(update_fields=["updated_at"])
    return round_


def _refuse_unless_last_without_results(tournament: ManagedTournament) -> Round:
    last = tournament.last_round()
    if last is None:
        raise ValidationError(_("Aucune ronde n'est appariée."))
    if last.has_results():
        raise ValidationError(
            _("La ronde %(round)d a déjà des résultats : effacez-les avant de changer son appariement.")
            % {"round": last.number}
        )
    return last


def undo_last_round(*, tournament: ManagedTournament) -> int:
    """Remove the last round's pairing while none of its results is entered; the byes the
    arbiter gave for that round (requested, late entry) are kept."""
    with locked_for_change(tournament):
        last = _refuse_unless_last_without_results(tournament)
        number = last.number
        tournament.byes.filter(round_number=number, kind=ByeKind.PAIRING).delete()
        last.delete()
        tournament.save(update_fields=["updated_at"])
    return number


# --- changing a round by hand ------------------------------------------------------------------

_PAIR = re.compile(r"^\s*(\d+)\s*[-–]\s*(\d+)\s*$")
_BYE = re.compile(r"^\s*(?:exempt|bye)\s+(\d+)\s*$", re.IGNORECASE)


def pairing_as_text(pairing: RoundPairing) -> str:
    lines = [f"{white}-{black}" for white, black in pairing.pairs]
    lines += [f"exempt {number}" for number in pairing.byes]
    return "\n".join(lines)


def round_pairing(round_: Round) -> RoundPairing:
    pairs = tuple((b.white.number, b.black.number) for b in round_.boards.select_related("white", "black"))
    byes = tuple(
        round_.tournament.byes.filter(round_number=round_.number, kind=ByeKind.PAIRING)
        .order_by("player__number")
        .values_list("player__number", flat=True)
    )
    return RoundPairing(round_.number, pairs, byes)


def parse_manual_pairing(text: str, *, tournament: ManagedTournament, round_number: int) -> RoundPairing:
    """One board a line, White first ("12-5"), and "exempt 7" for the pairing-allocated bye.
    Every player expected in the round must be seated exactly once."""
    players = {p.number: p for p in tournament.players.all()}
    announced = set(
        tournament.byes.filter(round_number=round_number)
        .exclude(kind=ByeKind.PAIRING)
        .values_list("player__number", flat=True)
    )
    expected = {n for n, p in players.items() if p.plays_in(round_number) and n not in announced}
    pairs, byes, seen = [], [], {}
    for line_number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if match := _PAIR.match(line):
            numbers = [int(match[1]), int(match[2])]
        elif match := _BYE.match(line):
            numbers = [int(match[1])]
        else:
            raise ValidationError(
                _(
                    "Ligne %(line)d : « %(text)s » n'est ni un échiquier (« 12-5 ») "
                    "ni un exempt (« exempt 7 »)."
                )
                % {"line": line_number, "text": line.strip()[:40]}
            )
        for number in numbers:
            if number not in expected:
                message = (
                    _("Ligne %(line)d : le joueur %(number)d n'existe pas.")
                    if number not in players
                    else _("Ligne %(line)d : le joueur %(number)d ne joue pas cette ronde.")
                )
                raise ValidationError(message % {"line": line_number, "number": number})
            if number in seen:
                raise ValidationError(
                    _("Ligne %(line)d : le joueur %(number)d figure déjà ligne %(other)d.")
                    % {"line": line_number, "number": number, "other": seen[number]}
                )
            seen[number] = line_number
        if len(numbers) == 2:
            pairs.append((numbers[0], numbers[1]))
        else:
            byes.append(numbers[0])
    missing = sorted(expected - set(seen))
    if missing:
        raise ValidationError(
            _("Joueurs oubliés : %(numbers)s.") % {"numbers": ", ".join(str(n) for n in missing)}
        )
    if len(byes) > 1:
        raise ValidationError(_("Une ronde compte au plus un exempt."))
    return RoundPairing(round_number, tuple(pairs), tuple(byes))


def check_manual_pairing(tournament: ManagedTournament, pairing: RoundPairing) -> CheckReport:
    """The checker's report on ``pairing`` as round ``pairing.round``, with the engine's to compare."""
    return engine_round(tournament, pairing.round).check(pairing)


@dataclass(frozen=True)
class ManualChange:
    pairing: RoundPairing
    report: CheckReport


def change_pairing(
    *, tournament: ManagedTournament, text: str, accept_absolute_faults: bool = False
) -> ManualChange:
    """Replace the last round's pairing (no result entered yet) by the arbiter's. A pairing
    that breaks an absolute criterion is saved only when the arbiter says so, knowingly."""
    with locked_for_change(tournament):
        last = _refuse_unless_last_without_results(tournament)
        pairing = parse_manual_pairing(text, tournament=tournament, round_number=last.number)
        report = check_manual_pairing(tournament, pairing)
        if report.absolute and not accept_absolute_faults:
            raise ValidationError(_(
                "Cet appariement enfreint un critère absolu : cochez la case pour le maintenir malgré tout."
            ))
        number = last.number
        tournament.byes.filter(round_number=number, kind=ByeKind.PAIRING).delete()
        last.delete()
        same = set(pairing.pairs) == set(report.engine.pairs) if report.engine else False
        _save_round(
            tournament, pairing, changed_by_hand=not (same and set(pairing.byes) == set(report.engine.byes))
        )
    return ManualChange(pairing, report)

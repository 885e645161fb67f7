"""Every change of a managed tournament's state, validated here with a French message: the
views, the TRF import and the mock's template all go through these functions, and every change
of an existing tournament holds its row (``permissions.locked_for_change``: refused once the
tournament is frozen, serialised with the freeze)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Max
from django.utils.translation import gettext as _

from managed_tournaments.models import (
    MAX_PLAYERS,
    Board,
    Bye,
    ByeKind,
    ManagedTournament,
    Player,
    Result,
)
from managed_tournaments.permissions import locked_for_change


def create_tournament(
    *,
    owner,
    name: str,
    planned_rounds: int,
    time_control: str = "",
    acceleration: str = "",
    initial_colour: str = "white1",
    tiebreaks: str | None = None,
) -> ManagedTournament:
    tournament = ManagedTournament(
        owner=owner,
        name=name,
        planned_rounds=planned_rounds,
        time_control=time_control,
        acceleration=acceleration,
        initial_colour=initial_colour,
    )
    if tiebreaks is not None:
        tournament.tiebreaks = tiebreaks
    tournament.full_clean()
    tournament.save()
    return tournament


def update_settings(*, tournament: ManagedTournament, **fields) -> ManagedTournament:
    """Name, time control, tie-breaks at any time; rounds, acceleration and initial colour
    only as long as they do not contradict the rounds already paired."""
    with locked_for_change(tournament):
        paired = tournament.last_round_number()
        if paired:
            for name in ("acceleration", "initial_colour"):
                if name in fields and fields[name] != getattr(tournament, name):
                    raise ValidationError(
                        _("La ronde 1 est appariée : l'accélération et la couleur initiale ne changent plus.")
                    )
        if fields.get("planned_rounds", tournament.planned_rounds) < paired:
            raise ValidationError(
                _("%(paired)d rondes sont déjà appariées : le tournoi ne peut pas en compter moins.")
                % {"paired": paired}
            )
        for name, value in fields.items():
            setattr(tournament, name, value)
        tournament.full_clean()
        tournament.save()
    return tournament


def delete_tournament(*, tournament: ManagedTournament) -> None:
    """A practice tournament, never a UVT mock's (it is kept with the mock it was graded with)."""
    with locked_for_change(tournament):
        if tournament.mock_part() is not None:
            raise ValidationError(
                _("Ce tournoi est une partie d'examen blanc : il ne peut pas être supprimé.")
            )
        tournament.delete()


def _next_number(tournament: ManagedTournament) -> int:
    return (tournament.players.aggregate(top=Max("number"))["top"] or 0) + 1


def add_player(
    *,
    tournament: ManagedTournament,
    name: str,
    rating: int = 0,
    title: str = "",
    federation: str = "",
    fide_id: str = "",
    ffe_id: str = "",
    sex: str = "",
    birth: str = "",
    missed_rounds_bye: str = ByeKind.ZERO,
) -> Player:
    """Enter a player. After round 1 is paired he is a late entry: he gets the next start
    number and a bye of ``missed_rounds_bye`` (zero-point or half-point, the arbiter's choice)
    for every round already paired."""
    with locked_for_change(tournament):
        if tournament.players.count() >= MAX_PLAYERS:
            raise ValidationError(_("Un tournoi compte au plus %(max)d joueurs.") % {"max": MAX_PLAYERS})
        paired = tournament.last_round_number()
        if paired >= tournament.planned_rounds:
            raise ValidationError(
                _("Toutes les rondes sont appariées : il est trop tard pour inscrire un joueur.")
            )
        if paired and missed_rounds_bye not in (ByeKind.ZERO, ByeKind.HALF):
            raise ValidationError(
                _("Choisissez un bye à zéro point ou d'un demi-point pour les rondes manquées.")
            )
        player = Player(
            tournament=tournament,
            number=_next_number(tournament),
            name=name.strip(),
            rating=rating or 0,
            title=title,
            federation=federation.upper(),
            fide_id=fide_id,
            ffe_id=ffe_id.upper(),
            sex=sex,
            birth=birth,
        )
        player.full_clean()
        player.save()
        for round_number in range(1, paired + 1):
            Bye.objects.create(
                tournament=tournament, player=player, round_number=round_number, kind=missed_rounds_bye
            )
        _touch(tournament)
    return player


def update_player(*, player: Player, **fields) -> Player:
    with locked_for_change(player.tournament):
        for name, value in fields.items():
            setattr(player, name, value)
        player.federation = player.federation.upper()
        player.full_clean()
        player.save()
        _touch(player.tournament)
    return player


def remove_player(*, player: Player) -> None:
    """Only before round 1 is paired: afterwards a player is withdrawn, never removed."""
    tournament = player.tournament
    with locked_for_change(tournament):
        if tournament.last_round_number():
            raise ValidationError(
                _("La ronde 1 est appariée : un joueur ne peut plus être supprimé, retirez-le du tournoi.")
            )
        player.delete()
        _touch(tournament)


def withdraw(*, player: Player, from_round: int) -> Player:
    """The player plays no round from ``from_round`` on (Livre: a withdrawn player is not paired)."""
    tournament = player.tournament
    with locked_for_change(tournament):
        paired = tournament.last_round_number()
        if not paired + 1 <= from_round <= tournament.planned_rounds:
            raise ValidationError(
                _(
                    "Un joueur se retire d'une ronde pas encore appariée (de %(first)d à %(last)d) ; "
                    "dans une ronde appariée, saisissez un forfait."
                )
                % {"first": paired + 1, "last": tournament.planned_rounds}
            )
        player.withdrawn_from_round = from_round
        player.save(update_fields=["withdrawn_from_round"])
        player.byes.filter(round_number__gte=from_round).exclude(kind=ByeKind.PAIRING).delete()
        _touch(tournament)
    return player


def reinstate(*, player: Player) -> Player:
    with locked_for_change(player.tournament):
        paired = player.tournament.last_round_number()
        if player.withdrawn_from_round is not None and player.withdrawn_from_round <= paired:
            raise ValidationError(
                _(
                    "Le joueur est absent de rondes déjà appariées : "
                    "il ne peut revenir qu'avant la ronde %(round)d."
                )
                % {"round": paired + 1}
            )
        player.withdrawn_from_round = None
        player.save(update_fields=["withdrawn_from_round"])
        _touch(player.tournament)
    return player


def request_bye(*, player: Player, round_number: int, kind: str) -> Bye:
    """A bye the player asked for, in a round not yet paired (half-point or zero-point)."""
    tournament = player.tournament
    with locked_for_change(tournament):
        paired = tournament.last_round_number()
        if kind not in (ByeKind.HALF, ByeKind.ZERO):
            raise ValidationError(_("Un bye demandé vaut un demi-point ou zéro point."))
        if not paired < round_number <= tournament.planned_rounds:
            raise ValidationError(
                _("Un bye se demande pour une ronde pas encore appariée (de %(first)d à %(last)d).")
                % {"first": paired + 1, "last": tournament.planned_rounds}
            )
        if not player.plays_in(round_number):
            raise ValidationError(_("Ce joueur est retiré du tournoi à cette ronde."))
        if player.byes.filter(round_number=round_number).exists():
            raise ValidationError(_("Ce joueur a déjà un bye dans cette ronde."))
        bye = Bye(tournament=tournament, player=player, round_number=round_number, kind=kind)
        bye.full_clean()
        bye.save()
        _touch(tournament)
    return bye


def cancel_bye(*, bye: Bye) -> None:
    with locked_for_change(bye.tournament):
        if bye.kind == ByeKind.PAIRING or bye.round_number <= bye.tournament.last_round_number():
            raise ValidationError(_("Ce bye appartient à une ronde appariée : il ne peut plus être annulé."))
        bye.delete()
        _touch(bye.tournament)


def set_result(*, board: Board, result: str) -> Board:
    """Enter (or correct) a board's result; only the last round's results may change, so that
    no round is paired on results changed afterwards."""
    if result not in Result.values:
        raise ValidationError(_("Résultat inconnu : « %(result)s ».") % {"result": result})
    tournament = board.round.tournament
    with locked_for_change(tournament):
        if board.round.number != tournament.last_round_number():
            raise ValidationError(
                _("La ronde %(next)d est appariée : les résultats de la ronde %(round)d ne changent plus.")
                % {"next": tournament.last_round_number(), "round": board.round.number}
            )
        board.result = result
        board.save(update_fields=["result"])
        _touch(tournament)
    return board


def _touch(tournament: ManagedTournament) -> None:
    tournament.save(update_fields=["updated_at"])

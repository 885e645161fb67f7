"""Options shared by the Swiss commands: the round, the language, the acceleration."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.swiss.acceleration import METHODS, AccelerationError, virtual_schedule
from tournaments.swiss.checker import before_round
from tournaments.swiss.engine import VirtualPoints, rounds_paired
from tournaments.trf import TrfTournament


def add_round(parser) -> None:
    parser.add_argument(
        "--round", type=int, default=0, help="ronde à traiter (par défaut la suivante de celles du fichier)"
    )


def add_language(parser) -> None:
    parser.add_argument("--lang", choices=("fr", "en"), default="fr", help="langue des explications")


def add_acceleration(parser) -> None:
    parser.add_argument("--acceleration", choices=METHODS, help="appariement accéléré (Livre 4.2)")


def round_and_history(tournament: TrfTournament, number: int) -> tuple[int, TrfTournament]:
    """The round to work on and the file as it stood before it (with its announced absences)."""
    if number < 0:
        raise CommandError(_("le numéro de ronde doit être positif."))
    if not number:
        return rounds_paired(tournament) + 1, tournament
    if number > rounds_paired(tournament) + 1:
        raise CommandError(_("la ronde %(round)d ne suit pas les rondes du fichier.") % {"round": number})
    return number, before_round(tournament, number)


def acceleration(tournament: TrfTournament, number: int, method: str | None) -> VirtualPoints | None:
    if not method:
        return None
    try:
        return virtual_schedule(tournament, number, method)
    except AccelerationError as error:
        raise CommandError(str(error)) from error

"""The source of the pairing board tool: a TRF file (uploaded or pasted) or one of the sample
tournaments shipped with the tools (the Livre's 4.3 example before each of its rounds)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.forms_swiss import MAX_PAIRING_PLAYERS, TournamentSourceForm
from tournaments.swiss.checker import before_round
from tournaments.swiss.engine import absent_in, rounds_paired
from tournaments.trf import TrfTournament, parse

SAMPLES_DIR = Path(__file__).resolve().parent / "samples"
LIVRE_ROUNDS = (2, 3, 4, 5)


@cache
def _livre() -> TrfTournament:
    return parse((SAMPLES_DIR / "livre_4_3.trf").read_bytes())


def sample(key: str) -> TrfTournament:
    """``livre-4-3:N``: the Livre's 4.3 tournament before its round N (with that round's
    announced absences, as the Livre gives them)."""
    name, _sep, round_text = key.partition(":")
    if name != "livre-4-3" or not round_text.isdecimal() or int(round_text) not in LIVRE_ROUNDS:
        raise KeyError(key)
    return before_round(_livre(), int(round_text))


def sample_choices() -> list[tuple[str, str]]:
    return [("", _("— aucun : j’importe mon fichier —"))] + [
        (f"livre-4-3:{n}", _("Livre, exemple 4.3 : apparier la ronde %(round)d") % {"round": n})
        for n in LIVRE_ROUNDS
    ]


def round_to_pair(tournament: TrfTournament) -> int:
    """The round after the last one paired, or ValueError (French) if there is none to pair."""
    number = rounds_paired(tournament) + 1
    if tournament.planned_rounds and number > tournament.planned_rounds:
        raise ValueError(
            _("Ce tournoi est terminé (%(rounds)d rondes) : il n’y a plus de ronde à apparier.")
            % {"rounds": tournament.planned_rounds}
        )
    history = tournament.up_to(number - 1)
    if any(entry.result == " " for player in history.players for entry in player.rounds):
        raise ValueError(
            _("La ronde %(round)d n’a pas tous ses résultats : saisissez-les avant d’apparier la suivante.")
            % {"round": number - 1}
        )
    if len(tournament.players) - len(absent_in(tournament, number)) < 2:
        raise ValueError(_("Il faut au moins deux joueurs présents pour apparier une ronde."))
    return number


class BoardSourceForm(TournamentSourceForm):
    max_players = MAX_PAIRING_PLAYERS
    sample = forms.ChoiceField(label=gettext_lazy("Tournoi d’exemple"), required=False, choices=())

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["sample"].choices = sample_choices()

    def clean(self):
        key = self.cleaned_data.get("sample")
        if key:
            data = self.cleaned_data
            data["tournament"] = sample(key)
        else:
            data = super().clean()
        tournament = data.get("tournament")
        if tournament is not None:
            try:
                data["round"] = round_to_pair(tournament)
            except ValueError as error:
                self.add_error(None, str(error))
        return data

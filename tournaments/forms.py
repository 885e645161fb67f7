from __future__ import annotations

from fractions import Fraction

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.rating import Game

MAX_BERGER_PLAYERS = 20
MAX_GAMES = 50
RESULTS = {
    "1": Fraction(1),
    "0": Fraction(0),
    "½": Fraction(1, 2),
    "0.5": Fraction(1, 2),
    "0,5": Fraction(1, 2),
}
RESULTS |= {"1/2": Fraction(1, 2), "=": Fraction(1, 2)}


class BergerForm(forms.Form):
    players = forms.IntegerField(
        label=_("Nombre de joueurs"),
        min_value=3,
        max_value=MAX_BERGER_PLAYERS,
        error_messages={
            "required": _("Indiquez le nombre de joueurs."),
            "invalid": _("Le nombre de joueurs doit être un nombre entier."),
            "min_value": _("Un tournoi toutes rondes compte au moins 3 joueurs."),
            "max_value": _("Les tables de Berger proposées vont jusqu'à 20 joueurs."),
        },
    )
    double = forms.BooleanField(label=_("Aller-retour (double ronde)"), required=False)
    x = forms.IntegerField(label=_("Joueur x"), required=False, min_value=1)
    y = forms.IntegerField(label=_("Joueur y"), required=False, min_value=1)

    def clean(self):
        data = super().clean()
        players, x, y = data.get("players"), data.get("x"), data.get("y")
        if players is None:
            return data
        if (x is None) != (y is None):
            self.add_error("y" if y is None else "x", _("Indiquez les deux numéros, x et y."))
            return data
        size = players + players % 2
        for name in ("x", "y"):
            number = data.get(name)
            if number is not None and number > size:
                self.add_error(
                    name, _("Le numéro %(number)s dépasse %(size)s.") % {"number": number, "size": size}
                )
        if x is not None and x == y:
            self.add_error("y", _("x et y doivent être deux joueurs différents."))
        return data


class EloForm(forms.Form):
    rating = forms.IntegerField(
        label=_("Classement du joueur"),
        min_value=1000,
        max_value=3000,
        error_messages={
            "required": _("Indiquez le classement du joueur."),
            "invalid": _("Le classement doit être un nombre entier."),
            "min_value": _("Un classement FIDE vaut au moins 1000."),
            "max_value": _("Un classement au-delà de 3000 n'est pas plausible."),
        },
    )
    k = forms.TypedChoiceField(
        label=_("Coefficient K"),
        coerce=int,
        choices=[(40, "40"), (20, "20"), (10, "10")],
        initial=20,
        help_text=_("Le plafond K × n ≤ 700 est appliqué selon le nombre de parties."),
    )
    games = forms.CharField(
        label=_("Parties"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_(
            "Une partie par ligne : le classement de l'adversaire puis le résultat (1, ½ ou 0). Ex. : 2150 ½"
        ),
        error_messages={"required": _("Saisissez au moins une partie.")},
    )

    def clean_games(self) -> list[Game]:
        games = []
        lines = [line.strip() for line in self.cleaned_data["games"].splitlines()]
        for number, line in enumerate(lines, 1):
            if not line:
                continue
            parts = line.replace(";", " ").split()
            if len(parts) != 2:
                raise forms.ValidationError(
                    _("Ligne %(line)s : écrivez le classement de l'adversaire puis le résultat.")
                    % {"line": number}
                )
            rating_text, result_text = parts
            if not rating_text.isdigit() or not 1000 <= int(rating_text) <= 3000:
                raise forms.ValidationError(
                    _("Ligne %(line)s : « %(value)s » n'est pas un classement entre 1000 et 3000.")
                    % {"line": number, "value": rating_text}
                )
            if result_text not in RESULTS:
                raise forms.ValidationError(
                    _("Ligne %(line)s : « %(value)s » n'est pas un résultat (1, ½ ou 0).")
                    % {"line": number, "value": result_text}
                )
            games.append(Game(int(rating_text), RESULTS[result_text]))
        if not games:
            raise forms.ValidationError(_("Saisissez au moins une partie."))
        if len(games) > MAX_GAMES:
            raise forms.ValidationError(_("Au plus %(max)s parties à la fois.") % {"max": MAX_GAMES})
        return games

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from managed_tournaments.imports import MAX_UPLOAD_BYTES, read_trf
from managed_tournaments.models import Acceleration, ByeKind, ManagedTournament, Player, Result, Tiebreak


class TournamentForm(forms.ModelForm):
    tiebreak_choices = forms.MultipleChoiceField(
        label=_("Départages, dans l'ordre"),
        choices=Tiebreak.choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("Appliqués dans l'ordre de la liste après les points (Livre, chapitre 5.2)."),
    )

    class Meta:
        model = ManagedTournament
        fields = ["name", "planned_rounds", "time_control", "acceleration", "initial_colour"]
        help_texts = {
            "time_control": _("Par exemple : 90 min + 30 s par coup."),
            "acceleration": _("Livre, chapitre 4.2 : Haley, dégressif ou Bakou."),
            "initial_colour": _("La couleur tirée au sort avant la ronde 1 pour le joueur 1."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tiebreak_choices"].initial = self.instance.tiebreak_list
        self.fields["planned_rounds"].widget.attrs.update(min=1, max=30)

    def clean_tiebreak_choices(self) -> str:
        chosen = self.cleaned_data["tiebreak_choices"]
        return ",".join(t for t in Tiebreak.values if t in chosen)


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name", "rating", "title", "federation", "fide_id", "ffe_id"]
        widgets = {"federation": forms.TextInput(attrs={"size": 3, "autocapitalize": "characters"})}


class LateEntryForm(PlayerForm):
    missed_rounds_bye = forms.ChoiceField(
        label=_("Rondes manquées"),
        choices=[(ByeKind.ZERO, _("bye à zéro point")), (ByeKind.HALF, _("bye d'un demi-point"))],
        initial=ByeKind.ZERO,
        widget=forms.RadioSelect,
        help_text=_(
            "Le joueur arrive en retard : l'arbitre choisit ce que valent les rondes déjà appariées."
        ),
    )

    class Meta(PlayerForm.Meta):
        pass


class ImportForm(forms.Form):
    trf_file = forms.FileField(label=_("Fichier TRF16"), required=False)
    trf_text = forms.CharField(
        label=_("Ou collez le fichier TRF"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "class": "monospace", "spellcheck": "false"}),
        max_length=MAX_UPLOAD_BYTES,
    )
    name = forms.CharField(
        label=_("Nom du tournoi"),
        required=False,
        max_length=120,
        help_text=_("Par défaut, celui du fichier (ligne 012)."),
    )
    planned_rounds = forms.IntegerField(
        label=_("Nombre de rondes"),
        required=False,
        min_value=1,
        max_value=30,
        help_text=_("Par défaut, celui du fichier (ligne XXR)."),
    )
    acceleration = forms.ChoiceField(
        label=_("Appariements accélérés"), choices=Acceleration.choices, required=False
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("trf_file")
        if upload and upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                _("Le fichier dépasse %(size)d kio.") % {"size": MAX_UPLOAD_BYTES // 1024}
            )
        data = upload.read() if upload else cleaned.get("trf_text", "").encode()
        if not data.strip():
            raise forms.ValidationError(_("Choisissez un fichier TRF ou collez son contenu."))
        cleaned["trf"] = read_trf(data)
        return cleaned


class ResultForm(forms.Form):
    result = forms.ChoiceField(label=_("Résultat"), choices=Result.choices, required=False)


class WithdrawForm(forms.Form):
    from_round = forms.IntegerField(label=_("Retiré à partir de la ronde"), min_value=1, max_value=30)


class ByeRequestForm(forms.Form):
    player = forms.IntegerField(label=_("Joueur (numéro)"), min_value=1)
    round_number = forms.IntegerField(label=_("Ronde"), min_value=1, max_value=30)
    kind = forms.ChoiceField(
        label=_("Bye"),
        choices=[(ByeKind.HALF, _("un demi-point")), (ByeKind.ZERO, _("zéro point"))],
        initial=ByeKind.HALF,
    )


class ManualPairingForm(forms.Form):
    text = forms.CharField(
        label=_("Appariement de la ronde"),
        widget=forms.Textarea(attrs={"rows": 10, "class": "monospace", "spellcheck": "false"}),
        help_text=_("Un échiquier par ligne, Blancs d'abord : « 12-5 » ; l'exempt : « exempt 7 »."),
        max_length=20000,
    )
    accept_absolute_faults = forms.BooleanField(
        label=_("Je maintiens cet appariement malgré les fautes absolues signalées"), required=False
    )

"""Exporting and importing questions."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from questions.forms.choices import EXPORT_FORMAT_CHOICES, UNIT_CHOICES


class ExportForm(forms.Form):
    format = forms.ChoiceField(label=_("Format"), choices=EXPORT_FORMAT_CHOICES, initial="json")
    drafts = forms.BooleanField(
        label=_("Exporter les brouillons (versions non relues) au lieu des versions en service"),
        required=False,
    )


class ImportForm(forms.Form):
    MAX_BYTES = 10 * 1024 * 1024

    file = forms.FileField(
        label=_("Fichier à importer"),
        help_text=_("JSON (format Arbitre), Moodle XML ou GIFT ; 10 Mo et 1 000 questions au plus."),
    )
    format = forms.ChoiceField(
        label=_("Format"),
        choices=[("", _("Deviner d'après l'extension")), *EXPORT_FORMAT_CHOICES],
        required=False,
    )
    default_unit = forms.ChoiceField(
        label=_("Unité des questions qui n'en indiquent pas"),
        choices=[("", _("Aucune : refuser ces questions")), *UNIT_CHOICES],
        required=False,
        help_text=_(
            "Les fichiers GIFT et Moodle XML venus d'ailleurs ne disent pas à quelle unité de valeur "
            "appartient chaque question."
        ),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload is None:
            return cleaned
        if upload.size > self.MAX_BYTES:
            raise ValidationError(_("Le fichier dépasse 10 Mo."))
        chosen = cleaned.get("format")
        if not chosen:
            name = upload.name.lower()
            if name.endswith(".json"):
                chosen = "json"
            elif name.endswith(".xml"):
                chosen = "moodlexml"
            elif name.endswith((".gift", ".txt")):
                chosen = "gift"
            else:
                self.add_error("format", _("Extension inconnue : choisissez le format du fichier."))
                return cleaned
        from questions.formats import decode_file

        # UTF-8, else Windows-1252 (GIFT files written with Notepad).
        cleaned["text"], cleaned["encoding"] = decode_file(upload.read())
        cleaned["format"] = chosen
        return cleaned


class ImportConfirmForm(forms.Form):
    """The second step of an import whose file holds questions of a type the bank cannot hold:
    the trainer agrees to import the others. The file waits in the session (a hidden field could
    not carry 5 MB: Django refuses POST bodies over 2.5 MB); the token names it."""

    token = forms.CharField(max_length=64, widget=forms.HiddenInput)

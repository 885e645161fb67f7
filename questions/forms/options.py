"""Rows of the editor's lists: the base row, options and the open question's rubric."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _


class RowForm(forms.Form):
    """A row of one of the editor's lists. Blank rows are ignored, so spare rows are harmless."""

    meaningful_fields: tuple[str, ...] = ()

    def is_blank(self) -> bool:
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return not any(data.get(name) not in (None, "", False) for name in self.meaningful_fields)


class OptionForm(RowForm):
    key = forms.CharField(label=_("Clé"), required=False, max_length=20)
    text_fr = forms.CharField(label=_("Texte (français)"), required=False, max_length=1000)
    text_en = forms.CharField(label=_("Texte (anglais)"), required=False, max_length=1000)
    correct = forms.BooleanField(label=_("Correcte"), required=False)
    feedback_fr = forms.CharField(label=_("Commentaire (français)"), required=False, max_length=1000)
    feedback_en = forms.CharField(label=_("Commentaire (anglais)"), required=False, max_length=1000)
    meaningful_fields = ("text_fr", "text_en")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.is_blank() and not cleaned.get("text_fr"):
            self.add_error("text_fr", _("Le texte en français est obligatoire."))
        return cleaned


class RubricForm(RowForm):
    criterion_fr = forms.CharField(label=_("Critère (français)"), required=False, max_length=1000)
    criterion_en = forms.CharField(label=_("Critère (anglais)"), required=False, max_length=1000)
    points = forms.DecimalField(
        label=_("Points"), required=False, min_value=0, max_digits=6, decimal_places=2
    )
    meaningful_fields = ("criterion_fr", "criterion_en")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.is_blank():
            if not cleaned.get("criterion_fr"):
                self.add_error("criterion_fr", _("Le critère en français est obligatoire."))
            if cleaned.get("points") is None:
                self.add_error("points", _("Indiquez les points de ce critère."))
        return cleaned

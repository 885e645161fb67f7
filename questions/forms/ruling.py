"""Rows of a ruling question: the decisions and the sanctions offered."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from questions.forms.choices import ACTION_CHOICES, OUTCOME_CHOICES
from questions.forms.options import KeyedRowForm, RowTextField


class DecisionForm(KeyedRowForm):
    text_fr = RowTextField(label=_("Texte (français)"))
    text_en = RowTextField(label=_("Texte (anglais)"))
    outcome = forms.ChoiceField(label=_("Issue"), required=False, choices=[("", "—"), *OUTCOME_CHOICES])
    correct = forms.BooleanField(label=_("Correcte"), required=False)
    meaningful_fields = ("text_fr", "text_en")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.is_blank():
            if not cleaned.get("text_fr"):
                self.add_error("text_fr", _("Le texte en français est obligatoire."))
            if not cleaned.get("outcome"):
                self.add_error("outcome", _("Choisissez l'issue de la partie."))
        return cleaned


class SanctionForm(KeyedRowForm):
    text_fr = RowTextField(label=_("Texte (français)"))
    text_en = RowTextField(label=_("Texte (anglais)"))
    action = forms.ChoiceField(label=_("Action"), required=False, choices=[("", "—"), *ACTION_CHOICES])
    correct = forms.BooleanField(label=_("Correcte"), required=False)
    meaningful_fields = ("text_fr", "text_en")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.is_blank():
            if not cleaned.get("text_fr"):
                self.add_error("text_fr", _("Le texte en français est obligatoire."))
            if not cleaned.get("action"):
                self.add_error("action", _("Choisissez l'action."))
        return cleaned


# A ruling always offers "no sanction" as a choice of its own (FORMAT.md).
NO_SANCTION = {
    "key": "none",
    "action": "none",
    "text_fr": "Aucune sanction",
    "text_en": "No sanction",
    "correct": False,
}

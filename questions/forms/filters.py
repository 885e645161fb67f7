"""The bank list's filters."""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from questions.forms.choices import (
    DIFFICULTY_CHOICES,
    FILTER_STATUS_CHOICES,
    TYPE_CHOICES,
    UNIT_CHOICES,
    parse_citation,
)


class BankFilterForm(forms.Form):
    """The list's filters. Read from GET, so a filtered page can be bookmarked or shared."""

    q = forms.CharField(label=_("Rechercher dans l'énoncé"), required=False, max_length=200)
    unit = forms.ChoiceField(label=_("Unité"), required=False, choices=[("", _("Toutes")), *UNIT_CHOICES])
    type = forms.ChoiceField(label=_("Type"), required=False, choices=[("", _("Tous")), *TYPE_CHOICES])
    status = forms.ChoiceField(label=_("Statut"), required=False, choices=FILTER_STATUS_CHOICES)
    tag = forms.CharField(label=_("Mot-clé"), required=False, max_length=100)
    article = forms.CharField(
        label=_("Article cité"),
        required=False,
        max_length=40,
        help_text=_("Par exemple 9.2.2 ou 2018:9.2.2"),
    )
    author = forms.TypedChoiceField(label=_("Auteur"), required=False, coerce=int, empty_value=None)
    difficulty = forms.TypedChoiceField(
        label=_("Difficulté"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", _("Toutes")), *DIFFICULTY_CHOICES],
    )
    needs_review = forms.BooleanField(label=_("À revoir (règlement modifié)"), required=False)

    def __init__(self, *args, authors: list[tuple[int, str]] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["author"].choices = [("", _("Tous")), *(authors or [])]

    def clean_article(self) -> dict[str, str] | None:
        value = self.cleaned_data["article"].strip()
        if not value:
            return None
        citation = parse_citation(value)
        if citation:
            return citation
        if re.fullmatch(r"[A-Za-z0-9.]+", value):
            return {"edition": "", "article": value.rstrip(".")}
        raise ValidationError(_("Numéro d'article non reconnu : écrivez par exemple 9.2.2 ou 2018:9.2.2."))

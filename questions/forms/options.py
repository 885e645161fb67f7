"""Rows of the editor's lists: the base rows, options and the open question's rubric."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from questions.content import KEY_RE

# An option, a decision or a criterion is one line for the candidate; the box grows with
# what is typed (questions.css) so a long option stays readable while it is written.
ROW_TEXT_WIDGET_ATTRS = {"rows": 2, "data-autogrow": ""}


class RowTextField(forms.CharField):
    """A row's text: typed in a growing box, kept as one line (line breaks become spaces,
    as the candidate's page shows them)."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 1000)
        kwargs.setdefault("widget", forms.Textarea(attrs=ROW_TEXT_WIDGET_ATTRS))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> str:
        return " ".join(super().to_python(value).split())


class RowForm(forms.Form):
    """A row of one of the editor's lists. Blank rows are ignored, so spare rows are harmless."""

    meaningful_fields: tuple[str, ...] = ()
    # Optional fields shown under a disclosure, open when one of them is filled in.
    folded_fields: tuple[str, ...] = ()
    folded_label = ""

    def is_blank(self) -> bool:
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return not any(data.get(name) not in (None, "", False) for name in self.meaningful_fields)

    def main_fields(self) -> list[forms.BoundField]:
        return [field for field in self.visible_fields() if field.name not in self.folded_fields]

    def folded(self) -> list[forms.BoundField]:
        return [self[name] for name in self.folded_fields]

    def folded_open(self) -> bool:
        return any(field.errors or (field.value() or "").strip() for field in self.folded())


class KeyedRowForm(RowForm):
    """A row the candidate answers by its key (an option, a decision, a sanction).

    Trainers never type keys: a new row gets one when the question is saved (a, b, c… for
    options, as Moodle letters its answers) and an existing row keeps its own, carried in a
    hidden field, so answers already given with that key keep pointing at the same row.
    """

    key = forms.CharField(required=False, max_length=40, widget=forms.HiddenInput)

    def clean_key(self) -> str:
        key = self.cleaned_data["key"].strip()
        # Only a key the editor wrote itself is kept; anything else gets a fresh one.
        return key if KEY_RE.match(key) else ""


class OptionForm(KeyedRowForm):
    text_fr = RowTextField(label=_("Texte (français)"))
    text_en = RowTextField(label=_("Texte (anglais)"))
    correct = forms.BooleanField(label=_("Correcte"), required=False)
    feedback_fr = RowTextField(label=_("Commentaire (français)"))
    feedback_en = RowTextField(label=_("Commentaire (anglais)"))
    meaningful_fields = ("text_fr", "text_en")
    folded_fields = ("feedback_fr", "feedback_en")
    folded_label = _("Commentaire affiché après la réponse (facultatif)")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.is_blank() and not cleaned.get("text_fr"):
            self.add_error("text_fr", _("Le texte en français est obligatoire."))
        return cleaned


class RubricForm(RowForm):
    criterion_fr = RowTextField(label=_("Critère (français)"))
    criterion_en = RowTextField(label=_("Critère (anglais)"))
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

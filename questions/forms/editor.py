"""The editor: one ``QuestionForm`` and a formset per list, read and written together."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.forms import formset_factory
from django.utils.translation import gettext_lazy as _

from questions.forms.choices import CHOICE_TYPES
from questions.forms.conversion import content_from_cleaned, initial_from_content, plain_number
from questions.forms.options import OptionForm, RubricForm
from questions.forms.question import QuestionForm
from questions.forms.ruling import NO_SANCTION, DecisionForm, SanctionForm

OptionFormSet = formset_factory(OptionForm, extra=0, can_delete=True, max_num=26, validate_max=True)
RubricFormSet = formset_factory(RubricForm, extra=0, can_delete=True, max_num=30, validate_max=True)
DecisionFormSet = formset_factory(DecisionForm, extra=0, can_delete=True, max_num=20, validate_max=True)
SanctionFormSet = formset_factory(SanctionForm, extra=0, can_delete=True, max_num=20, validate_max=True)

# How many blank rows each list offers, so the editor works without JavaScript.
SPARE_ROWS = 2
LIST_FORMSETS = {
    "options": OptionFormSet,
    "rubric": RubricFormSet,
    "decisions": DecisionFormSet,
    "sanctions": SanctionFormSet,
}
# Each list's minimum number of rows on a new question.
NEW_QUESTION_ROWS = {"options": 4, "rubric": 2, "decisions": 3, "sanctions": 3}


class QuestionEditor:
    """The editor's form and formsets, bound or not, and the question dict they describe."""

    def __init__(
        self,
        data=None,
        *,
        content: dict[str, Any] | None = None,
        citation_labels: dict[str, str] | None = None,
    ) -> None:
        self.is_bound = data is not None
        self.list_errors: dict[str, list[str]] = {}
        self._kept_rows: dict[str, list[forms.Form]] = {}
        # Keys of rows being removed: a new row must not take one (see assign_keys).
        self._removed_keys: set[str] = set()
        initial, lists = initial_from_content(content) if content else ({}, {"sanctions": [NO_SANCTION]})
        if self.is_bound:
            self.form = QuestionForm(data, citation_labels=citation_labels)
        else:
            self.form = QuestionForm(initial=initial, citation_labels=citation_labels)
        self.formsets = {}
        for name, formset_class in LIST_FORMSETS.items():
            if self.is_bound:
                formset = formset_class(data, prefix=name)
            else:
                rows = lists.get(name, [])
                formset_class_extra = formset_factory(
                    formset_class.form,
                    extra=max(SPARE_ROWS, (NEW_QUESTION_ROWS[name] if not content else 0) - len(rows)),
                    can_delete=True,
                    max_num=formset_class.max_num,
                    validate_max=True,
                )
                formset = formset_class_extra(initial=rows, prefix=name)
            self.formsets[name] = formset

    def __getitem__(self, name: str):
        return self.formsets[name]

    @property
    def options(self):
        return self.formsets["options"]

    @property
    def rubric(self):
        return self.formsets["rubric"]

    @property
    def decisions(self):
        return self.formsets["decisions"]

    @property
    def sanctions(self):
        return self.formsets["sanctions"]

    def relevant_lists(self, kind: str | None) -> list[str]:
        if kind in CHOICE_TYPES:
            return ["options"]
        if kind == "open":
            return ["rubric"]
        if kind == "ruling":
            return ["decisions", "sanctions"]
        return []

    def is_valid(self) -> bool:
        valid = self.form.is_valid()
        kind = self.form.cleaned_data.get("type") if hasattr(self.form, "cleaned_data") else None
        for name in self.relevant_lists(kind):
            valid = self.formsets[name].is_valid() and valid
        if valid:
            valid = self._check_lists(kind)
        return valid

    @property
    def has_list_errors(self) -> bool:
        """Whether a list of the question's type (options, rubric, decisions…) has an error."""
        if not self.is_bound:
            return False
        kind = self.form.cleaned_data.get("type") if hasattr(self.form, "cleaned_data") else None
        return any(self.list_errors.values()) or any(
            self.formsets[name].total_error_count() for name in self.relevant_lists(kind)
        )

    def _rows(self, name: str) -> list[dict[str, Any]]:
        """The list's rows that count: filled in and not marked for removal."""
        rows, kept = [], []
        for row in self.formsets[name].forms:
            data = getattr(row, "cleaned_data", None)
            if not data or data.get("DELETE") or row.is_blank():
                if data and data.get("key"):
                    self._removed_keys.add(data["key"])
                continue
            rows.append({key: value for key, value in data.items() if key != "DELETE"})
            kept.append(row)
        self._kept_rows[name] = kept
        return rows

    def add_list_error(
        self, name: str, message: str, *, row: int | None = None, field: str | None = None
    ) -> None:
        """An error about a list (``row`` is None) or one of its rows, counted as in the content."""
        kept = self._kept_rows.get(name)
        if kept is None:
            self._rows(name)
            kept = self._kept_rows.get(name, [])
        if row is not None and row < len(kept):
            form = kept[row]
            form.add_error(field if field in form.fields else None, message)
        else:
            self.list_errors.setdefault(name, []).append(message)

    def _check_lists(self, kind: str | None) -> bool:
        """Rules that span rows: a form error so it shows above the list."""
        errors: list[tuple[str, str]] = []
        if kind in CHOICE_TYPES:
            options = self._rows("options")
            correct = sum(1 for option in options if option["correct"])
            if len(options) < 2:
                errors.append(("options", _("Proposez au moins deux options.")))
            elif kind == "single" and correct != 1:
                errors.append(("options", _("Une question à choix unique a exactement une option correcte.")))
            elif kind == "multiple" and correct < 1:
                errors.append(("options", _("Cochez au moins une option correcte.")))
        if kind == "open":
            rubric = self._rows("rubric")
            total = sum((row["points"] for row in rubric), Decimal(0))
            points = self.form.cleaned_data.get("points")
            if rubric and points is not None and total != points:
                errors.append(
                    (
                        "rubric",
                        _(
                            "Les points du barème (%(total)s) doivent faire le total "
                            "de la question (%(points)s)."
                        )
                        % {"total": plain_number(total), "points": plain_number(points)},
                    )
                )
        if kind == "ruling":
            decisions = self._rows("decisions")
            if sum(1 for row in decisions if row["correct"]) != 1:
                errors.append(("decisions", _("Exactement une décision doit être correcte.")))
            if not self._rows("sanctions"):
                errors.append(
                    ("sanctions", _("Proposez au moins une sanction (par exemple « Aucune sanction »)."))
                )
            cleaned = self.form.cleaned_data
            total = (cleaned.get("decision_points") or 0) + (cleaned.get("sanction_points") or 0)
            if cleaned.get("points") is not None and total != cleaned["points"]:
                errors.append(
                    (
                        "decision_points",
                        _(
                            "Points de la décision + points des sanctions doivent égaler "
                            "les points de la question."
                        ),
                    )
                )
        for name, message in errors:
            if name in LIST_FORMSETS:
                self.list_errors.setdefault(name, []).append(message)
            else:
                self.form.add_error(name, message)
        return not errors

    def content(self) -> dict[str, Any]:
        """The question in the bank format. Call after ``is_valid()`` returned True."""
        lists = {name: self._rows(name) for name in LIST_FORMSETS}
        return content_from_cleaned(self.form.cleaned_data, lists, taken_keys=self._removed_keys)

    def draft_content(self) -> dict[str, Any]:
        """Whatever can be read from the bound data, valid or not: for the live preview."""
        self.form.is_valid()
        for formset in self.formsets.values():
            formset.is_valid()
        cleaned = dict(getattr(self.form, "cleaned_data", {}) or {})
        data = self.form.data
        # Fields that failed validation are missing from cleaned_data: fall back on raw text
        # so the preview shows what the trainer is typing.
        for name in ("stem_fr", "stem_en", "type", "fen", "moves", "orientation", "rate"):
            cleaned.setdefault(name, data.get(name, ""))
        cleaned.setdefault("units", data.getlist("units") if hasattr(data, "getlist") else [])
        for name in ("arrows", "circles"):
            cleaned.setdefault(name, [])
        cleaned.setdefault("squares", {})
        lists = {name: self._rows(name) for name in LIST_FORMSETS}
        return content_from_cleaned(cleaned, lists, taken_keys=self._removed_keys)

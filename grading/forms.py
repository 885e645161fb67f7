from __future__ import annotations

from decimal import Decimal

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from grading.models import GradingSetup


def graders_queryset():
    return (
        User.objects.filter(is_active=True)
        .filter(
            Q(groups__permissions__codename="grade_copies")
            | Q(user_permissions__codename="grade_copies")
            | Q(is_superuser=True)
        )
        .distinct()
        .order_by("last_name", "first_name", "email")
    )


class SetupForm(forms.ModelForm):
    graders = forms.ModelMultipleChoiceField(
        label=_("Correcteurs"),
        queryset=User.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("Au moins deux : chaque réponse ouverte est corrigée par deux personnes."),
    )

    class Meta:
        model = GradingSetup
        fields = ["graders", "discrepancy_threshold", "borderline_margin"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["graders"].queryset = graders_queryset()

    def clean_graders(self):
        graders = self.cleaned_data["graders"]
        if len(graders) < 2:
            raise forms.ValidationError(_("Choisissez au moins deux correcteurs."))
        return graders


class MarkForm(forms.Form):
    """One field per rubric criterion, and a comment."""

    comment = forms.CharField(
        label=_("Commentaire (facultatif)"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, rubric: list[dict], language: str = "fr", initial_marks=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.criteria = []
        fields = {}
        for index, criterion in enumerate(rubric):
            maximum = Decimal(str(criterion["points"]))
            text = criterion.get(f"criterion_{language}") or criterion.get("criterion_fr", "")
            name = f"mark_{index}"
            fields[name] = forms.DecimalField(
                label=text,
                min_value=Decimal(0),
                max_value=maximum,
                decimal_places=2,
                help_text=_("sur %(max)s") % {"max": maximum.normalize()},
                initial=initial_marks[index] if index < len(initial_marks) else None,
                widget=forms.NumberInput(
                    attrs={"step": "0.25", "min": 0, "max": maximum, "inputmode": "decimal"}
                ),
                error_messages={"required": _("Donnez une note à ce critère (0 si rien n'est juste).")},
            )
            self.criteria.append(name)
        self.fields = {**fields, **self.fields}
        if self.criteria:
            self.fields[self.criteria[0]].widget.attrs["autofocus"] = True

    def marks(self) -> list[Decimal]:
        return [self.cleaned_data[name] for name in self.criteria]


class DecisionForm(forms.Form):
    adjust = forms.TypedChoiceField(
        label=_("Décision"),
        coerce=lambda value: value == "adjust",
        choices=[("confirm", _("Confirmer la note")), ("adjust", _("Modifier la note"))],
        initial="confirm",
    )
    score = forms.DecimalField(
        label=_("Note retenue"), required=False, min_value=Decimal(0), decimal_places=2
    )
    reason = forms.CharField(label=_("Motif"), required=False, max_length=2000)

    def clean(self):
        data = super().clean()
        if data.get("adjust"):
            if data.get("score") is None:
                self.add_error("score", _("Indiquez la note retenue par le jury."))
            if not (data.get("reason") or "").strip():
                self.add_error("reason", _("Indiquez le motif de la modification de la note."))
        return data


class PublishForm(forms.Form):
    release = forms.BooleanField(label=_("Les candidats peuvent voir leur copie corrigée"), required=False)

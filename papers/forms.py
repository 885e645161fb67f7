from __future__ import annotations

from decimal import Decimal

from django import forms
from django.forms import inlineformset_factory
from django.utils.translation import gettext_lazy as _

from delivery.models import Purpose
from papers.families import families_of, family_label, sorted_families
from papers.models import MANAGED_MIN_PLAYERS, Blueprint, BlueprintRule, ExposurePolicy
from questions.models import Question, QuestionVersion, Unit

UNIT_DURATIONS = {"UVR": 120, "UVC": 120, "UVO": 60, "UVT": 180}  # RIDNA art. 16
MAX_QUESTIONS = 200  # a paper's questions, all rules together (one rule already stops at 200)


class BlueprintForm(forms.ModelForm):
    class Meta:
        model = Blueprint
        fields = ["name", "unit", "purpose", "duration_minutes", "pass_mark", "pairing_count",
                  "managed_players", "managed_rounds", "managed_points"]
        widgets = {
            "purpose": forms.Select(
                choices=[(Purpose.EXAM, Purpose.EXAM.label), (Purpose.MOCK, Purpose.MOCK.label)]
            )
        }

    def clean_pass_mark(self) -> Decimal:
        pass_mark = self.cleaned_data["pass_mark"]
        if pass_mark is not None and pass_mark <= 0:
            raise forms.ValidationError(
                _(
                    "Un seuil de réussite nul ferait réussir toute copie ; indiquez un pourcentage "
                    "entre 1 et 100."
                )
            )
        return pass_mark

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pairing_count"].required = False  # empty means none
        # Empty means none (players) or the shipped convention (rounds, points): a form posted
        # without the part's fields saves a blueprint without the part.
        for name in ("managed_players", "managed_rounds", "managed_points"):
            self.fields[name].required = False

    def clean_pairing_count(self) -> int:
        return self.cleaned_data.get("pairing_count") or 0

    def clean_managed_rounds(self) -> int:
        return self.cleaned_data.get("managed_rounds") or Blueprint._meta.get_field("managed_rounds").default

    def clean_managed_points(self) -> Decimal:
        points = self.cleaned_data.get("managed_points")
        return points if points is not None else Blueprint._meta.get_field("managed_points").default

    def clean_managed_players(self) -> int:
        players = self.cleaned_data.get("managed_players") or 0
        if players and players < MANAGED_MIN_PLAYERS:
            raise forms.ValidationError(
                _("Un tournoi géré compte au moins %(min)d joueurs (0 : pas de partie tournoi géré).")
                % {"min": MANAGED_MIN_PLAYERS}
            )
        return players

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("managed_players"):
            # The manager runs the pairing engine: a real exam keeps the tournament tools closed
            # (delivery.middleware), so the part is for mock exams of the UVT only.
            if cleaned.get("purpose") and cleaned["purpose"] != Purpose.MOCK:
                self.add_error("managed_players", _(
                    "La partie tournoi géré se fait dans le gestionnaire de tournois, fermé pendant un "
                    "examen : elle est réservée aux examens blancs. Laissez 0 pour un examen."))
            elif cleaned.get("unit") and cleaned["unit"] != Unit.UVT:
                self.add_error("managed_players", _(
                    "La partie tournoi géré relève de l'UVT (RIDNA art. 16.4 : logiciel "
                    "d'appariement) ; laissez 0 pour l'%(unit)s.") % {"unit": cleaned["unit"]})
        if cleaned.get("pairing_count") and cleaned.get("unit") and cleaned["unit"] != Unit.UVT:
            self.add_error(
                "pairing_count",
                _("Les questions d'appariement relèvent de l'UVT (RIDNA art. 16.4 : système suisse et "
                  "logiciel d'appariement) ; laissez 0 pour l'%(unit)s.") % {"unit": cleaned["unit"]},
            )
        return cleaned

    def clean_purpose(self) -> str:
        purpose = self.cleaned_data["purpose"]
        if purpose == Purpose.PRACTICE:
            raise forms.ValidationError(_("Un plan sert à un examen ou à un examen blanc."))
        return purpose


def bank_families() -> list[tuple[str, str]]:
    ids = Question.objects.in_use().values_list("current_version_id", flat=True)
    keys: set[str] = set()
    for citations in QuestionVersion.objects.filter(pk__in=list(ids)).values_list("citations", flat=True):
        keys |= families_of(citations or [])
    return [("", _("Toutes"))] + [(key, family_label(key)) for key in sorted_families(keys)]


class BlueprintRuleForm(forms.ModelForm):
    family = forms.ChoiceField(label=_("Famille d'articles"), required=False)

    class Meta:
        model = BlueprintRule
        fields = ["family", "question_type", "difficulty", "tag", "count", "points_each"]

    def __init__(self, *args, family_choices=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = list(family_choices or [("", _("Toutes"))])
        current = self.instance.family if self.instance else ""
        if current and current not in {key for key, _label in choices}:
            choices.append((current, family_label(current)))
        self.fields["family"].choices = choices


class BaseRuleFormSet(forms.BaseInlineFormSet):
    def get_form_kwargs(self, index):
        kwargs = super().get_form_kwargs(index)
        kwargs["family_choices"] = self.family_choices
        return kwargs

    @property
    def empty_form(self):
        form = self.form(
            auto_id=self.auto_id,
            prefix=self.add_prefix("__prefix__"),
            empty_permitted=True,
            use_required_attribute=False,
            family_choices=self.family_choices,
        )
        self.add_fields(form, None)
        return form

    def clean(self) -> None:
        super().clean()
        kept = [form for form in self.forms if form.cleaned_data and not form.cleaned_data.get("DELETE")]
        if not kept:
            raise forms.ValidationError(_("Un plan contient au moins une règle de tirage."))
        total = sum(form.cleaned_data.get("count") or 0 for form in kept)
        if total > MAX_QUESTIONS:
            raise forms.ValidationError(
                _("Un sujet compte au plus %(maximum)s questions ; ces règles en demandent %(total)s.")
                % {"maximum": MAX_QUESTIONS, "total": total}
            )


RuleFormSetBase = inlineformset_factory(
    Blueprint,
    BlueprintRule,
    form=BlueprintRuleForm,
    formset=BaseRuleFormSet,
    extra=2,
    can_delete=True,
    max_num=40,
    validate_max=True,
)


def rule_formset(*args, **kwargs):
    formset_class = type("RuleFormSet", (RuleFormSetBase,), {"family_choices": bank_families()})
    return formset_class(*args, **kwargs)


class ComposeForm(forms.Form):
    title = forms.CharField(label=_("Intitulé du sujet"), max_length=200)
    seed = forms.IntegerField(
        label=_("Graine du tirage"),
        required=False,
        min_value=0,
        max_value=2**48,
        help_text=_("Celle de l'aperçu pour obtenir exactement ce tirage ; vide : au hasard."),
    )
    shuffle_questions = forms.BooleanField(
        label=_("Mélanger l'ordre des questions pour chaque candidat"), required=False, initial=True
    )
    shuffle_options = forms.BooleanField(
        label=_("Mélanger l'ordre des réponses proposées"), required=False, initial=True
    )
    open_book = forms.BooleanField(label=_("Règlement consultable pendant l'épreuve"), required=False)


class PaperForm(forms.Form):
    """A paper composed by hand: its settings first, then questions are added one by one."""

    title = forms.CharField(label=_("Intitulé du sujet"), max_length=200)
    purpose = forms.ChoiceField(
        label=_("Usage"), choices=[(Purpose.EXAM, Purpose.EXAM.label), (Purpose.MOCK, Purpose.MOCK.label)]
    )
    unit = forms.ChoiceField(label=_("Unité de valeur"), choices=Unit.choices)
    duration_minutes = forms.IntegerField(
        label=_("Durée (minutes)"),
        min_value=1,
        max_value=600,
        help_text=_("RIDNA : UVR 120, UVC 120, UVO 60, UVT 180."),
    )
    pass_mark = forms.DecimalField(
        label=_("Seuil de réussite (%)"), min_value=0, max_value=100, decimal_places=2, initial=Decimal(50)
    )
    shuffle_questions = forms.BooleanField(
        label=_("Mélanger l'ordre des questions pour chaque candidat"), required=False
    )
    shuffle_options = forms.BooleanField(label=_("Mélanger l'ordre des réponses proposées"), required=False)
    negative_marking = forms.BooleanField(
        label=_("Appliquer les points négatifs"), required=False, initial=True
    )
    open_book = forms.BooleanField(label=_("Règlement consultable pendant l'épreuve"), required=False)


class AddQuestionForm(forms.Form):
    uid = forms.CharField(label=_("Identifiant de la question"), max_length=120)
    points = forms.DecimalField(
        label=_("Points"),
        required=False,
        min_value=Decimal("0.01"),
        max_digits=6,
        decimal_places=2,
        help_text=_("Vide : les points de la question dans la banque."),
    )


class PointsForm(forms.Form):
    points = forms.DecimalField(label=_("Points"), min_value=Decimal("0.01"), max_digits=6, decimal_places=2)


class UnlockForm(forms.Form):
    reason = forms.CharField(
        label=_("Motif du déverrouillage"), max_length=2000, widget=forms.Textarea(attrs={"rows": 3})
    )


class ExposurePolicyForm(forms.ModelForm):
    class Meta:
        model = ExposurePolicy
        fields = ["max_trainees"]

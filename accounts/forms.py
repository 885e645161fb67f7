from __future__ import annotations

import datetime

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User


class LoginForm(AuthenticationForm):
    username = forms.EmailField(
        label=_("Adresse e-mail"),
        widget=forms.EmailInput(attrs={"autocomplete": "email", "autofocus": True}),
    )
    error_messages = {
        "invalid_login": _(
            "Adresse e-mail ou mot de passe incorrect. Attention : le mot de passe distingue "
            "les majuscules des minuscules."
        ),
        "inactive": _("Ce compte est désactivé. Contactez la DNA."),
    }


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = [
            "first_name",
            "last_name",
            "ffe_licence",
            "birth_date",
            "league",
            "elo_standard",
            "elo_standard_kind",
            "elo_rapid",
            "elo_rapid_kind",
            "preferred_language",
        ]
        widgets = {"birth_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        help_texts = {
            "ffe_licence": _("Une lettre suivie de cinq chiffres, par exemple K12345."),
            "elo_standard": _(
                "RIDNA art. 7.1 : un titre d'arbitre demande un classement Elo lent ou rapide, "
                "national (N) ou FIDE (F) ; un Elo estimé (E) n'en est pas un."
            ),
        }

    def clean(self) -> dict:
        cleaned = super().clean()
        for value_field, kind_field in (
            ("elo_standard", "elo_standard_kind"),
            ("elo_rapid", "elo_rapid_kind"),
        ):
            has_value = cleaned.get(value_field) is not None
            has_kind = bool(cleaned.get(kind_field))
            if has_value and not has_kind:
                self.add_error(
                    kind_field, _("Indiquez si ce classement est FIDE (F), national (N) ou estimé (E).")
                )
            elif has_kind and not has_value:
                self.add_error(value_field, _("Indiquez le classement, ou laissez son type vide."))
        return cleaned

    def clean_ffe_licence(self) -> str:
        return self.cleaned_data["ffe_licence"].strip().upper()

    def clean_birth_date(self) -> datetime.date | None:
        birth_date = self.cleaned_data["birth_date"]
        if birth_date is not None and not datetime.date(1900, 1, 1) <= birth_date <= timezone.localdate():
            raise forms.ValidationError(_("Cette date de naissance n'est pas plausible."))
        return birth_date


class TwoFactorCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Code à usage unique"),
        max_length=32,
        help_text=_("Les six chiffres affichés par votre application, ou l'un de vos codes de secours."),
        widget=forms.TextInput(
            attrs={
                "autocomplete": "one-time-code",
                "autofocus": True,
                "autocapitalize": "off",
                "spellcheck": "false",
            }
        ),
    )


class EnrolmentCodeForm(forms.Form):
    code = forms.RegexField(
        label=_("Code affiché par l'application"),
        regex=r"^\s*\d{3}\s*\d{3}\s*$",
        error_messages={"invalid": _("Le code est composé de six chiffres.")},
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric"}),
    )

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from certificates import pdf_limits
from certificates.models import CertificateBatch, Kind, Language
from exams.models import ExamSession

LANGUAGE_CHOICES = [("holder", _("Langue préférée du titulaire")), *Language.choices]


class IssueForm(forms.Form):
    kind = forms.ChoiceField(label=_("Nature"), choices=Kind.choices, widget=forms.HiddenInput)
    source_id = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    language = forms.ChoiceField(label=_("Langue du certificat"), choices=LANGUAGE_CHOICES, initial="holder")


class ReissueForm(forms.Form):
    language = forms.ChoiceField(label=_("Langue de la nouvelle version"), choices=LANGUAGE_CHOICES)


class RevokeForm(forms.Form):
    reason = forms.CharField(
        label=_("Motif de la révocation"),
        help_text=_("Confidentiel : il n'apparaît jamais sur la page publique de vérification."),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
        error_messages={"required": _("Indiquez le motif de la révocation.")},
    )


class BatchForm(forms.Form):
    scope = forms.ChoiceField(label=_("Certificats à délivrer"), choices=CertificateBatch.Scope.choices)
    session = forms.ModelChoiceField(
        label=_("Session"),
        queryset=ExamSession.objects.filter(unit_passes__isnull=False).distinct(),
        required=False,
    )
    language = forms.ChoiceField(
        label=_("Langue des certificats"), choices=LANGUAGE_CHOICES, initial="holder"
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("scope") == CertificateBatch.Scope.SESSION and not cleaned.get("session"):
            self.add_error("session", _("Choisissez la session dont les unités de valeur sont à certifier."))
        return cleaned


class VerifyUploadForm(forms.Form):
    document = forms.FileField(
        label=_("Certificat (PDF)"),
        help_text=_("Le fichier PDF du certificat, tel qu'il a été reçu (5 Mo au plus)."),
        error_messages={"required": _("Choisissez le fichier PDF du certificat à vérifier.")},
    )

    def clean_document(self):
        document = self.cleaned_data["document"]
        limit = settings.CERTIFICATE_MAX_UPLOAD_BYTES
        if document.size > limit:
            raise forms.ValidationError(
                _("Ce fichier est trop volumineux (%(max)d Mo au plus).") % {"max": limit // (1024 * 1024)}
            )
        data = document.read()
        document.seek(0)
        if not data.startswith(b"%PDF-"):
            raise forms.ValidationError(
                _("Ce fichier n'est pas un PDF : seuls les certificats PDF se vérifient ici.")
            )
        try:  # before any parsing: a 55,000-page file must cost milliseconds, not a worker's seconds
            pdf_limits.check(data)
        except pdf_limits.TooComplex as error:
            raise forms.ValidationError(str(error)) from error
        return document

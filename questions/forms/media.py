"""Adding an image to a question in the editor."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from questions.media import MAX_IMAGE_BYTES, ImageRefused, inspect_image


class ImageForm(forms.Form):
    file = forms.FileField(
        label=_("Image (PNG, JPEG, GIF ou WebP, 2 Mo au plus)"),
        widget=forms.ClearableFileInput(attrs={"accept": "image/png,image/jpeg,image/gif,image/webp"}),
    )
    alt_fr = forms.CharField(
        label=_("Texte de remplacement (français)"), max_length=300,
        help_text=_("Ce que montre l'image, lu à qui ne la voit pas (lecteur d'écran)."),
    )
    alt_en = forms.CharField(label=_("Texte de remplacement (anglais)"), max_length=300, required=False)

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMAGE_BYTES:
            raise forms.ValidationError(_("L'image pèse plus de 2 Mo : réduisez-la avant de l'ajouter."))
        data = upload.read()
        try:
            inspect_image(data)
        except ImageRefused as refusal:
            raise forms.ValidationError(str(refusal)) from None
        self.file_name = upload.name or "image"
        return data

"""Comments and review decisions."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class CommentForm(forms.Form):
    text = forms.CharField(
        label=_("Commentaire"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
        strip=True,
    )


class ReviewDecisionForm(forms.Form):
    """Approving or asking for changes; a comment is required to ask for changes."""

    text = forms.CharField(
        label=_("Message à l'auteur"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
        help_text=_("Facultatif pour approuver ; obligatoire pour demander des modifications."),
    )

    def __init__(self, *args, **kwargs):
        # The review page also shows the comment form, whose field is named "text" as well.
        kwargs.setdefault("auto_id", "id_decision_%s")
        super().__init__(*args, **kwargs)

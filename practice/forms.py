from __future__ import annotations

import re

from django import forms
from django.core.cache import cache
from django.utils.translation import gettext_lazy as _

from papers.families import family_label, sorted_families
from practice.services import Criteria
from questions.models import Difficulty, Question, Unit

ARTICLE = re.compile(r"^[0-9A-Za-z]{1,4}(\.[0-9A-Za-z]{1,4}){0,4}$")


def _bank_choices(fingerprint: str | None = None) -> tuple[list[str], list[str]]:
    """(article families, tags) of the questions in service: reading the whole bank costs
    more than the rest of the practice page, so they are kept until the bank changes
    (``fingerprint``: the bank's, if the caller has read it)."""
    from practice.progress import bank_fingerprint, bank_index

    key = f"practice:bank-choices:{fingerprint or bank_fingerprint()}"
    found = cache.get(key)
    if found is None:
        families = sorted_families({family for entry in bank_index().values() for family in entry.families})
        tags = {tag for tag_list in Question.objects.in_use().values_list("tag_list", flat=True)
                for tag in tag_list.split("|") if tag}
        found = (list(families), sorted(tags, key=str.casefold))
        cache.set(key, found, timeout=24 * 3600)
    return found


def _families_in_service() -> list[tuple[str, str]]:
    return [(key, family_label(key)) for key in _bank_choices()[0]]


def tags_in_service() -> list[str]:
    return _bank_choices()[1]


class PracticeForm(forms.Form):
    unit = forms.ChoiceField(label=_("Unité de valeur"), required=False,
                             choices=[("", _("Toutes")), *list(Unit.choices)])
    family = forms.ChoiceField(label=_("Famille d'articles"), required=False,
                               help_text=_("Par exemple « Article 9 » (la partie nulle)."))
    article = forms.CharField(label=_("Article"), required=False, max_length=20,
                              help_text=_("Un article précis et ses alinéas, par exemple 6.9 ou A.4."))
    # A text with suggestions (a datalist): a select of every tag costs more to render than the page.
    tag = forms.CharField(label=_("Thème"), required=False, max_length=100,
                          help_text=_("Par exemple « nulle », « pendule » ou « pièce touchée »."),
                          widget=forms.TextInput(attrs={"list": "practice-tags", "autocomplete": "off"}))
    difficulty = forms.TypedChoiceField(label=_("Difficulté"), required=False, coerce=int, empty_value=None,
                                        choices=[("", _("Toutes")), *list(Difficulty.choices)])
    weak_spots = forms.BooleanField(label=_("Seulement mes points faibles"), required=False,
                                    help_text=_("Les questions manquées et les familles d'articles "
                                                "où vous répondez juste moins de 7 fois sur 10."))
    count = forms.IntegerField(label=_("Nombre de questions"), min_value=1, max_value=40, initial=10)

    def __init__(self, *args, **kwargs) -> None:
        from practice.progress import bank_fingerprint

        super().__init__(*args, **kwargs)
        # Read once for the choices and for the empty form's stored fields (practice.views).
        self.bank_fingerprint = bank_fingerprint()
        families, self.tags = _bank_choices(self.bank_fingerprint)
        self.fields["family"].choices = [("", _("Toutes")), *[(key, family_label(key)) for key in families]]

    def clean_article(self) -> str:
        article = self.cleaned_data["article"].strip().rstrip(".")
        if article and not ARTICLE.match(article):
            raise forms.ValidationError(_("Écrivez un numéro d'article comme 9.2, 6.9 ou A.4.2."))
        return article

    def clean_tag(self) -> str:
        return self.cleaned_data["tag"].strip()

    def criteria(self) -> Criteria:
        data = self.cleaned_data
        return Criteria(unit=data["unit"], family=data["family"], article=data["article"], tag=data["tag"],
                        difficulty=data["difficulty"], weak_spots=data["weak_spots"], count=data["count"])

from __future__ import annotations

from django import forms
from django.core.validators import validate_email
from django.utils.translation import gettext_lazy as _

from courses.models import Cohort, Course, Lesson, Module

MAX_EMAILS = 300


def _emails(text: str) -> list[str]:
    emails = [part.strip() for part in text.replace(";", "\n").replace(",", "\n").split() if part.strip()]
    if len(emails) > MAX_EMAILS:
        raise forms.ValidationError(_("Au plus %(max)s adresses à la fois.") % {"max": MAX_EMAILS})
    for email in emails:
        try:
            validate_email(email)
        except forms.ValidationError:
            raise forms.ValidationError(
                _("« %(email)s » n'est pas une adresse e-mail.") % {"email": email[:80]}
            ) from None
    return emails


class CohortForm(forms.ModelForm):
    co_trainers = forms.CharField(
        label=_("Autres formateurs (adresses e-mail)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    class Meta:
        model = Cohort
        fields = ["course", "name", "starts_on", "ends_on", "place"]
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }

    def clean_co_trainers(self) -> list:
        from accounts.models import User

        users = []
        for email in _emails(self.cleaned_data["co_trainers"]):
            user = User.objects.filter(email__iexact=email).first()
            if user is None or not user.has_perm("accounts.author_questions"):
                raise forms.ValidationError(
                    _("%(email)s n'est pas un formateur de la plateforme.") % {"email": email}
                )
            users.append(user)
        return users

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("starts_on") and cleaned.get("ends_on") and cleaned["ends_on"] < cleaned["starts_on"]:
            self.add_error("ends_on", _("Le stage ne peut pas finir avant d'avoir commencé."))
        return cleaned


class MembersForm(forms.Form):
    emails = forms.CharField(
        label=_("Adresses e-mail des stagiaires (une par ligne)"), widget=forms.Textarea(attrs={"rows": 4})
    )

    def clean_emails(self) -> list[str]:
        emails = _emails(self.cleaned_data["emails"])
        if not emails:
            raise forms.ValidationError(_("Indiquez au moins une adresse."))
        return emails


class CourseForm(forms.ModelForm):
    class Meta:
        model = Course
        fields = ["code", "stage", "units", "hours", "title_fr", "title_en", "summary_fr", "summary_en"]
        widgets = {
            "units": forms.CheckboxSelectMultiple,
            "summary_fr": forms.Textarea(attrs={"rows": 3}),
            "summary_en": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args, **kwargs):
        from questions.models import Unit

        super().__init__(*args, **kwargs)
        self.fields["units"] = forms.MultipleChoiceField(
            label=_("Unités préparées"),
            choices=Unit.choices,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
        if self.instance.pk:
            self.fields["code"].disabled = True


class ModuleForm(forms.ModelForm):
    class Meta:
        model = Module
        fields = ["slug", "title_fr", "title_en"]


class LessonForm(forms.ModelForm):
    articles_text = forms.CharField(
        label=_("Articles enseignés"),
        required=False,
        help_text=_("édition:numéro séparés par des virgules, par exemple 2018:4.3, livre:1.2"),
    )
    practice_text = forms.CharField(
        label=_("Questions d'exercice (identifiants)"),
        required=False,
        help_text=_("De 3 à 6 questions publiées de la banque, séparées par des virgules."),
    )

    class Meta:
        model = Lesson
        fields = ["module", "slug", "title_fr", "title_en", "planned", "minutes", "body_fr", "body_en"]
        widgets = {
            "body_fr": forms.Textarea(attrs={"rows": 18, "class": "lesson-source"}),
            "body_en": forms.Textarea(attrs={"rows": 8, "class": "lesson-source"}),
        }

    def __init__(self, *args, course: Course, **kwargs):
        super().__init__(*args, **kwargs)
        self.course = course
        self.fields["module"].queryset = course.modules.order_by("order")
        if self.instance.pk:
            self.fields["articles_text"].initial = ", ".join(self.instance.articles)
            self.fields["practice_text"].initial = ", ".join(self.instance.practice)

    def clean_slug(self) -> str:
        slug = self.cleaned_data["slug"]
        if self.course.lessons.filter(slug=slug).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(_("Une autre leçon de cette formation a déjà cet identifiant."))
        return slug

    def clean(self):
        from courses.content import (
            PRACTICE_MAX,
            PRACTICE_MIN,
            body_problems,
            citation_problem,
            published_question_problem,
        )

        cleaned = super().clean()
        articles = [a.strip() for a in cleaned.get("articles_text", "").split(",") if a.strip()]
        for article in articles:
            if problem := citation_problem(article):
                self.add_error("articles_text", f"{article} : {problem}")
        practice = [p.strip() for p in cleaned.get("practice_text", "").split(",") if p.strip()]
        if practice and not PRACTICE_MIN <= len(practice) <= PRACTICE_MAX:
            self.add_error(
                "practice_text",
                _("De %(min)s à %(max)s questions, pas %(count)s.")
                % {"min": PRACTICE_MIN, "max": PRACTICE_MAX, "count": len(practice)},
            )
        for uid in practice:
            if problem := published_question_problem(uid):
                self.add_error("practice_text", f"{uid} : {problem}")
        for field in ("body_fr", "body_en"):
            problems = body_problems(cleaned.get(field) or "", file=field, first_line=1)
            for problem in problems[:5]:
                self.add_error(
                    field,
                    _("ligne %(line)s : %(message)s") % {"line": problem.line, "message": problem.message},
                )
        if not cleaned.get("planned") and not (cleaned.get("body_fr") or "").strip():
            self.add_error("body_fr", _("Le texte français est obligatoire (ou cochez « à venir »)."))
        cleaned["articles"] = articles
        cleaned["practice"] = practice
        return cleaned

    def save(self, commit: bool = True) -> Lesson:
        self.instance.course = self.course
        self.instance.articles = self.cleaned_data["articles"]
        self.instance.practice = self.cleaned_data["practice"]
        return super().save(commit=commit)

"""Forms of the exam office."""

from __future__ import annotations

import datetime

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from delivery.models import Paper, Purpose
from exams.models import (
    AspRecord,
    AuditEntry,
    Centre,
    ExamSession,
    OfficiatedTournament,
    Qualification,
    Registration,
    StageRecord,
    TechnicalReport,
    Title,
)
from exams.models.sessions import DEFAULT_DURATIONS

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
TIME = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")


class UserByEmailField(forms.EmailField):
    """A person chosen by their e-mail address (exam staff know candidates by it)."""

    def clean(self, value):
        email = super().clean(value)
        if not email:
            return None
        try:
            return User.objects.get(email__iexact=email)
        except User.DoesNotExist:
            raise forms.ValidationError(
                _("Aucun compte n'a l'adresse %(email)s.") % {"email": email}
            ) from None


class PaperChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, paper) -> str:
        state = _("verrouillé") if paper.locked_at else _("en préparation")
        minutes = int(paper.duration.total_seconds() // 60) if paper.duration else None
        if minutes is None:
            return f"{paper.title} ({paper.unit}, {state})"
        return _("%(title)s (%(unit)s, %(minutes)s min, %(state)s)") % {
            "title": paper.title, "unit": paper.unit, "minutes": minutes, "state": state,
        }


class SessionForm(forms.ModelForm):
    paper = PaperChoiceField(
        label=_("Sujet"),
        queryset=Paper.objects.none(),
        required=False,
        empty_label=_("— pas encore attribué —"),
        help_text=_(
            "Un sujet d'examen de la même unité et de la même durée, composé dans « Sujets ». "
            "Il doit être verrouillé avant l'ouverture de l'épreuve."
        ),
    )
    duration_minutes = forms.IntegerField(
        label=_("Durée (minutes)"),
        min_value=1,
        max_value=600,
        required=False,
        help_text=_("Vide : la durée du RIDNA (UVR 120, UVC 120, UVO 60, UVT 180)."),
    )

    class Meta:
        model = ExamSession
        fields = [
            "unit", "date", "start_time", "pass_mark", "open_book", "registration_closes_on", "paper",
        ]
        widgets = {"date": DATE, "start_time": TIME, "registration_closes_on": DATE}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk and self.instance.duration:
            self.fields["duration_minutes"].initial = self.instance.duration_minutes
        # Exam papers not already given to another session (one national paper per session).
        taken = ExamSession.objects.exclude(paper=None)
        if self.instance.pk:
            taken = taken.exclude(pk=self.instance.pk)
        self.fields["paper"].queryset = Paper.objects.filter(purpose=Purpose.EXAM).exclude(
            pk__in=taken.values("paper")
        ).order_by("-created_at")
        self.order_fields(["unit", "date", "start_time", "duration_minutes"])

    def clean_paper(self):
        paper = self.cleaned_data["paper"]
        current = self.instance.paper_id if self.instance.pk else None
        if current and (paper is None or paper.pk != current) and self.instance.registrations.exclude(
            attempt=None
        ).exists():
            raise forms.ValidationError(
                _("Des candidats ont déjà commencé l'épreuve : le sujet ne peut plus changer.")
            )
        return paper

    def clean_unit(self) -> str:
        unit = self.cleaned_data["unit"]
        if self.instance.pk and unit != self.instance.unit and self.instance.registrations.exists():
            raise forms.ValidationError(
                _("Des candidats sont inscrits à cette session : son unité ne peut plus changer.")
            )
        return unit

    def clean(self):
        cleaned = super().clean()
        minutes = cleaned.get("duration_minutes")
        unit = cleaned.get("unit")
        if minutes:
            self.instance.duration = datetime.timedelta(minutes=minutes)
        elif unit:
            self.instance.duration = DEFAULT_DURATIONS[unit]
        paper = cleaned.get("paper")
        if paper is not None and unit:
            if paper.unit != unit:
                self.add_error("paper", _("Ce sujet est un sujet %(paper_unit)s, pas %(unit)s.")
                               % {"paper_unit": paper.unit or "—", "unit": unit})
            elif paper.duration != self.instance.duration:
                paper_minutes = int(paper.duration.total_seconds() // 60) if paper.duration else None
                self.add_error("paper", _(
                    "Ce sujet dure %(paper)s min et la session %(session)s min : "
                    "les candidats composeraient selon la durée du sujet."
                ) % {"paper": paper_minutes if paper_minutes is not None else "∞",
                     "session": int(self.instance.duration.total_seconds() // 60)})
        return cleaned


class CentreForm(forms.ModelForm):
    regional_director = UserByEmailField(
        label=_("Directeur régional de l'arbitrage (e-mail)"),
        help_text=_("L'adresse de son compte sur Arbitre (les surveillants aussi doivent en avoir un)."),
    )
    invigilator_emails = forms.CharField(
        label=_("Surveillants (e-mails, un par ligne)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    class Meta:
        model = Centre
        fields = ["name", "address", "capacity", "delivery_mode"]
        widgets = {"address": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["regional_director"] = self.instance.regional_director.email
            self.initial["invigilator_emails"] = "\n".join(
                self.instance.invigilators.values_list("email", flat=True)
            )
        self.order_fields(
            ["name", "address", "regional_director", "invigilator_emails", "capacity", "delivery_mode"]
        )

    def clean_invigilator_emails(self) -> list[User]:
        emails = [
            line.strip() for line in self.cleaned_data["invigilator_emails"].splitlines() if line.strip()
        ]
        users = {
            user.email.lower(): user for user in User.objects.filter(email__in=[e.lower() for e in emails])
        }
        missing = [email for email in emails if email.lower() not in users]
        if missing:
            raise forms.ValidationError(_("Aucun compte pour : %(emails)s.") % {"emails": ", ".join(missing)})
        return list(users.values())

    def clean_capacity(self) -> int:
        capacity = self.cleaned_data["capacity"]
        if self.instance.pk and capacity < self.instance.registered_count():
            raise forms.ValidationError(
                _(
                    "%(count)s candidats sont déjà inscrits dans ce centre : la capacité ne peut pas être "
                    "inférieure."
                )
                % {"count": self.instance.registered_count()}
            )
        return capacity

    def save(self, commit: bool = True) -> Centre:
        centre = super().save(commit=False)
        centre.regional_director = self.cleaned_data["regional_director"]
        if commit:
            centre.save()
            centre.invigilators.set(self.cleaned_data["invigilator_emails"])
        return centre


class ChooseCentreForm(forms.Form):
    centre = forms.ModelChoiceField(
        label=_("Centre d'examen"), queryset=Centre.objects.none(), empty_label=None, widget=forms.RadioSelect
    )

    def __init__(self, *args, session: ExamSession, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["centre"].queryset = session.centres.all()
        self.fields["centre"].label_from_instance = lambda centre: (
            _("%(name)s — %(mode)s — %(left)s place(s) libre(s)")
            % {"name": centre.name, "mode": centre.get_delivery_mode_display(), "left": centre.places_left()}
        )


class StaffRegistrationForm(ChooseCentreForm):
    candidate = UserByEmailField(label=_("Candidat (e-mail)"))
    override_reason = forms.CharField(
        label=_("Motif de dérogation"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Seulement si le RIDNA refuse ce candidat : la dérogation est inscrite au journal."),
    )
    field_order = ["candidate", "centre", "override_reason"]


class AccommodationForm(forms.ModelForm):
    reason = forms.CharField(
        label=_("Justification"),
        required=False,
        max_length=500,
        help_text=_("Inscrite au journal (pas de donnée médicale détaillée)."),
    )

    class Meta:
        model = Registration
        fields = ["extra_time_minutes", "large_print", "assistant", "accommodation_note"]
        widgets = {"accommodation_note": forms.Textarea(attrs={"rows": 2})}


class StageRecordForm(forms.ModelForm):
    candidate = UserByEmailField(label=_("Stagiaire (e-mail)"))

    class Meta:
        model = StageRecord
        fields = ["stage", "date", "place", "trainer_name", "hours"]
        widgets = {"date": DATE}

    field_order = ["candidate", "stage", "date", "place", "trainer_name", "hours"]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("candidate"):
            self.instance.candidate = cleaned["candidate"]
            if StageRecord.objects.filter(
                candidate=cleaned["candidate"], stage=cleaned.get("stage"), date=cleaned.get("date")
            ).exists():
                raise forms.ValidationError(_("Ce stage est déjà enregistré pour ce stagiaire à cette date."))
        return cleaned


class StageImportForm(forms.Form):
    MAX_BYTES = 512 * 1024
    file = forms.FileField(
        label=_("Fichier CSV"), help_text=_("UTF-8, séparateur « ; » ou « , », 512 Kio au plus.")
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("Le fichier dépasse 512 Kio."))
        raw = upload.read()
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                _("Le fichier n'est pas en UTF-8 : enregistrez-le en « CSV UTF-8 ».")
            ) from None


class AspForm(forms.ModelForm):
    """On the same page as TechnicalReportForm: ids prefixed so that both "tournament" fields differ."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("auto_id", "asp_%s")
        super().__init__(*args, **kwargs)

    class Meta:
        model = AspRecord
        fields = ["tournament", "start_date", "end_date", "chief_arbiter", "favourable", "opinion"]
        widgets = {"start_date": DATE, "end_date": DATE, "opinion": forms.Textarea(attrs={"rows": 2})}

    def clean(self):
        cleaned = super().clean()
        if (
            cleaned.get("start_date")
            and cleaned.get("end_date")
            and cleaned["end_date"] < cleaned["start_date"]
        ):
            self.add_error("end_date", _("La fin du tournoi précède son début."))
        return cleaned


class TechnicalReportForm(forms.ModelForm):
    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("auto_id", "report_%s")
        super().__init__(*args, **kwargs)

    class Meta:
        model = TechnicalReport
        fields = ["tournament", "validated_on"]
        widgets = {"validated_on": DATE}


class QualificationForm(forms.ModelForm):
    """The UNSS national young official (RIDNA Art. 9.1) or the ASP-issuing certificate (Art. 17.1)."""

    def __init__(self, *args, person=None, **kwargs) -> None:
        kwargs.setdefault("auto_id", "qualification_%s")
        super().__init__(*args, **kwargs)
        self.person = person

    class Meta:
        model = Qualification
        fields = ["kind", "obtained_on"]
        widgets = {"obtained_on": DATE}

    def clean(self) -> dict:
        cleaned = super().clean()
        kind = cleaned.get("kind")
        if self.person is not None and kind and self.person.qualifications.filter(kind=kind).exists():
            self.add_error("kind", _("Cette qualification est déjà enregistrée pour cette personne."))
        return cleaned

    def validate_unique(self) -> None:
        # The candidate is set by the view; ``clean`` reports a duplicate in words.
        pass


class OfficiatedTournamentForm(forms.ModelForm):
    """A tournament officiated, counted for AFO level 2 (RIDNA Art. 11.1)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("auto_id", "officiated_%s")
        super().__init__(*args, **kwargs)

    class Meta:
        model = OfficiatedTournament
        fields = ["tournament", "end_date", "supervision_visit"]
        widgets = {"end_date": DATE}


class TitleAwardForm(forms.Form):
    LEVEL_2 = "AFO2"
    title = forms.ChoiceField(
        label=_("Titre"),
        choices=[
            *((t.value, t.label) for t in Title if t != Title.AFE),
            (LEVEL_2, _("AFO niveau 2 (art. 11.1), pour un AFO de niveau 1")),
        ],
    )
    awarded_on = forms.DateField(label=_("Décerné le"), widget=DATE)
    note = forms.CharField(label=_("Observations"), required=False, widget=forms.Textarea(attrs={"rows": 2}))
    override_reason = forms.CharField(
        label=_("Motif de dérogation"),
        required=False,
        help_text=_("Seulement si les critères du RIDNA ne sont pas remplis."),
    )


class ExtendForm(forms.Form):
    minutes = forms.IntegerField(label=_("Minutes ajoutées"), min_value=1, max_value=120)
    reason = forms.CharField(label=_("Incident"), max_length=500)


class StartCodeForm(forms.Form):
    code = forms.CharField(label=_("Code de démarrage"), max_length=12)

    def clean_code(self) -> str:
        return self.cleaned_data["code"].strip().upper().replace(" ", "")


class AuditFilterForm(forms.Form):
    session = forms.ModelChoiceField(label=_("Session"), queryset=ExamSession.objects.all(), required=False)
    action = forms.ChoiceField(
        label=_("Action"), choices=[("", _("Toutes")), *AuditEntry.Action.choices], required=False
    )

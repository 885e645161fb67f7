"""A trainee's record: training courses attended, units passed, ASP, titles (RIDNA Art. 7–17)."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from questions.models import Unit


class Stage(models.TextChoices):
    """Training courses (RIDNA Art. 14–15)."""

    SJ = "SJ", _("SJ — stage d'arbitre jeune")  # Art. 15.1, 14 h
    SC = "SC", _("SC — stage d'arbitre de club")  # Art. 15.2, 14 h
    SO = "SO", _("SO — stage d'arbitre d'open")  # Art. 15.3, 16 h
    SF = "SF", _("SF — stage d'arbitre FIDE")  # Art. 15.4, 30 h
    FC = "FC", _("FC — formation continue")  # Art. 15.5, 6 to 8 h


class StageRecord(models.Model):
    """Attendance of one training course, entered or imported by exam staff."""

    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("stagiaire"),
        on_delete=models.CASCADE,
        related_name="stage_records",
    )
    stage = models.CharField(_("stage"), max_length=2, choices=Stage.choices)
    date = models.DateField(_("date (dernier jour)"))
    place = models.CharField(_("lieu"), max_length=150)
    trainer_name = models.CharField(_("formateur"), max_length=150)
    hours = models.DecimalField(
        _("heures suivies"),
        max_digits=4,
        decimal_places=1,
        validators=[MinValueValidator(Decimal("0.5")), MaxValueValidator(Decimal(60))],
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("saisi par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    recorded_at = models.DateTimeField(_("saisi le"), default=timezone.now)

    class Meta:
        verbose_name = _("stage suivi")
        verbose_name_plural = _("stages suivis")
        ordering = ["-date", "stage"]
        constraints = [
            models.UniqueConstraint(fields=["candidate", "stage", "date"], name="stage_record_unique"),
            models.CheckConstraint(condition=Q(stage__in=Stage.values), name="stage_record_stage_valid"),
            models.CheckConstraint(condition=Q(hours__gt=0), name="stage_record_hours_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.stage} {date_format(self.date, 'SHORT_DATE_FORMAT')} — {self.candidate}"


class UnitPassQuerySet(models.QuerySet):
    def valid_on(self, day: datetime.date) -> UnitPassQuerySet:
        return self.filter(passed_on__lte=day, expires_on__gte=day)


class UnitPass(models.Model):
    """A unit (UV) obtained at an exam session; created by the jury's publication.

    It lapses on ``expires_on`` (RIDNA Art. 8: two years from the exam session that
    immediately followed the training course, after which "les éventuelles U.V. qu'il
    détenait sont périmées").
    """

    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("candidat"),
        on_delete=models.CASCADE,
        related_name="unit_passes",
    )
    unit = models.CharField(_("unité de valeur"), max_length=3, choices=Unit.choices)
    session = models.ForeignKey(
        "exams.ExamSession",
        verbose_name=_("session"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="unit_passes",
    )
    passed_on = models.DateField(_("obtenue le"))
    expires_on = models.DateField(_("valable jusqu'au"))
    recorded_at = models.DateTimeField(_("enregistrée le"), default=timezone.now)

    objects = UnitPassQuerySet.as_manager()

    class Meta:
        verbose_name = _("unité de valeur obtenue")
        verbose_name_plural = _("unités de valeur obtenues")
        ordering = ["-passed_on", "unit"]
        constraints = [
            models.UniqueConstraint(fields=["candidate", "unit", "passed_on"], name="unit_pass_unique"),
            models.CheckConstraint(
                condition=Q(expires_on__gte=models.F("passed_on")), name="unit_pass_expires_after_pass"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.unit} {date_format(self.passed_on, 'SHORT_DATE_FORMAT')} — {self.candidate}"

    def is_valid_on(self, day: datetime.date) -> bool:
        return self.passed_on <= day <= self.expires_on


class AspRecord(models.Model):
    """An attestation de stage pratique issued by a tournament's chief arbiter (RIDNA Art. 17)."""

    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("stagiaire"),
        on_delete=models.CASCADE,
        related_name="asp_records",
    )
    tournament = models.CharField(_("tournoi homologué"), max_length=200)
    start_date = models.DateField(_("du"))
    end_date = models.DateField(_("au"))
    chief_arbiter = models.CharField(_("arbitre principal (AFO2 ou plus)"), max_length=150)
    favourable = models.BooleanField(_("avis favorable"))
    opinion = models.TextField(_("appréciation"), blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("saisie par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    recorded_at = models.DateTimeField(_("saisie le"), default=timezone.now)

    class Meta:
        verbose_name = _("attestation de stage pratique (ASP)")
        verbose_name_plural = _("attestations de stage pratique (ASP)")
        ordering = ["-end_date"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=models.F("start_date")), name="asp_dates_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} ({date_format(self.end_date, 'SHORT_DATE_FORMAT')}) — {self.candidate}"


class ArbiterRecord(models.Model):
    """Something an arbiter did or obtained, entered by exam staff from its document.

    Each subclass names the reverse accessor of ``candidate`` with ``Meta.default_related_name``
    (``user.technical_reports``, ``user.qualifications``, ``user.officiated_tournaments``).
    """

    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbitre"),
        on_delete=models.CASCADE,
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("saisi par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        abstract = True


class TechnicalReport(ArbiterRecord):
    """A complete technical report validated by the Directeur des Titres (RIDNA Art. 11, AFO)."""

    tournament = models.CharField(_("tournoi"), max_length=200)
    validated_on = models.DateField(_("validé le"))

    class Meta:
        verbose_name = _("rapport technique validé")
        verbose_name_plural = _("rapports techniques validés")
        default_related_name = "technical_reports"
        ordering = ["-validated_on"]

    def __str__(self) -> str:
        return f"{self.tournament} — {self.candidate}"


class Title(models.TextChoices):
    """Federal arbiter titles (RIDNA Titre III)."""

    AFJ = "AFJ", _("AFJ — arbitre fédéral jeune")  # Art. 9
    AFC = "AFC", _("AFC — arbitre fédéral de club")  # Art. 10
    AFO = "AFO", _("AFO — arbitre fédéral d'open")  # Art. 11
    AFE = "AFE", _("AFE — arbitre fédéral élite")  # Art. 12


class TitleAward(models.Model):
    """A title awarded by the DNA (RIDNA Art. 7: "décernés par la Direction Nationale de l'Arbitrage")."""

    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbitre"),
        on_delete=models.CASCADE,
        related_name="title_awards",
    )
    title = models.CharField(_("titre"), max_length=3, choices=Title.choices)
    level = models.PositiveSmallIntegerField(
        _("niveau"), default=1, validators=[MinValueValidator(1), MaxValueValidator(2)]
    )
    awarded_on = models.DateField(_("décerné le"))
    awarded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("décerné par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    note = models.TextField(_("observations"), blank=True)

    class Meta:
        verbose_name = _("titre décerné")
        verbose_name_plural = _("titres décernés")
        ordering = ["-awarded_on"]
        constraints = [
            models.UniqueConstraint(fields=["candidate", "title"], name="title_award_unique"),
            models.CheckConstraint(condition=Q(title__in=Title.values), name="title_award_title_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.title} — {self.candidate}"


class QualificationKind(models.TextChoices):
    """Qualifications the RIDNA names besides units and titles."""

    # Art. 9.1: "la qualification de "Jeune Officiel UNSS à compétence nationale"".
    UNSS_NATIONAL_YOUNG_OFFICIAL = "unss", _("Jeune Officiel UNSS à compétence nationale (art. 9.1)")
    # Art. 17.1: "une courte formation, sanctionnée par un certificat".
    ASP_ISSUING = "asp", _("Habilitation à délivrer des ASP (art. 17.1)")


class Qualification(ArbiterRecord):
    """A qualification obtained outside the exams, entered by exam staff from its certificate."""

    kind = models.CharField(_("qualification"), max_length=4, choices=QualificationKind.choices)
    obtained_on = models.DateField(_("obtenue le"))

    class Meta:
        verbose_name = _("qualification")
        verbose_name_plural = _("qualifications")
        default_related_name = "qualifications"
        ordering = ["-obtained_on"]
        constraints = [
            models.UniqueConstraint(fields=["candidate", "kind"], name="qualification_unique_per_kind"),
            models.CheckConstraint(
                condition=Q(kind__in=QualificationKind.values), name="qualification_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.candidate}"


class OfficiatedTournament(ArbiterRecord):
    """A homologated tournament an arbiter officiated, counted for AFO level 2 (RIDNA Art. 11.1)."""

    tournament = models.CharField(_("tournoi homologué"), max_length=200)
    end_date = models.DateField(_("dernier jour"))
    supervision_visit = models.BooleanField(_("visite de supervision"), default=False)

    class Meta:
        verbose_name = _("tournoi arbitré")
        verbose_name_plural = _("tournois arbitrés")
        default_related_name = "officiated_tournaments"
        ordering = ["-end_date"]

    def __str__(self) -> str:
        return f"{self.tournament} ({date_format(self.end_date, 'SHORT_DATE_FORMAT')}) — {self.candidate}"

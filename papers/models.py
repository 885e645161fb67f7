"""Blueprints: how a paper is drawn from the bank.

A ``Blueprint`` says what a paper must hold (so many questions of this article family, type
and difficulty, at so many points each); drawing it with a seed pins question versions into a
``delivery.Paper``. Exam sessions and mock exams use the same blueprints, so a mock exam has
the real paper's mix.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from delivery.models import Purpose
from questions.models import Difficulty, QuestionType, Unit

# The value of QuestionType.PAIRING (added by another branch); compared as a string so that the
# blueprints work before and after that type exists.
PAIRING_TYPE = "pairing"
MANAGED_MIN_PLAYERS = 6
MANAGED_MAX_PLAYERS = 16


class Blueprint(models.Model):
    name = models.CharField(_("nom"), max_length=200)
    unit = models.CharField(_("unité de valeur"), max_length=3, choices=Unit.choices)
    purpose = models.CharField(_("usage"), max_length=10, choices=Purpose.choices, default=Purpose.EXAM)
    duration_minutes = models.PositiveIntegerField(
        _("durée (minutes)"), validators=[MinValueValidator(1), MaxValueValidator(600)]
    )
    pass_mark = models.DecimalField(
        _("seuil de réussite (%)"),
        max_digits=5,
        decimal_places=2,
        default=Decimal(50),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(100))],
        help_text=_(
            "Convention de la plateforme, fixée pour chaque plan : ni le Livre de l'Arbitre ni le "
            "RIDNA ne fixent de seuil de réussite ni de nombre de questions."
        ),
    )
    # The UVT's pairing part (RIDNA Art. 16.4: "Système suisse et logiciel d'appariement"):
    # so many published questions of type "pairing", drawn after the rules.
    pairing_count = models.PositiveSmallIntegerField(
        _("questions d'appariement"),
        default=0,
        validators=[MaxValueValidator(20)],
        help_text=_("Questions de type « appariement » tirées en plus des règles (UVT)."),
    )
    # The UVT mock's "pairing software" part (issue 20): a short tournament of so many players
    # that the trainee manages in the tournament manager, graded at hand-in. Mocks only.
    managed_players = models.PositiveSmallIntegerField(
        _("tournoi géré : joueurs"),
        default=0,
        validators=[MaxValueValidator(MANAGED_MAX_PLAYERS)],
        help_text=_(
            "Examen blanc UVT : un court tournoi que le stagiaire gère dans le gestionnaire de "
            "tournois (0 : pas de partie tournoi géré). Convention de la plateforme."
        ),
    )
    managed_rounds = models.PositiveSmallIntegerField(
        _("tournoi géré : rondes à apparier"),
        default=2,
        validators=[MinValueValidator(2), MaxValueValidator(3)],
    )
    managed_points = models.DecimalField(
        _("tournoi géré : points"),
        max_digits=5,
        decimal_places=2,
        default=Decimal(20),
        validators=[MinValueValidator(Decimal(1)), MaxValueValidator(Decimal(200))],
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("créé par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    updated_at = models.DateTimeField(_("modifié le"), auto_now=True)

    class Meta:
        verbose_name = _("plan de sujet")
        verbose_name_plural = _("plans de sujet")
        ordering = ["unit", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(unit__in=[u.value for u in Unit]), name="blueprint_unit_valid"
            ),
            # The managed tournament runs in the tournament tools, closed during an exam.
            models.CheckConstraint(
                condition=Q(managed_players=0) | Q(purpose=Purpose.MOCK, unit=Unit.UVT),
                name="blueprint_managed_part_uvt_mock_only",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def question_count(self) -> int:
        return sum(rule.count for rule in self.rules.all()) + self.pairing_count

    def total_points(self) -> Decimal | None:
        """The paper's total when every rule fixes its points; None when it depends on the draw."""
        rules = list(self.rules.all())
        if self.pairing_count or self.managed_players or any(rule.points_each is None for rule in rules):
            return None
        return sum((rule.points_each * rule.count for rule in rules), Decimal(0))


class BlueprintRule(models.Model):
    """ "So many questions like this": each empty criterion means "any"."""

    blueprint = models.ForeignKey(Blueprint, on_delete=models.CASCADE, related_name="rules")
    position = models.PositiveIntegerField(_("rang"))
    family = models.CharField(
        _("famille d'articles"),
        max_length=40,
        blank=True,
        help_text=_("Par exemple « Article 9 », « Annexe A » ou « Livre 1.2 » ; vide : toutes."),
    )
    question_type = models.CharField(_("type"), max_length=12, choices=QuestionType.choices, blank=True)
    difficulty = models.PositiveSmallIntegerField(
        _("difficulté"), choices=Difficulty.choices, null=True, blank=True
    )
    tag = models.CharField(_("étiquette"), max_length=100, blank=True)
    count = models.PositiveIntegerField(
        _("nombre de questions"), validators=[MinValueValidator(1), MaxValueValidator(200)]
    )
    points_each = models.DecimalField(
        _("points par question"),
        max_digits=6,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("0.01"))],
        help_text=_("Vide : les points de chaque question dans la banque."),
    )

    class Meta:
        verbose_name = _("règle de tirage")
        verbose_name_plural = _("règles de tirage")
        ordering = ["blueprint", "position"]
        constraints = [
            models.UniqueConstraint(fields=["blueprint", "position"], name="blueprint_rule_position_unique"),
            models.CheckConstraint(condition=Q(count__gte=1), name="blueprint_rule_count_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.blueprint} #{self.position}"

    @property
    def family_display(self) -> str:
        from papers.families import family_label

        return family_label(self.family) if self.family else ""


class PaperOrigin(models.Model):
    """How a paper was made: from which blueprint and seed (so a draw can be explained)."""

    paper = models.OneToOneField("delivery.Paper", on_delete=models.CASCADE, related_name="origin")
    blueprint = models.ForeignKey(
        Blueprint, on_delete=models.SET_NULL, null=True, blank=True, related_name="papers"
    )
    seed = models.BigIntegerField(_("graine du tirage"), null=True, blank=True)

    class Meta:
        verbose_name = _("origine du sujet")
        verbose_name_plural = _("origines des sujets")

    def __str__(self) -> str:
        return f"{self.paper} ← {self.blueprint}"


class PaperAnalysis(models.Model):
    """The item analysis of a paper, computed after its results (see papers.analysis)."""

    paper = models.OneToOneField("delivery.Paper", on_delete=models.CASCADE, related_name="analysis")
    computed_at = models.DateTimeField(_("calculée le"), auto_now=True)
    attempts = models.PositiveIntegerField(_("copies"))
    mean = models.FloatField(_("moyenne"), null=True, blank=True)
    median = models.FloatField(_("médiane"), null=True, blank=True)
    standard_deviation = models.FloatField(_("écart type"), null=True, blank=True)
    alpha = models.FloatField(_("alpha de Cronbach"), null=True, blank=True)

    class Meta:
        verbose_name = _("analyse de sujet")
        verbose_name_plural = _("analyses de sujet")

    def __str__(self) -> str:
        return f"{self.paper}"


# What each warning code of ``papers.analysis`` means, for the bank's readers.
WARNING_LABELS = {
    "too_easy": _("trop facile (presque tous la réussissent)"),
    "too_hard": _("trop difficile (presque personne ne la réussit)"),
    "negative_discrimination": _("discrimine à l'envers : les meilleurs candidats échouent plus souvent"),
    "weak_discrimination": _("discrimine peu les bons et les moins bons candidats"),
}


class ItemAnalysis(models.Model):
    analysis = models.ForeignKey(PaperAnalysis, on_delete=models.CASCADE, related_name="items")
    item = models.OneToOneField("delivery.PaperItem", on_delete=models.CASCADE, related_name="analysis")
    facility = models.FloatField(_("indice de facilité"), null=True, blank=True)
    standard_deviation = models.FloatField(_("écart type"), null=True, blank=True)
    discrimination = models.FloatField(_("indice de discrimination"), null=True, blank=True)
    efficiency = models.FloatField(_("efficacité discriminante"), null=True, blank=True)
    option_counts = models.JSONField(_("réponses choisies"), default=dict, blank=True)
    warnings = models.JSONField(_("alertes"), default=list, blank=True)

    class Meta:
        verbose_name = _("analyse de question")
        verbose_name_plural = _("analyses de question")
        ordering = ["analysis", "item__position"]

    def __str__(self) -> str:
        return f"{self.item}"

    def warning_labels(self) -> list[str]:
        return [str(WARNING_LABELS[code]) for code in self.warnings if code in WARNING_LABELS]


class ExposurePolicy(models.Model):
    """The exam office's one threshold of exposure, site-wide (one row).

    Site-wide rather than per blueprint: a paper composed by hand has no blueprint, and what
    the office tolerates is one decision for every exam paper, whatever its origin."""

    max_trainees = models.PositiveIntegerField(
        _("exposition tolérée (stagiaires)"),
        null=True,
        blank=True,
        help_text=_(
            "Le verrouillage d'un sujet d'examen est refusé si l'une de ses questions a été vue "
            "hors examen par plus de stagiaires. Vide : aucun seuil."
        ),
    )
    updated_at = models.DateTimeField(_("modifié le"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("modifié par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("seuil d'exposition")
        verbose_name_plural = _("seuils d'exposition")

    def __str__(self) -> str:
        return str(self.max_trainees) if self.max_trainees is not None else "—"

    @classmethod
    def current(cls) -> ExposurePolicy:
        return cls.objects.order_by("pk").first() or cls()

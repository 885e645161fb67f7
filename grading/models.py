"""Grading exam copies by hand, the jury's decisions and the publication of results.

Open answers of an exam session are graded twice, blind: two different graders mark the
same response on the question's rubric without seeing each other's mark or the candidate's
name (only the anonymity code). The final mark of a response is:

- the mean of the two marks when they differ by no more than the session's discrepancy
  threshold (a percentage of the question's points, 20 % by default);
- otherwise the mark of a third grader (neither of the first two), assigned automatically
  as soon as the second mark shows the discrepancy.

The final mark goes to the delivery engine (``grade_response_by_hand``), which totals the
attempt; the jury then reviews every copy, may adjust a score with a reason, and publishes.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class GradingSetup(models.Model):
    """How a session's copies are graded and how its jury works."""

    session = models.OneToOneField(
        "exams.ExamSession", on_delete=models.CASCADE, related_name="grading_setup", verbose_name=_("session")
    )
    graders = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("correcteurs"), blank=True, related_name="grading_setups"
    )
    discrepancy_threshold = models.DecimalField(
        _("écart maximal entre deux corrections (% des points de la question)"),
        max_digits=5,
        decimal_places=2,
        default=Decimal(20),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(100))],
        help_text=_("Au-delà de cet écart, la copie est confiée à un troisième correcteur."),
    )
    borderline_margin = models.DecimalField(
        _("marge des cas limites (points de pourcentage)"),
        max_digits=5,
        decimal_places=2,
        default=Decimal(5),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(100))],
    )
    anonymity_lifted_at = models.DateTimeField(_("anonymat levé le"), null=True, blank=True)
    anonymity_lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("anonymat levé par"),
    )
    corrections_released = models.BooleanField(
        _("copies corrigées visibles par les candidats"), default=False
    )
    published_at = models.DateTimeField(_("résultats publiés le"), null=True, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("publiés par"),
    )

    class Meta:
        verbose_name = _("organisation de la correction")
        verbose_name_plural = _("organisations de la correction")
        constraints = [
            models.CheckConstraint(
                condition=Q(discrepancy_threshold__gte=0) & Q(discrepancy_threshold__lte=100),
                name="grading_threshold_percentage",
            ),
        ]

    def __str__(self) -> str:
        return str(self.session)

    @property
    def anonymity_lifted(self) -> bool:
        return self.anonymity_lifted_at is not None


class Assignment(models.Model):
    """One grader's marking of one hand-graded response (round 1 or 2; round 3 settles a discrepancy)."""

    class Round(models.IntegerChoices):
        FIRST = 1, _("Première correction")
        SECOND = 2, _("Deuxième correction")
        THIRD = 3, _("Troisième correction")

    response = models.ForeignKey("delivery.Response", on_delete=models.CASCADE, related_name="assignments")
    session = models.ForeignKey("exams.ExamSession", on_delete=models.CASCADE, related_name="assignments")
    grader = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="assignments",
        verbose_name=_("correcteur"),
    )
    round = models.PositiveSmallIntegerField(_("correction"), choices=Round.choices)
    marks = models.JSONField(_("points par critère"), default=list, blank=True)
    points = models.DecimalField(_("note"), max_digits=6, decimal_places=2, null=True, blank=True)
    comment = models.TextField(_("commentaire"), blank=True)
    created_at = models.DateTimeField(_("attribuée le"), default=timezone.now)
    graded_at = models.DateTimeField(_("corrigée le"), null=True, blank=True)

    class Meta:
        verbose_name = _("copie à corriger")
        verbose_name_plural = _("copies à corriger")
        ordering = ["session", "response__item__position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["response", "round"], name="assignment_one_per_round"),
            models.UniqueConstraint(fields=["response", "grader"], name="assignment_one_per_grader"),
            models.CheckConstraint(condition=Q(round__in=[1, 2, 3]), name="assignment_round_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.response_id} #{self.round} — {self.grader}"

    @property
    def is_graded(self) -> bool:
        return self.points is not None


class JuryDecision(models.Model):
    """The jury's word on one copy: confirmed as graded, or adjusted with a reason."""

    class Kind(models.TextChoices):
        CONFIRMED = "confirmed", _("Note confirmée")
        ADJUSTED = "adjusted", _("Note modifiée par le jury")

    registration = models.OneToOneField(
        "exams.Registration",
        on_delete=models.CASCADE,
        related_name="jury_decision",
        verbose_name=_("inscription"),
    )
    kind = models.CharField(_("décision"), max_length=10, choices=Kind.choices)
    score = models.DecimalField(_("note retenue"), max_digits=7, decimal_places=2)
    passed = models.BooleanField(_("reçu"))
    reason = models.TextField(_("motif"), blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("par"),
    )
    decided_at = models.DateTimeField(_("le"), default=timezone.now)

    class Meta:
        verbose_name = _("décision du jury")
        verbose_name_plural = _("décisions du jury")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["confirmed", "adjusted"]), name="jury_decision_kind_valid"
            ),
            models.CheckConstraint(
                condition=~Q(kind="adjusted") | ~Q(reason=""), name="jury_adjustment_has_reason"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration.anonymity_code}: {self.kind}"

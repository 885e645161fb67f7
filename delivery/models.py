"""The delivery engine: papers, attempts and responses.

One engine delivers every timed or untimed set of questions: national exam sessions
(``exams``), mock exams and practice sets (``courses``/practice). It knows nothing of
sessions, centres or courses: those own an ``Attempt`` (a one-to-one field on their side)
and decide when it may start.

- A ``Paper`` is an ordered list of pinned question versions (``PaperItem``) with the rules
  of delivery: duration, shuffling, feedback, negative marking, pass mark. Once locked it
  can no longer be edited.
- An ``Attempt`` is one candidate's sitting of a paper. Its ``deadline`` is the server's,
  computed when it starts (duration + extra time) and moved only by an extension.
- A ``Response`` is the answer to one item. Clients number their saves (``sequence``); a
  save that arrives with a number not above the stored one is ignored, so answers that
  arrive twice or out of order never overwrite a newer answer.
"""

from __future__ import annotations

import math
import uuid
from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Purpose(models.TextChoices):
    EXAM = "exam", _("Examen")
    MOCK = "mock", _("Examen blanc")
    PRACTICE = "practice", _("Entraînement")


class Feedback(models.TextChoices):
    IMMEDIATE = "immediate", _("Après chaque question")
    AT_END = "at_end", _("À la fin de l'épreuve")
    ON_RELEASE = "on_release", _("Quand le jury publie la correction")


class Paper(models.Model):
    """What candidates sit: pinned question versions and the rules of delivery."""

    title = models.CharField(_("intitulé"), max_length=200)
    purpose = models.CharField(_("usage"), max_length=10, choices=Purpose.choices, default=Purpose.EXAM)
    unit = models.CharField(_("unité de valeur"), max_length=3, blank=True)
    duration = models.DurationField(_("durée"), null=True, blank=True,
                                    help_text=_("Vide : sans limite de temps."))
    pass_mark = models.DecimalField(
        _("seuil de réussite (%)"), max_digits=5, decimal_places=2, default=Decimal(50),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(100))],
    )
    shuffle_questions = models.BooleanField(_("mélanger l'ordre des questions"), default=False)
    shuffle_options = models.BooleanField(_("mélanger l'ordre des réponses proposées"), default=False)
    negative_marking = models.BooleanField(
        _("appliquer les points négatifs"), default=True,
        help_text=_("Les questions marquées « points négatifs » retirent des points "
                    "quand la réponse est fausse."),
    )
    feedback = models.CharField(_("correction"), max_length=12, choices=Feedback.choices,
                                default=Feedback.ON_RELEASE)
    open_book = models.BooleanField(_("règlement consultable"), default=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("créé par"),
                                   on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)
    locked_at = models.DateTimeField(_("verrouillé le"), null=True, blank=True)
    locked_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("verrouillé par"),
                                  on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        verbose_name = _("sujet")
        verbose_name_plural = _("sujets")
        ordering = ["-created_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(purpose__in=[p.value for p in Purpose]),
                                   name="paper_purpose_valid"),
            models.CheckConstraint(condition=Q(pass_mark__gte=0) & Q(pass_mark__lte=100),
                                   name="paper_pass_mark_percentage"),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def is_locked(self) -> bool:
        return self.locked_at is not None

    @property
    def closes_the_book(self) -> bool:
        """An exam without documents: no rulebook, and while a candidate sits it, nothing of
        the site but their copy (``permissions.closed_book_exam_attempts`` filters the same)."""
        return self.purpose == Purpose.EXAM and not self.open_book

    def max_points(self) -> Decimal:
        return sum((item.points for item in self.items.all()), Decimal(0))


class PaperItem(models.Model):
    """One question of a paper, pinned to a version (a later revision never changes a paper)."""

    paper = models.ForeignKey(Paper, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveIntegerField(_("rang"))
    version = models.ForeignKey("questions.QuestionVersion", verbose_name=_("version de question"),
                                on_delete=models.PROTECT, related_name="paper_items")
    points = models.DecimalField(_("points"), max_digits=6, decimal_places=2,
                                 validators=[MinValueValidator(Decimal("0.01"))])

    class Meta:
        verbose_name = _("question du sujet")
        verbose_name_plural = _("questions du sujet")
        ordering = ["paper", "position"]
        constraints = [
            models.UniqueConstraint(fields=["paper", "position"], name="paper_item_position_unique"),
            models.UniqueConstraint(fields=["paper", "version"], name="paper_item_version_unique"),
            models.CheckConstraint(condition=Q(points__gt=0), name="paper_item_points_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.paper} #{self.position}"


class AttemptStatus(models.TextChoices):
    IN_PROGRESS = "in_progress", _("En cours")
    SUBMITTED = "submitted", _("Remise")
    GRADED = "graded", _("Corrigée")


class Attempt(models.Model):
    """One candidate's sitting of a paper. The id is a UUID: never guessable from another's."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    paper = models.ForeignKey(Paper, on_delete=models.PROTECT, related_name="attempts")
    candidate = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("candidat"),
                                  on_delete=models.CASCADE, related_name="attempts")
    # Orders questions and options when the paper shuffles them, and fixes the variant of a
    # computed question: the same seed always gives the same attempt.
    seed = models.BigIntegerField(_("graine"))
    status = models.CharField(_("état"), max_length=12, choices=AttemptStatus.choices,
                              default=AttemptStatus.IN_PROGRESS)
    started_at = models.DateTimeField(_("commencée le"), default=timezone.now)
    # Extra time granted in advance (accommodations) or during the sitting (incidents).
    extra_time = models.DurationField(_("temps supplémentaire"), default=timedelta(0))
    # An accommodation (Livre, chapter 7): the candidate's pages in large print.
    large_print = models.BooleanField(_("gros caractères"), default=False)
    deadline = models.DateTimeField(_("heure limite"), null=True, blank=True,
                                    help_text=_("Vide : sans limite de temps."))
    submitted_at = models.DateTimeField(_("remise le"), null=True, blank=True)
    submitted_automatically = models.BooleanField(_("remise à l'heure limite"), default=False)
    score = models.DecimalField(_("note"), max_digits=7, decimal_places=2, null=True, blank=True)
    max_score = models.DecimalField(_("note maximale"), max_digits=7, decimal_places=2,
                                    null=True, blank=True)
    passed = models.BooleanField(_("reçu"), null=True, blank=True)
    # When the correction became visible to the candidate (papers corrected "on release").
    released_at = models.DateTimeField(_("correction publiée le"), null=True, blank=True)
    # When the automatic grading of the handed-in copy went through (None while it has not: the
    # copy is handed in, its answers safe, and ``services.grade_pending_attempts`` tries again).
    auto_graded_at = models.DateTimeField(_("corrigée automatiquement le"), null=True, blank=True)
    grading_failures = models.PositiveSmallIntegerField(_("échecs de la correction automatique"), default=0)

    class Meta:
        verbose_name = _("copie")
        verbose_name_plural = _("copies")
        ordering = ["-started_at"]
        indexes = [models.Index(fields=["status", "deadline"], name="attempt_status_deadline")]
        constraints = [
            models.CheckConstraint(condition=Q(status__in=[s.value for s in AttemptStatus]),
                                   name="attempt_status_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.paper} — {self.candidate}"

    @property
    def is_open(self) -> bool:
        return self.status == AttemptStatus.IN_PROGRESS

    @property
    def closes_the_book(self) -> bool:
        """A closed-book exam in progress: its candidate reaches nothing else of the site
        (``delivery.middleware.ClosedBookMiddleware``), and its pages show no site menu."""
        return self.is_open and self.paper.closes_the_book

    def remaining_seconds(self, now=None) -> int | None:
        """Whole seconds left before the server's deadline, rounded up: 0 only once it has
        passed, as the page's "time up" says (a page told 0 while the deadline was still a
        fraction of a second away reloaded into the same page, again and again); None: untimed."""
        if self.deadline is None:
            return None
        left = (self.deadline - (now or timezone.now())).total_seconds()
        return max(0, math.ceil(left))

    @property
    def awaits_automatic_grading(self) -> bool:
        """Handed in, but its automatic grading has not gone through yet (it failed, or is
        running): no total, whatever the graders do, until it does."""
        return self.status == AttemptStatus.SUBMITTED and self.auto_graded_at is None

    def correction_visible(self) -> bool:
        """Whether the candidate may see the correction of this closed attempt: not before its
        automatic grading has gone through (a correction without its grades would say wrong)."""
        if self.is_open or self.awaits_automatic_grading:
            return False
        if self.paper.feedback == Feedback.ON_RELEASE:
            return self.released_at is not None
        return True


class Response(models.Model):
    """A candidate's answer to one item, as last saved."""

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="responses")
    item = models.ForeignKey(PaperItem, on_delete=models.PROTECT, related_name="responses")
    answer = models.JSONField(_("réponse"), default=dict, blank=True)
    # The client's save counter for this item: a save whose number is not greater is stale.
    sequence = models.PositiveBigIntegerField(_("numéro d'enregistrement"), default=0)
    flagged = models.BooleanField(_("à revoir"), default=False)
    saved_at = models.DateTimeField(_("enregistrée le"), auto_now=True)
    points = models.DecimalField(_("points"), max_digits=6, decimal_places=2, null=True, blank=True)
    penalty = models.DecimalField(_("pénalité"), max_digits=6, decimal_places=2, default=Decimal(0))
    correct = models.BooleanField(_("juste"), null=True, blank=True)
    needs_hand_grading = models.BooleanField(_("à corriger à la main"), default=False)
    # Practice with immediate feedback: once corrected, the answer can no longer change.
    checked_at = models.DateTimeField(_("corrigée le"), null=True, blank=True)

    class Meta:
        verbose_name = _("réponse")
        verbose_name_plural = _("réponses")
        ordering = ["attempt", "item__position"]
        constraints = [
            models.UniqueConstraint(fields=["attempt", "item"], name="response_attempt_item_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.attempt_id} #{self.item_id}"


class AttemptEvent(models.Model):
    """What happened to an attempt beyond answers: start, extensions, resumes, submission."""

    class Kind(models.TextChoices):
        STARTED = "started", _("Début")
        EXTENDED = "extended", _("Temps supplémentaire")
        RESUMED = "resumed", _("Reprise")
        SUBMITTED = "submitted", _("Remise")
        AUTO_SUBMITTED = "auto_submitted", _("Remise automatique à l'heure limite")
        GRADED = "graded", _("Correction")
        RELEASED = "released", _("Correction publiée")

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(_("événement"), max_length=16, choices=Kind.choices)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("par"), on_delete=models.SET_NULL,
                              null=True, blank=True, related_name="+")
    minutes = models.PositiveIntegerField(_("minutes"), null=True, blank=True)
    reason = models.TextField(_("motif"), blank=True)
    at = models.DateTimeField(_("le"), default=timezone.now)

    class Meta:
        verbose_name = _("événement de copie")
        verbose_name_plural = _("événements de copie")
        ordering = ["attempt", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.attempt_id}: {self.kind}"

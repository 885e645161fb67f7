"""A trainee's practice: the papers drawn for them, and one spaced-repetition card per question.

Practice sets, daily reviews and mock exams are ordinary ``delivery.Paper``s sat on the
delivery engine; ``TrainingPaper`` records whose they are and what was asked for. Every graded
practice or mock answer becomes a ``CardReview`` (one per delivery ``Response``: a response
graded twice is counted once) and moves the FSRS ``Card`` of (trainee, question).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    PRACTICE = "practice", _("Entraînement")
    REVIEW = "review", _("Révision du jour")
    MOCK = "mock", _("Examen blanc")


class TrainingPaper(models.Model):
    """A paper drawn for one trainee (a practice set, a daily review or a mock exam)."""

    paper = models.OneToOneField("delivery.Paper", on_delete=models.CASCADE, related_name="training")
    trainee = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("stagiaire"),
                                on_delete=models.CASCADE, related_name="training_papers")
    kind = models.CharField(_("nature"), max_length=10, choices=Kind.choices)
    unit = models.CharField(_("unité de valeur"), max_length=3, blank=True)
    criteria = models.JSONField(_("critères choisis"), default=dict, blank=True)
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)

    class Meta:
        verbose_name = _("sujet d'entraînement")
        verbose_name_plural = _("sujets d'entraînement")
        ordering = ["-created_at", "pk"]
        indexes = [models.Index(fields=["trainee", "kind", "created_at"], name="training_trainee_kind")]
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=[kind.value for kind in Kind]),
                                   name="training_paper_kind_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.paper} — {self.trainee}"


class Card(models.Model):
    """The FSRS memory state of one question for one trainee."""

    trainee = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("stagiaire"),
                                on_delete=models.CASCADE, related_name="practice_cards")
    question = models.ForeignKey("questions.Question", verbose_name=_("question"),
                                 on_delete=models.CASCADE, related_name="+")
    # fsrs.State: 1 learning, 2 review, 3 relearning.
    state = models.PositiveSmallIntegerField(_("état"), default=1)
    step = models.PositiveSmallIntegerField(_("étape"), null=True, blank=True)
    stability = models.FloatField(_("stabilité"), null=True, blank=True)
    difficulty = models.FloatField(_("difficulté (FSRS)"), null=True, blank=True)
    due = models.DateTimeField(_("à revoir le"))
    last_review = models.DateTimeField(_("dernière révision"), null=True, blank=True)
    reviews = models.PositiveIntegerField(_("réponses"), default=0)
    lapses = models.PositiveIntegerField(_("erreurs"), default=0)
    last_correct = models.BooleanField(_("dernière réponse juste"), default=False)
    # Missed once, or a hard question: it comes back in the daily review when due.
    in_review = models.BooleanField(_("en révision"), default=False)

    class Meta:
        verbose_name = _("carte de révision")
        verbose_name_plural = _("cartes de révision")
        ordering = ["trainee", "due"]
        indexes = [models.Index(fields=["trainee", "in_review", "due"], name="card_review_queue")]
        constraints = [
            models.UniqueConstraint(fields=["trainee", "question"], name="card_one_per_trainee_question"),
        ]

    def __str__(self) -> str:
        return f"{self.trainee} — {self.question}"


class CardReview(models.Model):
    """One graded practice or mock answer, as it moved the card."""

    class Rating(models.IntegerChoices):  # fsrs.Rating
        AGAIN = 1, _("À revoir")
        HARD = 2, _("Difficile")
        GOOD = 3, _("Juste")

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="history")
    trainee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    question = models.ForeignKey("questions.Question", on_delete=models.CASCADE, related_name="+")
    response = models.OneToOneField("delivery.Response", on_delete=models.CASCADE, related_name="card_review")
    purpose = models.CharField(_("usage"), max_length=10)
    rating = models.PositiveSmallIntegerField(_("évaluation"), choices=Rating.choices)
    correct = models.BooleanField(_("juste"))
    reviewed_at = models.DateTimeField(_("le"))

    class Meta:
        verbose_name = _("révision")
        verbose_name_plural = _("révisions")
        ordering = ["trainee", "reviewed_at"]
        indexes = [
            models.Index(fields=["trainee", "reviewed_at"], name="card_review_trainee_time"),
            # Covers the mastery aggregate (answers and right answers per question).
            models.Index(fields=["trainee", "question", "correct"], name="card_review_trainee_question"),
        ]

    def __str__(self) -> str:
        return f"{self.trainee} — {self.question} ({self.reviewed_at:%Y-%m-%d})"


class ManagedPart(models.Model):
    """The UVT mock's "pairing software" part (issue 20): a short tournament set for one mock
    attempt, managed by the trainee in the tournament manager and graded at hand-in.

    ``statement`` holds what the trainee is told (players, the results to enter board by board,
    the withdrawal, the late entry and its bye, the tie-breaks): nothing of the expected
    pairings, which are the engine's on the trainee's own inputs, computed only at grading."""

    attempt = models.OneToOneField("delivery.Attempt", on_delete=models.CASCADE, related_name="managed_part")
    # PROTECT: the tournament graded with a mock is kept as long as the mock (no deletion).
    tournament = models.OneToOneField("managed_tournaments.ManagedTournament", on_delete=models.PROTECT,
                                      related_name="+")
    rounds = models.PositiveSmallIntegerField(_("rondes à apparier"))
    points = models.DecimalField(_("points"), max_digits=5, decimal_places=2)
    statement = models.JSONField(_("énoncé"), default=dict)
    marks = models.DecimalField(_("note"), max_digits=5, decimal_places=2, null=True, blank=True)
    report = models.JSONField(_("correction"), default=list, blank=True)
    graded_at = models.DateTimeField(_("corrigée le"), null=True, blank=True)

    class Meta:
        verbose_name = _("partie tournoi géré")
        verbose_name_plural = _("parties tournoi géré")
        constraints = [
            models.CheckConstraint(condition=Q(points__gt=0), name="managed_part_points_positive"),
            models.CheckConstraint(
                condition=Q(marks__isnull=True) | Q(marks__gte=0) & Q(marks__lte=models.F("points")),
                name="managed_part_marks_in_range"),
        ]

    def __str__(self) -> str:
        return f"{self.attempt} — {self.tournament}"

    def close_if_overdue(self) -> None:
        """Hand the mock in if its time and grace period are over (which grades this part)."""
        from delivery.services import close_if_overdue

        close_if_overdue(attempt=self.attempt)

"""Courses of the RIDNA curriculum: modules, lessons, enrolments, cohorts and progress.

A course's content lives in files (``courses/data/<CODE>/``, see COURSE_FORMAT.md) loaded by
``load_courses`` or imported as a zip; trainers can also edit it in pages. A lesson's text
is kept as written (Markdown with our directives) and rendered when read.

Time spent on a lesson is measured on the server: opening a lesson starts a reading; the
next lesson event of the same trainee (opening any lesson, marking one done) ends it, and
the reading counts for at most ``Lesson.reading_cap()`` (twice the lesson's estimated time,
at least 10 and at most 60 minutes), so a tab left open overnight adds an hour, not ten.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from exams.models import Stage

slug_validator = RegexValidator(
    r"^[a-z0-9]+(?:-[a-z0-9]+)*$", _("Lettres minuscules sans accent, chiffres et tirets.")
)
code_validator = RegexValidator(r"^[A-Z0-9]{2,12}$", _("Lettres majuscules et chiffres (2 à 12)."))

MIN_READING = datetime.timedelta(minutes=10)
MAX_READING = datetime.timedelta(minutes=60)


def in_language(obj, field: str) -> str:
    """The English text when the reader reads English and it exists, else the French one."""
    if (get_language() or "fr")[:2] == "en":
        english = getattr(obj, f"{field}_en", "")
        if english:
            return english
    return getattr(obj, f"{field}_fr")


class Course(models.Model):
    code = models.CharField(_("code"), max_length=12, unique=True, validators=[code_validator])
    stage = models.CharField(_("stage"), max_length=2, choices=Stage.choices)
    units = models.JSONField(_("unités préparées"), default=list, blank=True)
    hours = models.DecimalField(_("durée (heures)"), max_digits=4, decimal_places=1, default=0)
    title_fr = models.CharField(_("titre (français)"), max_length=200)
    title_en = models.CharField(_("titre (anglais)"), max_length=200, blank=True)
    summary_fr = models.TextField(_("présentation (français)"), blank=True)
    summary_en = models.TextField(_("présentation (anglais)"), blank=True)
    updated_at = models.DateTimeField(_("modifiée le"), auto_now=True)

    class Meta:
        verbose_name = _("formation")
        verbose_name_plural = _("formations")
        ordering = ["code"]
        constraints = [models.CheckConstraint(condition=Q(stage__in=Stage.values), name="course_stage_valid")]

    def __str__(self) -> str:
        return f"{self.code} — {self.title_fr}"

    def get_absolute_url(self) -> str:
        return reverse("courses:course", kwargs={"code": self.code})

    @property
    def title(self) -> str:
        return in_language(self, "title")

    @property
    def summary(self) -> str:
        return in_language(self, "summary")

    def outline(self):
        """The modules in order, each with ``ordered``: its lessons in order (two queries)."""
        return self.modules.order_by("order").prefetch_related(
            # The course joined: each lesson's link reads it (one query per lesson otherwise).
            models.Prefetch("lessons", queryset=Lesson.objects.select_related("course").order_by("order"),
                            to_attr="ordered")
        )

    def ordered_lessons(self) -> list[Lesson]:
        return list(self.lessons.select_related("module", "course").order_by("module__order", "order"))


class Module(models.Model):
    course = models.ForeignKey(
        Course, verbose_name=_("formation"), on_delete=models.CASCADE, related_name="modules"
    )
    slug = models.CharField(_("identifiant"), max_length=80, validators=[slug_validator])
    title_fr = models.CharField(_("titre (français)"), max_length=200)
    title_en = models.CharField(_("titre (anglais)"), max_length=200, blank=True)
    order = models.PositiveIntegerField(_("ordre"), default=0)

    class Meta:
        verbose_name = _("module")
        verbose_name_plural = _("modules")
        ordering = ["course", "order"]
        constraints = [models.UniqueConstraint(fields=["course", "slug"], name="course_module_unique_slug")]

    def __str__(self) -> str:
        return f"{self.course.code} · {self.title_fr}"

    @property
    def title(self) -> str:
        return in_language(self, "title")


class Lesson(models.Model):
    course = models.ForeignKey(
        Course, verbose_name=_("formation"), on_delete=models.CASCADE, related_name="lessons"
    )
    module = models.ForeignKey(
        Module, verbose_name=_("module"), on_delete=models.CASCADE, related_name="lessons"
    )
    slug = models.CharField(_("identifiant"), max_length=80, validators=[slug_validator])
    order = models.PositiveIntegerField(_("ordre"), default=0)
    planned = models.BooleanField(_("à venir (plan seulement)"), default=False)
    title_fr = models.CharField(_("titre (français)"), max_length=200)
    title_en = models.CharField(_("titre (anglais)"), max_length=200, blank=True)
    minutes = models.PositiveIntegerField(_("durée estimée (minutes)"), default=0)
    body_fr = models.TextField(_("texte (français)"), blank=True)
    body_en = models.TextField(_("texte (anglais)"), blank=True)
    articles = models.JSONField(_("articles enseignés"), default=list, blank=True)
    practice = models.JSONField(_("questions d'exercice"), default=list, blank=True)
    practice_paper = models.ForeignKey(
        "delivery.Paper",
        verbose_name=_("épreuve d'exercice"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    needs_review = models.BooleanField(_("à revoir"), default=False)
    review_reason = models.TextField(_("raison de la revue"), blank=True)
    updated_at = models.DateTimeField(_("modifiée le"), auto_now=True)

    class Meta:
        verbose_name = _("leçon")
        verbose_name_plural = _("leçons")
        ordering = ["course", "module__order", "order"]
        constraints = [models.UniqueConstraint(fields=["course", "slug"], name="course_lesson_unique_slug")]

    def __str__(self) -> str:
        return f"{self.course.code} · {self.title_fr}"

    def get_absolute_url(self) -> str:
        return reverse("courses:lesson", kwargs={"code": self.course.code, "slug": self.slug})

    @property
    def title(self) -> str:
        return in_language(self, "title")

    def reading_cap(self) -> datetime.timedelta:
        return max(MIN_READING, min(MAX_READING, datetime.timedelta(minutes=2 * self.minutes)))


class Cohort(models.Model):
    """A group following a course together, led by trainers ("Stage SC Lyon, mars")."""

    course = models.ForeignKey(
        Course, verbose_name=_("formation"), on_delete=models.PROTECT, related_name="cohorts"
    )
    name = models.CharField(_("nom"), max_length=150)
    starts_on = models.DateField(_("du"))
    ends_on = models.DateField(_("au"))
    place = models.CharField(_("lieu"), max_length=150)
    trainers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("formateurs"), related_name="led_cohorts"
    )
    created_at = models.DateTimeField(_("créée le"), auto_now_add=True)

    class Meta:
        verbose_name = _("groupe de stage")
        verbose_name_plural = _("groupes de stage")
        ordering = ["-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["course", "name"], name="cohort_unique_name"),
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")), name="cohort_dates_ordered"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("courses:cohort", kwargs={"pk": self.pk})

    def expected_lessons(self, lesson_count: int, day: datetime.date | None = None) -> int:
        """How many lessons a member should have done by ``day`` at an even pace over the dates."""
        day = day or timezone.localdate()
        if day >= self.ends_on:
            return lesson_count
        if day < self.starts_on:
            return 0
        total_days = (self.ends_on - self.starts_on).days + 1
        elapsed = (day - self.starts_on).days + 1
        return lesson_count * elapsed // total_days


class Enrolment(models.Model):
    course = models.ForeignKey(
        Course, verbose_name=_("formation"), on_delete=models.CASCADE, related_name="enrolments"
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("stagiaire"),
        on_delete=models.CASCADE,
        related_name="enrolments",
    )
    cohort = models.ForeignKey(
        Cohort,
        verbose_name=_("groupe"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="enrolments",
    )
    enrolled_at = models.DateTimeField(_("inscrit le"), default=timezone.now)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("inscrit par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(_("stage validé le"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("stage validé par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    stage_record = models.ForeignKey(
        "exams.StageRecord",
        verbose_name=_("stage suivi"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("inscription")
        verbose_name_plural = _("inscriptions")
        ordering = ["-enrolled_at"]
        constraints = [models.UniqueConstraint(fields=["course", "trainee"], name="enrolment_unique")]

    def __str__(self) -> str:
        return f"{self.course.code} — {self.trainee}"


class LessonProgress(models.Model):
    lesson = models.ForeignKey(
        Lesson, verbose_name=_("leçon"), on_delete=models.CASCADE, related_name="progress"
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("stagiaire"),
        on_delete=models.CASCADE,
        related_name="lesson_progress",
    )
    first_opened_at = models.DateTimeField(_("ouverte le"), default=timezone.now)
    last_activity_at = models.DateTimeField(_("dernière activité"), default=timezone.now, db_index=True)
    reading_since = models.DateTimeField(_("lecture en cours depuis"), null=True, blank=True)
    seconds_spent = models.PositiveIntegerField(_("temps passé (secondes)"), default=0)
    completed_at = models.DateTimeField(_("terminée le"), null=True, blank=True)

    class Meta:
        verbose_name = _("progression")
        verbose_name_plural = _("progressions")
        constraints = [models.UniqueConstraint(fields=["lesson", "trainee"], name="lesson_progress_unique")]

    def __str__(self) -> str:
        return f"{self.trainee} — {self.lesson}"

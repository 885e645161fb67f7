"""Exam sessions, their centres and the candidates' registrations (RIDNA Art. 16)."""

from __future__ import annotations

import datetime
import secrets
import uuid
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django_fsm import FSMField, FSMModelMixin, transition

from questions.models import Unit

# RIDNA Art. 16.1–16.4: "Durée de l'épreuve" of each unit.
DEFAULT_DURATIONS: dict[str, datetime.timedelta] = {
    Unit.UVR: datetime.timedelta(hours=2),  # Art. 16.1
    Unit.UVC: datetime.timedelta(hours=2),  # Art. 16.2
    Unit.UVO: datetime.timedelta(hours=1),  # Art. 16.3
    Unit.UVT: datetime.timedelta(hours=3),  # Art. 16.4
}

# Codes written by hand on paper copies and typed by candidates: no 0/O, 1/I/L, so that
# nobody misreads them. 31 symbols; 8 of them give about 8.5e11 codes per unit.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def random_code(length: int) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


class SessionStatus(models.TextChoices):
    """The session's lifecycle, in order; ``exams.lifecycle`` moves it, nothing else."""

    DRAFT = "draft", _("Brouillon")
    OPEN = "open", _("Inscriptions ouvertes")
    CLOSED = "closed", _("Inscriptions closes")
    SITTING = "sitting", _("Épreuve en cours")
    SAT = "sat", _("Épreuve passée")
    GRADING = "grading", _("Correction en cours")
    DELIBERATED = "deliberated", _("Résultats arrêtés par le jury")
    PUBLISHED = "published", _("Résultats publiés")


def _guard(name: str):
    """The condition of one transition: ``exams.lifecycle`` says why it cannot happen yet."""

    def allowed(session: ExamSession) -> bool:
        from exams import lifecycle

        return not lifecycle.reasons_against(session, name)

    allowed.__name__ = f"{name}_allowed"
    return allowed


class SessionQuerySet(models.QuerySet):
    def upcoming(self, today: datetime.date | None = None) -> SessionQuerySet:
        """Sessions still to be sat: announced (not a draft), today or later, and neither sat
        nor with published results (a session of today may already be both)."""
        today = today or timezone.localdate()
        return self.filter(date__gte=today, status__in=[SessionStatus.OPEN, SessionStatus.CLOSED])


class ExamSession(FSMModelMixin, models.Model):
    """One national paper for one unit on one date (RIDNA Art. 16: "un sujet national").

    ``status`` is a protected state field: assigning it raises; it moves only through the
    transitions below, which ``exams.lifecycle`` fires (guarded, logged) on the events that
    cause them."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    unit = models.CharField(_("unité de valeur"), max_length=3, choices=Unit.choices)
    date = models.DateField(_("date"))
    start_time = models.TimeField(_("heure de début"))
    duration = models.DurationField(
        _("durée"), help_text=_("Par défaut, la durée de l'épreuve fixée par le RIDNA (Art. 16).")
    )
    pass_mark = models.DecimalField(
        _("seuil de réussite (%)"),
        max_digits=5,
        decimal_places=2,
        default=Decimal(50),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(100))],
    )
    open_book = models.BooleanField(_("documents autorisés"), default=False)
    registration_closes_on = models.DateField(_("clôture des inscriptions"))
    paper = models.ForeignKey(
        "delivery.Paper",
        verbose_name=_("sujet"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="exam_sessions",
    )
    status = FSMField(
        _("état"),
        max_length=12,
        choices=SessionStatus.choices,
        default=SessionStatus.DRAFT,
        protected=True,
        editable=False,
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("créée par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("créée le"), auto_now_add=True)

    objects = SessionQuerySet.as_manager()

    class Meta:
        verbose_name = _("session d'examen")
        verbose_name_plural = _("sessions d'examen")
        ordering = ["-date", "start_time", "unit"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=SessionStatus.values), name="exam_session_status_valid"
            ),
            models.CheckConstraint(condition=Q(unit__in=Unit.values), name="exam_session_unit_valid"),
            models.CheckConstraint(
                condition=Q(pass_mark__gte=0) & Q(pass_mark__lte=100),
                name="exam_session_pass_mark_percentage",
            ),
            models.CheckConstraint(
                condition=Q(registration_closes_on__lte=models.F("date")),
                name="exam_session_closes_before_date",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.unit} — {date_format(self.date, 'SHORT_DATE_FORMAT')}"

    def get_absolute_url(self) -> str:
        return reverse("exams:staff_session", args=[self.pk])

    def clean(self) -> None:
        if self.date and self.registration_closes_on and self.registration_closes_on > self.date:
            raise ValidationError(
                {
                    "registration_closes_on": _(
                        "Les inscriptions doivent être closes au plus tard le jour de l'épreuve."
                    )
                }
            )
        if self.duration is not None and self.duration <= datetime.timedelta(0):
            raise ValidationError({"duration": _("La durée doit être positive.")})

    @property
    def starts_at(self) -> datetime.datetime:
        return timezone.make_aware(datetime.datetime.combine(self.date, self.start_time))

    @property
    def duration_minutes(self) -> int:
        return int(self.duration.total_seconds() // 60)

    # The lifecycle (django-fsm-2). Each method only moves the state; exams.lifecycle.fire()
    # locks the row, saves and logs. The conditions are the guards of exams.lifecycle.
    @transition(field=status, source=SessionStatus.DRAFT, target=SessionStatus.OPEN,
                conditions=[_guard("open_registrations")])
    def open_registrations(self) -> None:
        pass

    @transition(field=status, source=SessionStatus.OPEN, target=SessionStatus.CLOSED,
                conditions=[_guard("close_registrations")])
    def close_registrations(self) -> None:
        pass

    @transition(field=status, source=SessionStatus.CLOSED, target=SessionStatus.OPEN,
                conditions=[_guard("reopen_registrations")])
    def reopen_registrations(self) -> None:
        pass

    @transition(field=status, source=[SessionStatus.OPEN, SessionStatus.CLOSED], target=SessionStatus.SITTING,
                conditions=[_guard("start_sitting")])
    def start_sitting(self) -> None:
        pass

    @transition(field=status, source=[SessionStatus.CLOSED, SessionStatus.SITTING], target=SessionStatus.SAT,
                conditions=[_guard("finish_sitting")])
    def finish_sitting(self) -> None:
        pass

    @transition(field=status, source=SessionStatus.SAT, target=SessionStatus.GRADING,
                conditions=[_guard("start_grading")])
    def start_grading(self) -> None:
        pass

    @transition(field=status, source=[SessionStatus.SAT, SessionStatus.GRADING],
                target=SessionStatus.DELIBERATED, conditions=[_guard("deliberate")])
    def deliberate(self) -> None:
        pass

    @transition(field=status, source=SessionStatus.DELIBERATED, target=SessionStatus.PUBLISHED,
                conditions=[_guard("publish")])
    def publish(self) -> None:
        pass

    def registration_is_open(self, today: datetime.date | None = None) -> bool:
        today = today or timezone.localdate()
        return self.status == SessionStatus.OPEN and today <= self.registration_closes_on


class DeliveryMode(models.TextChoices):
    ONLINE = "online", _("En ligne, dans le centre")
    PAPER = "paper", _("Sur papier")


class Centre(models.Model):
    """A regional centre of a session, under a regional director (RIDNA Art. 16, Art. 5.1.1)."""

    session = models.ForeignKey(
        ExamSession, verbose_name=_("session"), on_delete=models.CASCADE, related_name="centres"
    )
    name = models.CharField(_("nom"), max_length=150)
    address = models.TextField(_("adresse"))
    regional_director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("directeur régional de l'arbitrage"),
        on_delete=models.PROTECT,
        related_name="directed_centres",
    )
    invigilators = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("surveillants"),
        blank=True,
        related_name="invigilated_centres",
    )
    capacity = models.PositiveIntegerField(_("places"), validators=[MinValueValidator(1)])
    delivery_mode = models.CharField(
        _("mode de passation"), max_length=6, choices=DeliveryMode.choices, default=DeliveryMode.ONLINE
    )
    # Typed by candidates on their lobby page once the invigilator has opened the exam.
    start_code = models.CharField(_("code de démarrage"), max_length=6, blank=True)
    opened_at = models.DateTimeField(_("épreuve ouverte le"), null=True, blank=True)

    class Meta:
        verbose_name = _("centre d'examen")
        verbose_name_plural = _("centres d'examen")
        ordering = ["session", "name"]
        constraints = [
            models.UniqueConstraint(fields=["session", "name"], name="centre_name_unique_per_session"),
            models.CheckConstraint(condition=Q(capacity__gte=1), name="centre_capacity_positive"),
            models.CheckConstraint(
                condition=Q(delivery_mode__in=DeliveryMode.values), name="centre_delivery_mode_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_online(self) -> bool:
        return self.delivery_mode == DeliveryMode.ONLINE

    def registered_count(self) -> int:
        return self.registrations.filter(status=RegistrationStatus.REGISTERED).count()

    def places_left(self) -> int:
        return max(self.capacity - self.registered_count(), 0)


class RegistrationStatus(models.TextChoices):
    REGISTERED = "registered", _("Inscrit")
    WITHDRAWN = "withdrawn", _("Désinscrit")


class RegistrationQuerySet(models.QuerySet):
    def active(self) -> RegistrationQuerySet:
        return self.filter(status=RegistrationStatus.REGISTERED)


class Registration(models.Model):
    """A candidate's registration for a session in one centre.

    The id is a UUID (candidate-facing URLs); the anonymity code is what graders see and
    what the candidate writes on a paper copy (RIDNA Art. 3.5.2: "le caractère anonyme des
    copies"). Accommodations follow the Livre's chapter 7 (welcoming disabled players):
    extra time, large print, a person chosen by the arbiter to assist.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    session = models.ForeignKey(
        ExamSession, verbose_name=_("session"), on_delete=models.CASCADE, related_name="registrations"
    )
    centre = models.ForeignKey(
        Centre, verbose_name=_("centre"), on_delete=models.PROTECT, related_name="registrations"
    )
    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("candidat"),
        on_delete=models.CASCADE,
        related_name="exam_registrations",
    )
    anonymity_code = models.CharField(_("code d'anonymat"), max_length=13, editable=False)
    status = models.CharField(
        _("état"), max_length=10, choices=RegistrationStatus.choices, default=RegistrationStatus.REGISTERED
    )
    registered_at = models.DateTimeField(_("inscrit le"), default=timezone.now)
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("inscrit par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    withdrawn_at = models.DateTimeField(_("désinscrit le"), null=True, blank=True)
    # Set when exam staff registered a candidate the RIDNA rules refused.
    override_reason = models.TextField(_("motif de la dérogation"), blank=True)
    refusal = models.TextField(_("refus levé par la dérogation"), blank=True)
    # Accommodations (Livre, chapter 7).
    extra_time_minutes = models.PositiveIntegerField(
        _("temps supplémentaire (minutes)"), default=0, validators=[MaxValueValidator(240)]
    )
    large_print = models.BooleanField(_("sujet en gros caractères"), default=False)
    assistant = models.BooleanField(_("assistance d'une personne choisie par l'arbitre"), default=False)
    accommodation_note = models.TextField(_("autres aménagements"), blank=True)
    # Roll call and the online attempt (online centres).
    present = models.BooleanField(_("présent"), null=True, blank=True)
    checked_at = models.DateTimeField(_("appel fait le"), null=True, blank=True)
    attempt = models.OneToOneField(
        "delivery.Attempt",
        verbose_name=_("copie"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="exam_registration",
    )

    objects = RegistrationQuerySet.as_manager()

    class Meta:
        verbose_name = _("inscription")
        verbose_name_plural = _("inscriptions")
        ordering = ["session", "anonymity_code"]
        constraints = [
            models.UniqueConstraint(fields=["session", "candidate"], name="registration_one_per_candidate"),
            models.UniqueConstraint(fields=["session", "anonymity_code"], name="registration_code_unique"),
            models.CheckConstraint(
                condition=Q(status__in=RegistrationStatus.values), name="registration_status_valid"
            ),
        ]

    def __str__(self) -> str:
        # No code: this string reaches the audit log and the admin, read beyond the mapping keepers.
        return f"{self.candidate} — {self.session}"

    def get_absolute_url(self) -> str:
        return reverse("exams:lobby", args=[self.pk])

    @property
    def is_active(self) -> bool:
        return self.status == RegistrationStatus.REGISTERED

    @property
    def extra_time(self) -> datetime.timedelta:
        return datetime.timedelta(minutes=self.extra_time_minutes)

    @property
    def total_minutes(self) -> int:
        return self.session.duration_minutes + self.extra_time_minutes

    @property
    def has_accommodations(self) -> bool:
        return bool(self.extra_time_minutes or self.large_print or self.assistant or self.accommodation_note)

    @staticmethod
    def new_code(unit: str) -> str:
        code = random_code(8)
        return f"{unit}-{code[:4]}-{code[4:]}"

    def can_withdraw(self, today: datetime.date | None = None) -> bool:
        today = today or timezone.localdate()
        return self.is_active and self.attempt_id is None and today <= self.session.registration_closes_on


class ConvocationBatch(models.Model):
    """Sending every convocation of a session by e-mail, in the background, with progress."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("En attente")
        RUNNING = "running", _("En cours")
        DONE = "done", _("Terminé")
        FAILED = "failed", _("Échec")

    session = models.ForeignKey(ExamSession, on_delete=models.CASCADE, related_name="convocation_batches")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    total = models.PositiveIntegerField(default=0)
    sent = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    errors = models.JSONField(default=list, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("envoi de convocations")
        verbose_name_plural = _("envois de convocations")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.session}: {self.sent}/{self.total}"

    @property
    def is_finished(self) -> bool:
        return self.status in {self.Status.DONE, self.Status.FAILED}

    @property
    def percent(self) -> int:
        if not self.total:
            return 100 if self.is_finished else 0
        return int(100 * (self.sent + self.failed) / self.total)

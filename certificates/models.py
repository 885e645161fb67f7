"""Certificates: what was issued (immutable bytes, their hash, the signed statement), its
versions, its revocation, the batches that issued them and the log of every action."""

from __future__ import annotations

import datetime
import json
import re
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

# No 0/O, 1/I/L: the code is printed and may be typed by hand. 16 symbols of 31 give
# about 79 bits: nobody finds a certificate by guessing its code.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_GROUPS = 4
CODE_GROUP_LENGTH = 4
CODE_PATTERN = re.compile(r"^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$")


def new_code() -> str:
    symbols = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_GROUPS * CODE_GROUP_LENGTH))
    return "-".join(symbols[i : i + CODE_GROUP_LENGTH] for i in range(0, len(symbols), CODE_GROUP_LENGTH))


def normalise_code(text: str) -> str | None:
    """``abcd efgh-jkmn pqrs`` → ``ABCD-EFGH-JKMN-PQRS``; None if it cannot be a code."""
    symbols = re.sub(r"[\s-]", "", str(text or "")).upper()
    if len(symbols) != CODE_GROUPS * CODE_GROUP_LENGTH:
        return None
    code = "-".join(symbols[i : i + CODE_GROUP_LENGTH] for i in range(0, len(symbols), CODE_GROUP_LENGTH))
    return code if CODE_PATTERN.match(code) else None


class Kind(models.TextChoices):
    UNIT_PASS = "unit_pass", _("Unité de valeur obtenue")
    TITLE = "title", _("Titre décerné")
    STAGE = "stage", _("Stage suivi")


class Language(models.TextChoices):
    FRENCH = "fr", _("Français")
    ENGLISH = "en", _("Anglais")
    BOTH = "both", _("Français et anglais sur la même page")


class Status(models.TextChoices):
    VALID = "valid", _("Valide")
    REVOKED = "revoked", _("Révoqué")
    SUPERSEDED = "superseded", _("Remplacé par une version plus récente")
    EXPIRED = "expired", _("Expiré")


class CertificateBatch(models.Model):
    """Issuing the certificates of a whole session (or of every title awarded) in the
    background, with progress; the ZIP of the PDFs is assembled from the stored bytes."""

    class State(models.TextChoices):
        QUEUED = "queued", _("En attente")
        RUNNING = "running", _("En cours")
        DONE = "done", _("Terminé")
        FAILED = "failed", _("Terminé avec des erreurs")

    class Scope(models.TextChoices):
        SESSION = "session", _("Unités de valeur d'une session")
        TITLES = "titles", _("Titres décernés sans certificat")

    scope = models.CharField(_("portée"), max_length=8, choices=Scope.choices)
    session = models.ForeignKey(
        "exams.ExamSession",
        verbose_name=_("session"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="certificate_batches",
    )
    language = models.CharField(_("langue"), max_length=6, default="holder")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    errors = models.JSONField(default=list, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("lot de certificats")
        verbose_name_plural = _("lots de certificats")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(scope="titles") | Q(session__isnull=False), name="certificate_batch_session_scope"
            ),
        ]

    def __str__(self) -> str:
        # In the site's time zone and the reader's language, as every time shown on a page.
        started = formats.date_format(timezone.localtime(self.created_at), "DATETIME_FORMAT")
        return f"{self.get_scope_display()} — {started}"

    def get_absolute_url(self) -> str:
        return reverse("certificates:batch", args=[self.pk])

    @property
    def is_finished(self) -> bool:
        return self.state in {self.State.DONE, self.State.FAILED}

    @property
    def percent(self) -> int:
        if not self.total:
            return 100 if self.is_finished else 0
        return int(100 * (self.done + self.failed) / self.total)


class CertificateQuerySet(models.QuerySet):
    def current(self) -> CertificateQuerySet:
        """Not replaced by a newer version (revoked ones included)."""
        return self.filter(superseded_at__isnull=True)

    def listed(self) -> CertificateQuerySet:
        """For lists and status pages: everything but the stored PDF bytes (26 KB each), which
        only a download reads."""
        return self.defer("pdf")

    def for_code(self, normalised: str | None) -> Certificate | None:
        """The certificate a verification code names (already normalised; None or "" names none),
        with the version that replaced it, for the public page and the API: no PDF bytes."""
        if not normalised:
            return None
        return (self.listed().select_related("next_version").defer("next_version__pdf")
                .filter(code=normalised).first())


# What may change once a certificate is issued: its status, never its content.
MUTABLE_FIELDS = frozenset({"superseded_at", "revoked_at", "revoked_by", "revocation_reason"})


class Certificate(models.Model):
    code = models.CharField(_("code de vérification"), max_length=19, unique=True, editable=False)
    kind = models.CharField(_("nature"), max_length=9, choices=Kind.choices)
    holder = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("titulaire"),
        on_delete=models.PROTECT,
        related_name="certificates",
    )
    holder_name = models.CharField(_("nom du titulaire"), max_length=200)
    unit_pass = models.ForeignKey(
        "exams.UnitPass", on_delete=models.PROTECT, null=True, blank=True, related_name="certificates"
    )
    title_award = models.ForeignKey(
        "exams.TitleAward", on_delete=models.PROTECT, null=True, blank=True, related_name="certificates"
    )
    stage_record = models.ForeignKey(
        "exams.StageRecord", on_delete=models.PROTECT, null=True, blank=True, related_name="certificates"
    )
    language = models.CharField(_("langue"), max_length=4, choices=Language.choices)
    version = models.PositiveSmallIntegerField(_("version"), default=1)
    previous = models.OneToOneField(
        "self",
        verbose_name=_("remplace"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="next_version",
    )
    issued_at = models.DateTimeField(_("délivré le"), default=timezone.now)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("délivré par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    valid_until = models.DateField(_("valable jusqu'au"), null=True, blank=True)
    statement = models.TextField(_("déclaration signée (JSON canonique)"))
    signature = models.CharField(_("signature Ed25519 (base64)"), max_length=100)
    key_id = models.CharField(_("clé de signature"), max_length=16)
    pdf = models.BinaryField(_("PDF délivré"))
    sha256 = models.CharField(_("empreinte SHA-256 du PDF"), max_length=64)
    batch = models.ForeignKey(
        CertificateBatch, on_delete=models.SET_NULL, null=True, blank=True, related_name="certificates"
    )
    superseded_at = models.DateTimeField(_("remplacé le"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("révoqué le"), null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("révoqué par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    revocation_reason = models.TextField(_("motif de la révocation (confidentiel)"), blank=True)

    objects = CertificateQuerySet.as_manager()

    class Meta:
        verbose_name = _("certificat")
        verbose_name_plural = _("certificats")
        ordering = ["-issued_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(
                        kind="unit_pass",
                        unit_pass__isnull=False,
                        title_award__isnull=True,
                        stage_record__isnull=True,
                    )
                    | Q(
                        kind="title",
                        unit_pass__isnull=True,
                        title_award__isnull=False,
                        stage_record__isnull=True,
                    )
                    | Q(
                        kind="stage",
                        unit_pass__isnull=True,
                        title_award__isnull=True,
                        stage_record__isnull=False,
                    )
                ),
                name="certificate_kind_matches_source",
            ),
            models.CheckConstraint(
                condition=Q(language__in=["fr", "en", "both"]), name="certificate_language_valid"
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="certificate_version_positive"),
            models.CheckConstraint(
                condition=Q(revoked_at__isnull=True) | ~Q(revocation_reason=""),
                name="certificate_revocation_has_reason",
            ),
            # At most one certificate in force per record, even when two people issue at once.
            *(
                models.UniqueConstraint(
                    fields=[source],
                    condition=Q(superseded_at__isnull=True, revoked_at__isnull=True),
                    name=f"certificate_one_in_force_per_{source}",
                )
                for source in ("unit_pass", "title_award", "stage_record")
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code} — {self.holder_name}"

    def save(self, *args, **kwargs) -> None:
        # Issued bytes are immutable: an existing row only ever changes its status.
        if not self._state.adding:
            update_fields = kwargs.get("update_fields")
            if update_fields is None or not set(update_fields) <= MUTABLE_FIELDS:
                raise ValidationError(
                    _("Un certificat délivré ne se modifie pas : délivrez une nouvelle version.")
                )
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("certificates:verify_code", args=[self.code])

    @property
    def source(self) -> models.Model:
        return self.unit_pass or self.title_award or self.stage_record

    def status(self, today: datetime.date | None = None) -> str:
        today = today or timezone.localdate()
        if self.revoked_at is not None:
            return Status.REVOKED
        if self.superseded_at is not None:
            return Status.SUPERSEDED
        if self.valid_until is not None and self.valid_until < today:
            return Status.EXPIRED
        return Status.VALID

    def get_status_display(self) -> str:
        return str(Status(self.status()).label)

    @property
    def awarded(self) -> str:
        """What it certifies, from its statement, in the reader's language."""
        language = "en" if (get_language() or "fr").startswith("en") else "fr"
        return json.loads(self.statement)["awarded"][language]

    @property
    def filename(self) -> str:
        return f"certificat-{self.code}-v{self.version}.pdf"


class CertificateLogEntry(models.Model):
    """The certificates' audit log, mirroring ``exams.AuditEntry``: who did what, when, why."""

    class Action(models.TextChoices):
        ISSUE = "issue", _("Certificat délivré")
        REISSUE = "reissue", _("Nouvelle version délivrée")
        REVOKE = "revoke", _("Certificat révoqué")
        BATCH = "batch", _("Lot de certificats lancé")

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    at = models.DateTimeField(_("le"), default=timezone.now, db_index=True)
    action = models.CharField(_("action"), max_length=8, choices=Action.choices)
    certificate = models.ForeignKey(
        Certificate, on_delete=models.PROTECT, null=True, blank=True, related_name="log_entries"
    )
    batch = models.ForeignKey(
        CertificateBatch, on_delete=models.SET_NULL, null=True, blank=True, related_name="log_entries"
    )
    reason = models.TextField(_("motif"), blank=True)
    details = models.JSONField(_("détails"), default=dict, blank=True, encoder=DjangoJSONEncoder)

    class Meta:
        verbose_name = _("entrée du journal des certificats")
        verbose_name_plural = _("journal des certificats")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}"

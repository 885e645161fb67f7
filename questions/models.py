"""The question bank.

A ``Question`` is the stable identity (its ``uid``, its workflow status, who wrote and
who reviewed it). Its content lives in ``QuestionVersion`` rows: the working draft is
mutable until it is published; once published a version is frozen forever (exams keep
the version they used), and editing a published question starts a new draft version.

``Question.status`` is the state of the editing workflow (draft → in review → published
→ retired). ``Question.current_version`` is the version in use (practice, exams); a
published question being revised keeps serving its current version while its new draft
goes through review (status draft or in review, ``current_version`` still set).
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.urls import NoReverseMatch, reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _


class QuestionType(models.TextChoices):
    SINGLE = "single", _("Choix unique")
    MULTIPLE = "multiple", _("Choix multiple")
    TRUEFALSE = "truefalse", _("Vrai / faux")
    NUMERIC = "numeric", _("Numérique")
    SHORT = "short", _("Réponse courte")
    OPEN = "open", _("Réponse ouverte (corrigée à la main)")
    RULING = "ruling", _("Décision d'arbitrage")
    COMPUTED = "computed", _("Calculée (une variante par candidat)")
    PAIRING = "pairing", _("Appariement d'une ronde (système suisse)")


class Status(models.TextChoices):
    DRAFT = "draft", _("Brouillon")
    IN_REVIEW = "in_review", _("En relecture")
    PUBLISHED = "published", _("Publiée")
    RETIRED = "retired", _("Retirée")


class Unit(models.TextChoices):
    UVR = "UVR", _("UVR — Règles du jeu")
    UVC = "UVC", _("UVC — Compétitions")
    UVO = "UVO", _("UVO — Organisation")
    UVT = "UVT", _("UVT — Tournois au système suisse")


class Difficulty(models.IntegerChoices):
    EASY = 1, _("Facile")
    MEDIUM = 2, _("Moyenne")
    HARD = 3, _("Difficile")


class MultipleScoring(models.TextChoices):
    ALL_OR_NOTHING = "all_or_nothing", _("Tout ou rien")
    PARTIAL = "partial", _("Crédit partiel")


class Outcome(models.TextChoices):
    GAME_CONTINUES = "game_continues", _("La partie continue")
    DRAW = "draw", _("Partie nulle")
    WHITE_WINS = "white_wins", _("Les Blancs gagnent")
    BLACK_WINS = "black_wins", _("Les Noirs gagnent")
    BOTH_LOSE = "both_lose", _("Les deux joueurs perdent")
    OTHER = "other", _("Autre")


class Action(models.TextChoices):
    NONE = "none", _("Aucune sanction")
    WARNING = "warning", _("Avertissement")
    ADD_TWO_MINUTES_OPPONENT = "add_two_minutes_opponent", _("Deux minutes ajoutées à l'adversaire")
    ADD_TIME_OPPONENT = "add_time_opponent", _("Temps ajouté à l'adversaire")
    RESTORE_POSITION = "restore_position", _("Rétablir la position")
    PLAY_INTENDED_MOVE = "play_intended_move", _("Jouer le coup annoncé")
    PLAY_TOUCHED_PIECE = "play_touched_piece", _("Jouer la pièce touchée")
    CAPTURE_TOUCHED_PIECE = "capture_touched_piece", _("Prendre la pièce touchée")
    COMPLETE_MOVE_WITH_KING = "complete_move_with_king", _("Compléter le coup avec le roi")
    REPLACE_PROMOTED_PIECE = "replace_promoted_piece", _("Remplacer la pièce de promotion")
    DEDUCT_TIME = "deduct_time", _("Retrait de temps")
    FORFEIT_GAME = "forfeit_game", _("Partie perdue")
    EXPEL = "expel", _("Exclusion")
    REPORT_TO_FEDERATION = "report_to_federation", _("Rapport à la fédération")
    OTHER = "other", _("Autre")


class Rate(models.TextChoices):
    STANDARD = "standard", _("Cadence lente")
    RAPID = "rapid", _("Rapide")
    BLITZ = "blitz", _("Blitz")


uid_validator = RegexValidator(
    r"^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$",
    _("Un identifiant ne contient que des minuscules non accentuées, des chiffres et des tirets."),
)


def searchable(*texts: str) -> str:
    """Texts folded for searching: lower case, accents and ligatures removed, spaces collapsed."""
    folded = unicodedata.normalize("NFKD", " ".join(texts).replace("œ", "oe").replace("Œ", "oe"))
    folded = "".join(char for char in folded if not unicodedata.combining(char)).casefold()
    return " ".join(folded.split())


class QuestionQuerySet(models.QuerySet):
    def in_use(self) -> QuestionQuerySet:
        """Questions that have a published version and are not retired (practice, exams)."""
        return self.filter(current_version__isnull=False).exclude(status=Status.RETIRED)

    def with_status(self, status: str, *, readable_draft: Q | None = None) -> QuestionQuerySet:
        """Questions in ``status`` as a reader sees them: "published" means "has a version in
        service" (a published question being revised stays published); "draft" and "in review"
        only match the working drafts the reader may read (``readable_draft``, see
        ``questions.permissions.readable_draft_condition``; None: every draft)."""
        if status == Status.PUBLISHED:
            return self.in_use()
        if status in (Status.DRAFT, Status.IN_REVIEW) and readable_draft is not None:
            return self.filter(readable_draft, status=status)
        return self.filter(status=status)

    def for_unit(self, unit: str) -> QuestionQuerySet:
        return self.filter(unit_codes__contains=f",{unit},")

    def with_tag(self, tag: str) -> QuestionQuerySet:
        return self.filter(search_text__contains=searchable(f"|{tag.strip()}|"))

    def needing_review(self) -> QuestionQuerySet:
        return self.filter(needs_review=True)

    def search(self, text: str) -> QuestionQuerySet:
        text = text.strip()
        if not text:
            return self
        return self.filter(search_text__contains=searchable(text))


class Question(models.Model):
    uid = models.CharField(_("identifiant"), max_length=120, unique=True, validators=[uid_validator])
    status = models.CharField(_("statut"), max_length=12, choices=Status.choices, default=Status.DRAFT)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("auteur"), on_delete=models.SET_NULL,
        null=True, blank=True, related_name="authored_questions",
    )
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("relecteur"), on_delete=models.SET_NULL,
        null=True, blank=True, related_name="reviewed_questions",
    )
    current_version = models.ForeignKey(
        "QuestionVersion", verbose_name=_("version publiée"), on_delete=models.PROTECT,
        null=True, blank=True, related_name="+",
    )
    draft = models.ForeignKey(
        "QuestionVersion", verbose_name=_("brouillon en cours"), on_delete=models.SET_NULL,
        null=True, blank=True, related_name="+",
    )
    needs_review = models.BooleanField(_("à revoir"), default=False)
    # The exam pool: written for exams, kept out of practice, mock exams and lesson exercises
    # until the jury of a session whose paper held it releases the corrections
    # (``delivery.exposure.reserved_questions``).
    exam_pool = models.BooleanField(
        _("réservée aux examens"), default=False,
        help_text=_("Hors entraînement tant que le jury d'une session qui l'a posée n'a pas publié "
                    "la correction."),
    )
    review_reason = models.TextField(_("raison de la revue"), blank=True)

    # Copied from the version in service (else, for a question never published, its draft: only
    # those who may read that draft see the question at all) so the bank can be filtered and
    # listed without reading every version (JSON lookups differ per database), and so a pending
    # draft never shows through to readers who may not read it (``refresh_summary``).
    type = models.CharField(_("type"), max_length=12, choices=QuestionType.choices, blank=True)
    difficulty = models.PositiveSmallIntegerField(_("difficulté"), choices=Difficulty.choices, default=2)
    unit_codes = models.CharField(_("unités"), max_length=40, blank=True, help_text="“,UVR,UVC,”")
    tag_list = models.TextField(_("étiquettes"), blank=True, help_text="“|tag|tag|”")
    summary_fr = models.TextField(_("énoncé (fr)"), blank=True)
    summary_en = models.TextField(_("énoncé (en)"), blank=True)
    # uid, both stems and "|tag|" items, lower case without accents: what the bank's search and
    # tag filter match, so that "reclamation" finds "Réclamation" on SQLite as on PostgreSQL.
    search_text = models.TextField(_("texte de recherche"), blank=True, editable=False)

    created_at = models.DateTimeField(_("créée le"), auto_now_add=True)
    updated_at = models.DateTimeField(_("modifiée le"), auto_now=True)

    objects = QuestionQuerySet.as_manager()

    class Meta:
        verbose_name = _("question")
        verbose_name_plural = _("questions")
        ordering = ["uid"]
        constraints = [
            models.CheckConstraint(
                condition=Q(difficulty__gte=1) & Q(difficulty__lte=3), name="question_difficulty_1_3"
            ),
            models.CheckConstraint(
                condition=Q(status__in=[s.value for s in Status]), name="question_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.uid

    def get_absolute_url(self) -> str:
        try:
            return reverse("questions:detail", kwargs={"uid": self.uid})
        except NoReverseMatch:
            return ""

    @property
    def units(self) -> list[str]:
        return [code for code in self.unit_codes.split(",") if code]

    @property
    def tags(self) -> list[str]:
        return [tag for tag in self.tag_list.split("|") if tag]

    @property
    def latest_version(self) -> QuestionVersion | None:
        """The version an author works on: the draft if there is one, else the published one."""
        return self.draft or self.current_version

    def summary(self, language: str = "fr") -> str:
        if language[:2] == "en" and self.summary_en:
            return self.summary_en
        return self.summary_fr

    @property
    def summary_in_language(self) -> str:
        """The summary in the interface's language (the French one when there is no English)."""
        return self.summary(get_language() or "fr")

    def refresh_summary(self) -> None:
        """Copy the list's summary and search index from the version in service, or from the
        draft of a question never published."""
        version = self.current_version or self.draft
        if version is not None:
            self.copy_summary_from(version)

    def copy_summary_from(self, version: QuestionVersion) -> None:
        self.type = version.type
        self.difficulty = version.difficulty
        self.unit_codes = "," + ",".join(version.units) + "," if version.units else ""
        self.tag_list = "|" + "|".join(version.tags) + "|" if version.tags else ""
        self.summary_fr = version.stem_fr[:300]
        self.summary_en = version.stem_en[:300]
        tags = (f"|{tag}|" for tag in version.tags)
        self.search_text = searchable(self.uid, version.stem_fr, version.stem_en, *tags)


class FrozenVersionError(Exception):
    """A published version was about to be changed or deleted."""


class QuestionVersion(models.Model):
    """The content of a question at one moment. Frozen once ``published_at`` is set."""

    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(_("version"))
    type = models.CharField(_("type"), max_length=12, choices=QuestionType.choices)
    units = models.JSONField(_("unités"), default=list)
    tags = models.JSONField(_("étiquettes"), default=list, blank=True)
    difficulty = models.PositiveSmallIntegerField(_("difficulté"), choices=Difficulty.choices, default=2)
    points = models.DecimalField(_("points"), max_digits=6, decimal_places=2, default=Decimal(1),
                                 validators=[MinValueValidator(Decimal("0.01"))])
    negative_marking = models.BooleanField(_("points négatifs"), default=False)
    eliminatory = models.BooleanField(_("éliminatoire"), default=False)
    stem_fr = models.TextField(_("énoncé (fr)"))
    stem_en = models.TextField(_("énoncé (en)"), blank=True)
    explanation_fr = models.TextField(_("explication (fr)"), blank=True)
    explanation_en = models.TextField(_("explication (en)"), blank=True)
    citations = models.JSONField(_("articles cités"), default=list, blank=True)
    source = models.TextField(_("source"), blank=True)
    scenario = models.JSONField(_("scénario"), null=True, blank=True)
    body = models.JSONField(_("contenu selon le type"), default=dict)
    # The images the stem shows (questions.media): [{name, sha256, alt_fr, alt_en}].
    media = models.JSONField(_("images"), default=list, blank=True)

    content_hash = models.CharField(_("empreinte du contenu"), max_length=64, db_index=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("auteur de la version"), on_delete=models.SET_NULL,
        null=True, blank=True, related_name="+",
    )
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("dernière modification par"), on_delete=models.SET_NULL,
        null=True, blank=True, related_name="+",
    )
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("relecteur"), on_delete=models.SET_NULL,
        null=True, blank=True, related_name="+",
    )
    created_at = models.DateTimeField(_("créée le"), auto_now_add=True)
    updated_at = models.DateTimeField(_("modifiée le"), auto_now=True)
    published_at = models.DateTimeField(_("publiée le"), null=True, blank=True)

    class Meta:
        verbose_name = _("version de question")
        verbose_name_plural = _("versions de question")
        ordering = ["question", "number"]
        constraints = [
            models.UniqueConstraint(fields=["question", "number"], name="question_version_number_unique"),
            models.CheckConstraint(condition=Q(points__gt=0), name="question_version_points_positive"),
            models.CheckConstraint(
                condition=Q(difficulty__gte=1) & Q(difficulty__lte=3), name="question_version_difficulty_1_3"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.question.uid} v{self.number}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            stored = QuestionVersion.objects.filter(pk=self.pk).values_list("published_at", flat=True).first()
            if stored is not None:
                raise FrozenVersionError(f"{self} is published and cannot be changed.")
        self.content_hash = content_hash(self.content())
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self.published_at is not None or QuestionVersion.objects.filter(
            pk=self.pk, published_at__isnull=False
        ).exists():
            raise FrozenVersionError(f"{self} is published and cannot be deleted.")
        return super().delete(*args, **kwargs)

    def clean(self) -> None:
        if self.type == QuestionType.OPEN and isinstance(self.body, dict) and self.points is not None:
            from questions.content import rubric_total_problem

            problem = rubric_total_problem(list(self.body.get("rubric") or []), self.points)
            if problem:
                raise ValidationError({"body": problem})

    @property
    def is_published(self) -> bool:
        return self.published_at is not None

    def content(self) -> dict:
        """The content in the bank's JSON format (FORMAT.md), without the uid. ``media`` only
        when the version has images: the content (and hash) of every other version is as before."""
        content = {
            "type": self.type,
            "units": list(self.units),
            "tags": list(self.tags),
            "difficulty": self.difficulty,
            "points": number_for_json(self.points),
            "negative_marking": self.negative_marking,
            "eliminatory": self.eliminatory,
            "stem_fr": self.stem_fr,
            "stem_en": self.stem_en,
            "explanation_fr": self.explanation_fr,
            "explanation_en": self.explanation_en,
            "citations": [dict(c) for c in self.citations],
            "source": self.source,
            "scenario": self.scenario,
            "body": self.body,
        }
        if self.media:
            content["media"] = [dict(item) for item in self.media]
        return content

    def set_content(self, content: dict) -> None:
        """Copy a validated, normalised content dict (see questions.content) into the fields."""
        self.type = content["type"]
        self.units = list(content["units"])
        self.tags = list(content["tags"])
        self.difficulty = content["difficulty"]
        self.points = Decimal(str(content["points"]))
        self.negative_marking = content["negative_marking"]
        self.eliminatory = content["eliminatory"]
        self.stem_fr = content["stem_fr"]
        self.stem_en = content["stem_en"]
        self.explanation_fr = content["explanation_fr"]
        self.explanation_en = content["explanation_en"]
        self.citations = [dict(c) for c in content["citations"]]
        self.source = content["source"]
        self.scenario = content["scenario"]
        self.body = content["body"]
        self.media = [dict(item) for item in content.get("media") or []]

    def stem(self, language: str = "fr") -> str:
        return self.stem_en if language[:2] == "en" and self.stem_en else self.stem_fr

    @property
    def stem_in_language(self) -> str:
        """The stem in the interface's language (the French one when there is no English)."""
        return self.stem(get_language() or "fr")

    def explanation(self, language: str = "fr") -> str:
        return self.explanation_en if language == "en" and self.explanation_en else self.explanation_fr

    def resolved_citations(self) -> list[tuple[dict, object | None]]:
        """Each citation with the rulebook object it points at, or None when not (yet) loaded."""
        from questions.citations import resolve_citation

        return [(citation, resolve_citation(citation["edition"], citation["article"]))
                for citation in self.citations]


def number_for_json(value: Decimal | float | int) -> int | float:
    value = Decimal(str(value))
    return int(value) if value == value.to_integral_value() else float(value)


def content_hash(content: dict) -> str:
    canonical = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ReviewComment(models.Model):
    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="comments")
    version = models.ForeignKey(QuestionVersion, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="comments")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("auteur"),
                               on_delete=models.SET_NULL, null=True, related_name="+")
    text = models.TextField(_("commentaire"))
    field = models.CharField(_("champ concerné"), max_length=100, blank=True)
    resolved = models.BooleanField(_("traité"), default=False)
    created_at = models.DateTimeField(_("écrit le"), auto_now_add=True)

    class Meta:
        verbose_name = _("commentaire de relecture")
        verbose_name_plural = _("commentaires de relecture")
        ordering = ["question", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.question.uid}: {self.text[:40]}"

    def clean(self) -> None:
        if not self.text.strip():
            raise ValidationError({"text": _("Le commentaire est vide.")})


class StatusChange(models.Model):
    """The audit trail of a question's workflow: who moved it from which status to which."""

    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="status_changes")
    version = models.ForeignKey(QuestionVersion, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="+")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("par"),
                              on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    from_status = models.CharField(_("de"), max_length=12, choices=Status.choices, blank=True)
    to_status = models.CharField(_("vers"), max_length=12, choices=Status.choices)
    note = models.TextField(_("note"), blank=True)
    at = models.DateTimeField(_("le"), auto_now_add=True)

    class Meta:
        verbose_name = _("changement de statut")
        verbose_name_plural = _("changements de statut")
        ordering = ["question", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.question.uid}: {self.from_status or '—'} → {self.to_status}"


from questions.media import QuestionImage  # noqa: E402,F401 (registers the model with the app)

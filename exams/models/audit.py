"""The exam office's audit log: every decision that bends or settles a candidate's fate."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal, InvalidOperation

from django.apps import apps
from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        OVERRIDE = "override", _("Dérogation à l'éligibilité")
        REGISTRATION = "registration", _("Inscription par l'équipe examens")
        WITHDRAWAL = "withdrawal", _("Désinscription")
        ACCOMMODATION = "accommodation", _("Aménagements")
        EXTENSION = "extension", _("Temps supplémentaire")
        OPENING = "opening", _("Ouverture de l'épreuve")
        ROLL_CALL = "roll_call", _("Appel")
        TITLE_AWARD = "title_award", _("Titre décerné")
        UNIT_PASS = "unit_pass", _("Unité de valeur enregistrée")
        UNLOCK = "unlock", _("Déverrouillage")
        PUBLICATION = "publication", _("Publication")
        STATUS = "status", _("Changement d'état de session")
        IMPORT = "import", _("Import de stages")
        CONVOCATIONS = "convocations", _("Envoi de convocations")
        # Grading and jury (app ``grading``).
        GRADE = "grade", _("Correction d'une réponse")
        JURY_DECISION = "jury_decision", _("Décision du jury")
        ANONYMITY = "anonymity", _("Levée de l'anonymat")
        PAPER_ENTRY = "paper_entry", _("Saisie d'une copie papier")
        PAPER_CORRECTION = "paper_correction", _("Correction d'une copie papier saisie")
        GRADERS = "graders", _("Désignation des correcteurs")
        DISTRIBUTION = "distribution", _("Répartition des copies")
        MAPPING_READ = "mapping_read", _("Consultation de la correspondance codes–noms")

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    at = models.DateTimeField(_("le"), default=timezone.now, db_index=True)
    action = models.CharField(_("action"), max_length=16, choices=Action.choices)
    content_type = models.ForeignKey(ContentType, on_delete=models.SET_NULL, null=True, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    target = GenericForeignKey("content_type", "object_id")
    object_repr = models.CharField(_("objet"), max_length=200, blank=True)
    session = models.ForeignKey(
        "exams.ExamSession",
        verbose_name=_("session"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
    )
    reason = models.TextField(_("motif"), blank=True)
    details = models.JSONField(_("détails"), default=dict, blank=True, encoder=DjangoJSONEncoder)

    class Meta:
        verbose_name = _("entrée du journal")
        verbose_name_plural = _("journal des examens")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_repr}"

    def readable_details(self) -> list[tuple[str, str]]:
        """The details as (label, value) for people, in the reader's language: known keys named,
        choices (session states, jury decisions) by their label, dates and numbers in the
        language's format, yes/no, lists joined; unknown keys kept as they are."""
        choices = _detail_choices(self.action)
        rows = []
        for key, value in self.details.items():
            if value is None or value == "" or value == []:
                shown = "—"
            elif isinstance(value, bool):
                shown = str(_("oui") if value else _("non"))
            elif key in choices:
                shown = str(choices[key].get(value, value))
            elif isinstance(value, list):
                shown = ", ".join(_readable_value(key, item) for item in value)
            elif isinstance(value, dict):
                shown = ", ".join(f"{name} {_readable_value(name, item)}" for name, item in value.items())
            else:
                shown = _readable_value(key, value)
            rows.append((str(DETAIL_LABELS.get(key, key)), shown))
        return rows


def _detail_choices(action: str) -> dict[str, dict[str, str]]:
    """The choices whose stored value a detail holds, by key, for one action."""
    if action == AuditEntry.Action.STATUS:
        from exams.models.sessions import SessionStatus

        states = dict(SessionStatus.choices)
        return {"from": states, "to": states}
    if action == AuditEntry.Action.JURY_DECISION:
        # Through the app registry: the jury (app ``grading``) builds on the exams app.
        decision = apps.get_model("grading", "JuryDecision")
        return {"decision": dict(decision._meta.get_field("kind").flatchoices)}
    return {}


# The JSON encoder stores decimals as strings ("9.00"); these keys hold numbers.
NUMBER_DETAILS = {"score", "previous", "points", "marks", "discrepancy_threshold", "borderline_margin"}
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _readable_value(key: str, value) -> str:
    """One stored value in the reader's language: ISO dates and numbers localised."""
    if isinstance(value, str) and ISO_DATE.fullmatch(value):
        try:
            return date_format(datetime.date.fromisoformat(value), "DATE_FORMAT")
        except ValueError:  # looks like a date but is none (2026-02-30)
            return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return number_format(value)
    if isinstance(value, str) and key in NUMBER_DETAILS:
        try:
            number = Decimal(value)
        except InvalidOperation:
            return value
        return number_format(number) if number.is_finite() else value
    return str(value)


DETAIL_LABELS = {
    "from": _("avant"), "to": _("après"), "before": _("avant"), "after": _("après"),
    "batch": _("envoi"), "total": _("total"), "candidate": _("candidat"), "centre": _("centre"),
    "refusal": _("motif du refus"), "rules": _("règles"), "by_staff": _("par l'équipe examens"),
    "unit": _("unité"), "passed_on": _("obtenue le"), "expires_on": _("valable jusqu'au"),
    "title": _("titre"), "awarded_on": _("décerné le"), "criteria_met": _("conditions remplies"),
    "present": _("présents"), "started": _("épreuves ouvertes"), "minutes": _("minutes"),
    "candidates": _("candidats"), "whole_centre": _("tout le centre"), "file": _("fichier"),
    "records": _("stages"), "graders": _("correcteurs"), "discrepancy_threshold": _("seuil d'écart (%)"),
    "borderline_margin": _("marge des cas limites"), "distributed": _("copies réparties"),
    "code": _("code"), "question": _("question"), "round": _("correction n°"), "points": _("points"),
    "previous": _("précédemment"), "marks": _("points par critère"), "answered": _("réponses saisies"),
    "decision": _("décision"), "score": _("note"), "passed": _("reçus"), "copies": _("copies"),
    "corrections_released": _("corrigés publiés"), "items": _("questions"), "source": _("origine"),
    "cohort": _("groupe"), "course": _("formation"), "trainee": _("stagiaire"), "stage": _("stage"),
    "date": _("date"), "scope": _("portée"), "session": _("session"),
    "jury_decision_withdrawn": _("décision du jury retirée"),
    "handed_back": _("copies rendues par les correcteurs retirés"),
}

"""The fixed wording of certificates, in French and English side by side.

A certificate is signed and kept for years: its words must not change when a translation
catalogue does, and a bilingual certificate needs both languages at once. So what is
printed on it and written in its signed statement is modelled here explicitly, like the
rulebook's two texts, rather than looked up in the gettext catalogues.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.utils import formats, translation

ISSUER = {
    "fr": "Fédération Française des Échecs — Direction Nationale de l'Arbitrage",
    "en": "French Chess Federation — National Arbitration Directorate",
}

UNITS = {
    "UVR": {"fr": "Règles du jeu", "en": "Laws of Chess"},
    "UVC": {"fr": "Compétitions", "en": "Competitions"},
    "UVO": {"fr": "Organisation", "en": "Organisation"},
    "UVT": {"fr": "Tournois au système suisse", "en": "Swiss-system tournaments"},
}

TITLES = {
    "AFJ": {"fr": "Arbitre fédéral jeune", "en": "Federal Youth Arbiter"},
    "AFC": {"fr": "Arbitre fédéral de club", "en": "Federal Club Arbiter"},
    "AFO": {"fr": "Arbitre fédéral d'open", "en": "Federal Open Arbiter"},
    "AFE": {"fr": "Arbitre fédéral élite", "en": "Federal Elite Arbiter"},
}
# Titles that come in levels (RIDNA: AFO1, AFO2).
LEVELLED_TITLES = {"AFO"}

STAGES = {
    "SJ": {"fr": "stage d'arbitre jeune", "en": "youth arbiter course"},
    "SC": {"fr": "stage d'arbitre de club", "en": "club arbiter course"},
    "SO": {"fr": "stage d'arbitre d'open", "en": "open arbiter course"},
    "SF": {"fr": "stage d'arbitre FIDE", "en": "FIDE arbiter course"},
    "FC": {"fr": "formation continue", "en": "continuing training"},
}

LABELS = {
    "heading": {"fr": "Certificat", "en": "Certificate"},
    "kind_unit_pass": {"fr": "Unité de valeur", "en": "Examination unit"},
    "kind_title": {"fr": "Titre d'arbitre", "en": "Arbiter title"},
    "kind_stage": {"fr": "Attestation de stage", "en": "Course attendance"},
    "certifies": {
        "fr": "La Direction Nationale de l'Arbitrage certifie que",
        "en": "The National Arbitration Directorate certifies that",
    },
    "verb_unit_pass": {"fr": "a obtenu l'unité de valeur", "en": "has passed the examination unit"},
    "verb_title": {"fr": "a reçu le titre", "en": "has been awarded the title"},
    "verb_stage": {"fr": "a suivi le", "en": "has attended the"},
    "session": {"fr": "Session d'examen", "en": "Examination session"},
    "passed_on": {"fr": "Obtenue le", "en": "Passed on"},
    "valid_until": {"fr": "Valable jusqu'au", "en": "Valid until"},
    "awarded_on": {"fr": "Décerné le", "en": "Awarded on"},
    "level": {"fr": "Niveau", "en": "Level"},
    "hours": {"fr": "Durée suivie", "en": "Hours attended"},
    "stage_date": {"fr": "Achevé le", "en": "Completed on"},
    "place": {"fr": "Lieu", "en": "Place"},
    "trainer": {"fr": "Formateur", "en": "Trainer"},
    "issued_on": {"fr": "Délivré le", "en": "Issued on"},
    "version": {"fr": "Version", "en": "Version"},
    "code": {"fr": "Code de vérification", "en": "Verification code"},
    "verify": {
        "fr": "Vérifiez ce certificat en scannant le code QR ou à l'adresse",
        "en": "Check this certificate by scanning the QR code or at",
    },
    "signed": {
        "fr": "Signé électroniquement (Ed25519) ; la déclaration signée est jointe à ce PDF.",
        "en": "Electronically signed (Ed25519); the signed statement is attached to this PDF.",
    },
}


def hours_text(hours: Decimal, language: str) -> str:
    number = f"{hours.normalize():f}"
    if language == "fr":
        return f"{number.replace('.', ',')} h"
    return f"{number} hours" if hours != 1 else "1 hour"


def date_text(day: datetime.date | None, language: str) -> str:
    if day is None:
        return ""
    with translation.override(language):
        return formats.date_format(day, "j F Y")


def title_name(title: str, level: int, language: str) -> str:
    name = TITLES[title][language]
    suffix = f"{title}{level}" if title in LEVELLED_TITLES else title
    return f"{name} ({suffix})"


def awarded(kind: str, details: dict, language: str) -> str:
    """One line saying what is certified, e.g. "UVR — Règles du jeu"."""
    if kind == "unit_pass":
        return f"{details['unit']} — {UNITS[details['unit']][language]}"
    if kind == "title":
        return title_name(details["title"], details["level"], language)
    stage = details["stage"]
    return f"{STAGES[stage][language]} ({stage})"

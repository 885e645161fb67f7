"""The editor's and the bank list's choices, patterns and small parsers."""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

UID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
PGN_HEADER_RE = re.compile(
    r'^[ \t]*\[([A-Za-z0-9_]+)[ \t]+"((?:[^"\\]|\\.)*)"[ \t]*\][ \t]*(?:\r?\n|$)', re.MULTILINE
)
PGN_RESULT_RE = re.compile(r"\s*(?:1-0|0-1|1/2-1/2|\*)\s*$")
CLOCK_RE = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?(?:\.\d)?$")
# A stem, an explanation or a model answer is a few paragraphs; far more is a paste gone wrong.
TEXT_LIMIT = 10_000
CITATION_RE = re.compile(r"^(?P<edition>[A-Za-z0-9]+)[\s:]+(?:art\.?\s*)?(?P<article>[A-Za-z0-9.]+)$")

TYPE_CHOICES = [
    ("single", _("Choix unique")),
    ("multiple", _("Choix multiple")),
    ("truefalse", _("Vrai ou faux")),
    ("numeric", _("Réponse numérique")),
    ("short", _("Réponse courte")),
    ("open", _("Question ouverte (corrigée à la main)")),
    ("ruling", _("Décision d'arbitrage")),
    ("computed", _("Question calculée (une variante par candidat)")),
    ("pairing", _("Appariement d'une ronde (système suisse)")),
]
CHOICE_TYPES = {"single", "multiple"}
UNIT_CHOICES = [("UVR", "UVR"), ("UVC", "UVC"), ("UVO", "UVO"), ("UVT", "UVT")]
DIFFICULTY_CHOICES = [(1, _("1 — facile")), (2, _("2 — moyenne")), (3, _("3 — difficile"))]
RATE_CHOICES = [
    ("standard", pgettext_lazy("cadence", "Standard")),
    ("rapid", pgettext_lazy("cadence", "Rapide")),
    ("blitz", pgettext_lazy("cadence", "Blitz")),
]
ORIENTATION_CHOICES = [("white", _("Blancs en bas")), ("black", _("Noirs en bas"))]
SIDE_CHOICES = [("", "—"), ("white", _("Blancs")), ("black", _("Noirs"))]
CLAIM_CHOICES = [
    ("", _("Aucune réclamation")),
    ("threefold", _("Triple répétition")),
    ("fifty", _("Règle des 50 coups")),
]
SCORING_CHOICES = [
    ("all_or_nothing", _("Tout ou rien")),
    ("partial", _("Partiel (chaque bonne option rapporte sa part)")),
]
OUTCOME_CHOICES = [
    ("game_continues", _("La partie continue")),
    ("draw", _("Partie nulle")),
    ("white_wins", _("Les Blancs gagnent")),
    ("black_wins", _("Les Noirs gagnent")),
    ("both_lose", _("Les deux joueurs perdent")),
    ("other", pgettext_lazy("décision", "Autre")),
]
ACTION_CHOICES = [
    ("none", _("Aucune sanction")),
    ("warning", _("Avertissement")),
    ("add_two_minutes_opponent", _("Deux minutes ajoutées à l'adversaire")),
    ("add_time_opponent", _("Temps ajouté à l'adversaire")),
    ("restore_position", _("Rétablir la position")),
    ("play_intended_move", _("Jouer le coup annoncé")),
    ("play_touched_piece", _("Jouer la pièce touchée")),
    ("capture_touched_piece", _("Prendre la pièce touchée")),
    ("complete_move_with_king", _("Compléter le coup avec le roi")),
    ("replace_promoted_piece", _("Remplacer la pièce de promotion")),
    ("deduct_time", _("Retirer du temps au fautif")),
    ("forfeit_game", _("Partie perdue par forfait")),
    ("expel", _("Exclusion de la compétition")),
    ("report_to_federation", _("Rapport à la fédération")),
    ("other", pgettext_lazy("sanction", "Autre")),
]
FILTER_STATUS_CHOICES = [
    ("", _("Tous")),
    ("draft", _("Brouillon")),
    ("in_review", _("En relecture")),
    ("published", _("Publiée")),
    ("retired", _("Retirée")),
]
EXPORT_FORMAT_CHOICES = [
    ("json", _("JSON (format Arbitre, sans perte)")),
    ("moodlexml", _("Moodle XML")),
    ("gift", _("GIFT")),
]


def nonblank_lines(text: str) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def square_list(text: str) -> list[str]:
    return [item for item in re.split(r"[\s,;]+", text or "") if item]


def parse_citation(text: str) -> dict[str, str] | None:
    """``"2018:4.3.1"``, ``"2018 4.3.1"`` or ``"2018 art. 4.3.1"`` → a citation dict."""
    match = CITATION_RE.match((text or "").strip())
    if not match:
        return None
    return {"edition": match["edition"].lower(), "article": match["article"].rstrip(".")}


def format_citation(citation: dict[str, str]) -> str:
    return f"{citation['edition']}:{citation['article']}"

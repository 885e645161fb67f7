"""What each role sees in the navigation and on the home page.

Each app adds its entries to NAV_ITEMS / HOME_PANELS once its pages exist. An entry names
the capability (a permission of ``accounts``) a person needs; ``None`` means everyone and
``"authenticated"`` means any logged-in person. Views check the same permissions through
their app's permission helper: hiding a link is a courtesy, not the guard.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.functional import Promise
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class NavItem:
    key: str
    label: str | Promise
    url_name: str
    capability: str | None = None

    def visible_to(self, user) -> bool:
        if self.capability is None:
            return True
        if not user.is_authenticated:
            return False
        if self.capability == "authenticated":
            return True
        return user.has_perm(f"accounts.{self.capability}")


@dataclass(frozen=True)
class HomePanel:
    key: str
    title: str | Promise
    text: str | Promise
    url_name: str
    link_label: str | Promise
    capability: str | None = None
    # Dotted path to a function (user) -> str | None: a short, cheap figure shown on the card.
    count: str | None = None

    visible_to = NavItem.visible_to


NAV_ITEMS: list[NavItem] = [
    NavItem("home", _("Accueil"), "home"),
    NavItem("rules", _("Règles du jeu"), "rules:index"),
    NavItem("papers", _("Mes épreuves"), "delivery:papers", "practise"),
    NavItem("questions", _("Banque de questions"), "questions:bank", "author_questions"),
    NavItem("positions", _("Analyse de position"), "positions:analyse", "author_questions"),
    NavItem("reviews", _("Relectures"), "questions:review_queue", "review_questions"),
    NavItem("exams", _("Examens"), "exams:home", "practise"),
    NavItem("exam-sessions", _("Sessions d'examen"), "exams:staff_sessions", "manage_exams"),
    NavItem("papers", _("Sujets"), "papers:index", "manage_exams"),
    NavItem("grading", _("Corrections"), "grading:queue", "grade_copies"),
    NavItem("admin", _("Administration"), "admin:index", "manage_users"),
    NavItem("practice", _("S'entraîner"), "practice:home", "practise"),
    NavItem("courses", _("Formations"), "courses:index", "practise"),
    NavItem("certificates", _("Certificats"), "certificates:staff", "manage_exams"),
]

HOME_PANELS: list[HomePanel] = [
    HomePanel(
        "questions",
        _("Banque de questions"),
        _(
            "Rédigez des questions de mise en situation, vérifiez-les avec le moteur de règles "
            "et relisez celles de vos collègues."
        ),
        "questions:bank",
        _("Ouvrir la banque de questions"),
        "author_questions",
    ),
    HomePanel(
        "rules",
        _("Règles du jeu"),
        _(
            "Les Règles de la FIDE en français et en anglais, leurs éditions successives "
            "et le Livre de l'Arbitre."
        ),
        "rules:index",
        _("Lire les règles"),
    ),
    HomePanel(
        "positions",
        _("Positions de référence"),
        _("Positions mortes, chute du drapeau, répétitions : les cas que l'arbitre doit savoir juger."),
        "positions:reference",
        _("Voir les positions"),
        "practise",
    ),
    HomePanel(
        "tournaments",
        _("Calculateurs de tournoi"),
        _(
            "Tables de Berger, rencontres entre deux joueurs et variation du classement Elo, "
            "pour s'entraîner."
        ),
        "tournaments:index",
        _("Ouvrir les calculateurs"),
        "practise",
    ),
    HomePanel(
        "rulebook-editions",
        _("Éditions du règlement"),
        _(
            "Chargez une nouvelle édition des Règles à partir d'un fichier structuré et voyez "
            "quels articles changent ; les questions qui les citent sont signalées aux relecteurs."
        ),
        "rules:upload",
        _("Charger une édition"),
        "manage_rulebook",
    ),
    HomePanel(
        "practice",
        _("S'entraîner"),
        _(
            "Questions par unité, par article ou sur vos points faibles avec la correction aussitôt, "
            "révision du jour et examens blancs chronométrés."
        ),
        "practice:home",
        _("S'entraîner"),
        "practise",
        count="practice.services.home_count",
    ),
    HomePanel(
        "courses",
        _("Formations"),
        _("Suivez votre stage (SJ, SC, SO, SF, FC) leçon par leçon et reprenez là où vous vous êtes arrêté."),
        "courses:next",
        _("Ma prochaine leçon"),
        "practise",
        count="courses.services.home_next_lesson",
    ),
]


@lru_cache(maxsize=256)
def _url(url_name: str, script_prefix: str, urlconf: str | None, root_urlconf: str) -> str:
    return reverse(url_name)


def menu_url(url_name: str) -> str:
    """``reverse(url_name)``, worked out once per process: the menu is on every page and its
    fourteen reversals cost a millisecond each time. The key holds whatever reverse() reads."""
    return _url(url_name, get_script_prefix(), get_urlconf(), settings.ROOT_URLCONF)


def nav_items(user) -> list[dict]:
    return [
        {"key": item.key, "label": item.label, "url": menu_url(item.url_name)}
        for item in NAV_ITEMS
        if item.visible_to(user)
    ]


def home_panels(user) -> list[dict]:
    return [
        {
            "key": panel.key,
            "title": panel.title,
            "text": panel.text,
            "url": menu_url(panel.url_name),
            "link_label": panel.link_label,
            "count": import_string(panel.count)(user) if panel.count else None,
        }
        for panel in HOME_PANELS
        if panel.visible_to(user)
    ]

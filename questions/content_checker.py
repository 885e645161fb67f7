"""The pieces every part of a question's content is checked with: the accepted shapes of keys
and squares, a problem found (``Problem``), and the checker that collects them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from config.safe_input import decimal_from_number

UID_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$")
# Page names under /questions/ that a uid must not shadow.
RESERVED_UIDS = frozenset({"new", "reviews", "import", "export", "editor"})
KEY_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
SQUARE_RE = re.compile(r"^[a-h][1-8]$")
ARROW_RE = re.compile(r"^[a-h][1-8][a-h][1-8](?::[a-z]+|:#[0-9a-fA-F]{3,8})?$")
CLOCK_RE = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?(?:\.\d)?$")

QUESTION_KEYS = (
    "uid", "type", "units", "tags", "difficulty", "points", "negative_marking", "eliminatory",
    "stem_fr", "stem_en", "explanation_fr", "explanation_en", "citations", "source", "scenario", "body",
    "media",
)
SCENARIO_DEFAULTS: dict[str, object] = {
    "fen": "", "moves": "", "ply": None, "orientation": "white", "arrows": [], "circles": [],
    "squares": {}, "clocks": None, "rate": "standard", "claim": None, "flag_fell": None,
}
OPTION_KEYS = ("key", "text_fr", "text_en", "correct", "feedback_fr", "feedback_en")
DECISION_KEYS = ("key", "outcome", "text_fr", "text_en", "correct")
SANCTION_KEYS = ("key", "action", "text_fr", "text_en", "correct")


@dataclass(frozen=True)
class Problem:
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


class ContentError(ValueError):
    """Raised by the services when content does not validate; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(str(problem) for problem in self.problems))

    def message_dict(self) -> dict[str, list[str]]:
        messages: dict[str, list[str]] = {}
        for problem in self.problems:
            messages.setdefault(problem.field, []).append(problem.message)
        return messages


def to_decimal(value: object) -> Decimal | None:
    """A JSON number (not a boolean) as a finite Decimal below a thousand billion, or None."""
    return decimal_from_number(value)


class _Checker:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, field: str, message: str) -> None:
        self.problems.append(Problem(field, message))

    def text(self, data: dict, key: str, path: str, *, required: bool = False) -> str:
        value = data.get(key, "")
        if value is None:
            value = ""
        if not isinstance(value, str):
            self.add(path + key, _("Ce champ doit être un texte."))
            return ""
        value = value.strip()
        if required and not value:
            self.add(path + key, _("Ce champ est obligatoire."))
        return value

    def boolean(self, data: dict, key: str, path: str, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.add(path + key, _("Ce champ doit valoir true ou false."))
            return default
        return value

    def unknown_keys(self, data: dict, allowed: tuple[str, ...] | set[str], path: str) -> None:
        for key in data:
            if key not in allowed:
                self.add(path + str(key), _("Champ inconnu « %(key)s ».") % {"key": key})

    def english(self, french: str, english: str, field: str, needs_english: bool) -> None:
        if needs_english and french and not english:
            self.add(field, _("La traduction anglaise est obligatoire pour une question d'UVR."))

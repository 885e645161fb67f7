"""Import and export of the question bank: the app's own JSON, Moodle XML and GIFT.

Each format module exposes ``export(entries) -> str`` and ``parse(text) -> ParseResult``
where an entry is ``BankEntry(uid, content)`` (content as in FORMAT.md, without the uid).
``questions.formats.importer.import_text`` ties parsing, validation and storage together
(all or nothing) and ``questions.formats.importer.export_questions`` selects and exports.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from dataclasses import dataclass, field

FORMATS = ("json", "moodlexml", "gift")
# The whole bank holds a few hundred questions; a bigger file is a mistake or an attack, and
# every question of an import is validated (and maybe checked by the rules engine) at once.
MAX_QUESTIONS = 1000
# Options of a choice question, criteria of a rubric: as questions.content allows.
MAX_OPTIONS = 100
MAX_CRITERIA = 100
# Our own Moodle export of 1,000 questions holds about 100,000 "<" (XML and HTML); reading
# HTML costs Python work per tag, so a file is refused beyond this many, before any is read.
MAX_MARKUP = 250_000


def check_markup(text: str) -> None:
    """UnsafeInput when ``text`` holds more tags ("<", or "&lt;" for escaped HTML) than MAX_MARKUP."""
    from django.utils.translation import gettext as _

    from config.safe_input import check_count

    check_count(text.count("<") + text.count("&lt;"), maximum=MAX_MARKUP, what=_("balises XML ou HTML"))


@dataclass
class BankEntry:
    uid: str
    content: dict
    label: str = ""  # where it came from, for messages: "#3", "question 3 (name)"
    source_format: str = "json"  # the format it was read from
    # Read in full: JSON, or Moodle XML/GIFT whose carried content (formats.extension) was taken.
    lossless: bool = False


@dataclass
class ParseProblem:
    where: str  # the question's number and uid/name, or "" for the whole file
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@dataclass
class ParseResult:
    entries: list[BankEntry] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)


def stable_uid(prefix: str, name: str, content: dict) -> str:
    """A uid for a question that came without one: from its name when it has one, else a hash.

    The same question imported twice gets the same uid, so re-importing never duplicates it.
    """
    ascii_name = unicodedata.normalize("NFKD", name or "").encode("ascii", "ignore").decode().lower()
    slug = "-".join(re.findall(r"[a-z0-9]+", ascii_name))[:60].strip("-")
    if slug and re.fullmatch(r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?", slug):
        return f"{prefix}-{slug}"
    digest_source = {key: content.get(key) for key in ("type", "stem_fr", "body")}
    canonical = json.dumps(digest_source, sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    return f"{prefix}-{digest[:12]}"

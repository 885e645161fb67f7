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


def decode_file(raw: bytes) -> tuple[str, str]:
    """(text, encoding) of an uploaded file: UTF-8 (with or without its BOM), else Windows-1252,
    the encoding of GIFT files written with Windows' Notepad; never raises."""
    try:
        return raw.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        # cp1252 leaves five bytes undefined: they are read as Latin-1 control characters.
        return raw.decode("cp1252", errors="replace"), "windows-1252"


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
    # What the file said of this question that the bank cannot hold (images, partial credit…),
    # one sentence each, in the reader's language: shown with the import's report.
    left_out: list[str] = field(default_factory=list)
    # The bytes of the images ``content["media"]`` names, by SHA-256, read from the file and not
    # yet stored (``questions.media.store_image`` at import).
    images: dict[str, bytes] = field(default_factory=dict)


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
    # Questions of a type the bank has no equivalent for (cloze, matching…): refused, but an
    # import may go on without them when the trainer agrees (``--skip-unsupported``).
    unsupported: list[ParseProblem] = field(default_factory=list)


class UnsupportedQuestion(ValueError):
    """A question of a type the bank cannot hold (Moodle's cloze, matching, drag and drop…)."""


def _slug(text: str, limit: int) -> str:
    ascii_text = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", ascii_text))[:limit].strip("-")


def stable_uid(prefix: str, name: str, content: dict, *, category: str = "", idnumber: str = "") -> str:
    """The uid of a question that came without one of ours. A name is not an id.

    - An ``idnumber`` (Moodle's "ID number", GIFT's ``[id:…]``) names the question: the same
      idnumber always gives the same uid (``prefix-id-<slug>-<hash of the idnumber>``), so a
      question edited in Moodle updates its earlier import.
    - Without one, the question is known by what makes it itself: its category, its name, its
      type and its French stem (``prefix-<slug of the name>-<hash of the four>``). Two unrelated
      questions with the same name get different uids; re-importing the same file finds the same
      questions (nothing changes); a question whose options or feedback were edited updates its
      earlier import; one whose stem or type changed is a new question, and the old one stays.
    """
    if idnumber:
        digest = hashlib.sha256(idnumber.encode()).hexdigest()[:10]
        slug = _slug(idnumber, 40)
        return f"{prefix}-id-{slug}-{digest}" if slug else f"{prefix}-id-{digest}"
    identity = {
        "category": category.strip(),
        "name": (name or "").strip(),
        "type": content.get("type"),
        "stem_fr": " ".join(str(content.get("stem_fr", "")).split()),
    }
    canonical = json.dumps(identity, sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:10]
    slug = _slug(name, 60)
    return f"{prefix}-{slug}-{digest}" if slug else f"{prefix}-{digest}"

"""The translation catalogues: French is the source language, English must be complete.

The English catalogue is checked entry by entry (nothing untranslated or fuzzy, every
placeholder and HTML tag kept, English punctuation), then compiled with GNU msgfmt into a
temporary directory, loaded with the standard ``gettext`` module and used to render a page.
"""

from __future__ import annotations

import gettext
import re
import subprocess
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management.utils import find_command
from django.test import override_settings
from django.utils import translation

LOCALE_DIR = Path(settings.LOCALE_PATHS[0])
CATALOGUES = {language: LOCALE_DIR / language / "LC_MESSAGES" / "django.po" for language in ("en", "fr")}
# printf-style placeholders (%(name)s, %s, %d, %%), brace placeholders and HTML tags.
PLACEHOLDER = re.compile(
    r"%\([^)]+\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]"
    r"|%[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]"
    r"|\{[A-Za-z_][A-Za-z0-9_]*\}"
    r"|</?[a-zA-Z][a-zA-Z0-9]*"
)
# French typography that must not leak into English: guillemets, a space before : ; ? !
FRENCH_PUNCTUATION = re.compile(r"[«»]|[ \u00a0\u202f][:;?!](?:\s|$)")


def load(language: str) -> polib.POFile:
    return polib.pofile(str(CATALOGUES[language]))


def live_entries(catalogue: polib.POFile) -> list[polib.POEntry]:
    return [entry for entry in catalogue if not entry.obsolete]


def describe(entry: polib.POEntry) -> str:
    where = ", ".join(f"{path}:{line}" for path, line in entry.occurrences[:2])
    return f"{entry.msgid!r} ({where})"


def source_and_translations(entry: polib.POEntry) -> list[tuple[str, str]]:
    """(msgid, msgstr) pairs; for a plural entry, form 0 pairs with msgid, the others with msgid_plural."""
    if entry.msgid_plural:
        return [
            (entry.msgid if index == 0 else entry.msgid_plural, text)
            for index, text in sorted(entry.msgstr_plural.items())
        ]
    return [(entry.msgid, entry.msgstr)]


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


class AnyValue(dict):
    """A mapping that answers 1 for every key, to try %-formatting a translation."""

    def __missing__(self, key: str) -> int:
        return 1


@pytest.fixture(scope="module")
def english() -> polib.POFile:
    return load("en")


@pytest.fixture(scope="module")
def compiled_locale(tmp_path_factory) -> Path:
    """Both catalogues compiled by msgfmt (with the checks Django's compilemessages asks for)."""
    msgfmt = find_command("msgfmt")
    if msgfmt is None:
        pytest.fail("GNU gettext's msgfmt is needed to compile the catalogues (make system-packages).")
    root = tmp_path_factory.mktemp("locale")
    for language, po_path in CATALOGUES.items():
        target = root / language / "LC_MESSAGES"
        target.mkdir(parents=True)
        result = subprocess.run(  # noqa: S603 - msgfmt found on PATH, our own catalogue files
            [msgfmt, "--check-format", "--check-header", "-o", str(target / "django.mo"), str(po_path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, f"msgfmt refused {po_path}:\n{result.stderr}"
    return root


def test_the_english_catalogue_has_no_untranslated_entry(english):
    missing = [
        describe(entry)
        for entry in live_entries(english)
        if not entry.translated() and "fuzzy" not in entry.flags
    ]
    assert missing == []


def test_the_english_catalogue_has_no_fuzzy_entry(english):
    assert [describe(entry) for entry in live_entries(english) if "fuzzy" in entry.flags] == []


def test_the_english_catalogue_declares_its_language_and_plural_forms(english):
    assert english.metadata["Language"] == "en"
    assert english.metadata["Plural-Forms"].startswith("nplurals=2;")


def test_every_english_translation_keeps_the_placeholders_and_tags(english):
    wrong = [
        f"{describe(entry)} -> {text!r}"
        for entry in live_entries(english)
        for source, text in source_and_translations(entry)
        if placeholders(source) != placeholders(text)
    ]
    assert wrong == []


def test_every_python_format_translation_can_be_formatted(english):
    failures = []
    for entry in live_entries(english):
        if "python-format" not in entry.flags:
            continue
        for source, text in source_and_translations(entry):
            found = placeholders(source)
            positional = [item for item in found if item.startswith("%") and item[1] not in "(%"]
            try:
                text % (AnyValue() if "%(" in source else tuple(1 for _ in positional))
            except (TypeError, ValueError, KeyError) as error:
                failures.append(f"{describe(entry)} -> {text!r}: {error}")
    assert failures == []


def test_translations_keep_a_trailing_space(english):
    """Code glues some messages to the next one; a leading space may go (" ; " becomes "; ")."""
    wrong = [
        describe(entry)
        for entry in live_entries(english)
        for source, text in source_and_translations(entry)
        if source[-1:].isspace() != text[-1:].isspace()
    ]
    assert wrong == []


def test_english_translations_use_english_punctuation(english):
    wrong = [
        f"{describe(entry)} -> {text!r}"
        for entry in live_entries(english)
        for _source, text in source_and_translations(entry)
        if FRENCH_PUNCTUATION.search(text)
    ]
    assert wrong == []


def test_the_french_catalogue_has_no_fuzzy_entry():
    assert [describe(entry) for entry in live_entries(load("fr")) if "fuzzy" in entry.flags] == []


def test_french_corrections_keep_the_placeholders():
    """French msgstr may stay empty (the msgid is shown); a filled one must fit the msgid."""
    wrong = [
        describe(entry)
        for entry in live_entries(load("fr"))
        for source, text in source_and_translations(entry)
        if text and placeholders(source) != placeholders(text)
    ]
    assert wrong == []


def test_both_catalogues_list_the_same_messages(english):
    def keys(catalogue: polib.POFile) -> set[tuple[str | None, str]]:
        return {(entry.msgctxt, entry.msgid) for entry in live_entries(catalogue)}

    assert keys(english) ^ keys(load("fr")) == set()


def test_the_compiled_english_catalogue_translates_singular_plural_and_context(compiled_locale):
    catalogue = gettext.translation("django", localedir=str(compiled_locale), languages=["en"])
    assert catalogue.gettext("Banque de questions") == "Question bank"
    assert catalogue.ngettext("pion", "pions", 1) == "pawn"
    assert catalogue.ngettext("pion", "pions", 3) == "pawns"
    assert catalogue.pgettext("cadence", "Rapide") == "Rapid"


@pytest.mark.django_db
def test_a_page_rendered_with_the_compiled_catalogue_is_in_english(compiled_locale, client):
    with override_settings(LOCALE_PATHS=[str(compiled_locale)]):
        html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
        with translation.override("en"):
            laws = translation.gettext("Règles du jeu")
    assert '<html lang="en">' in html
    assert laws == "Laws of Chess"
    assert "Laws of Chess" in html


def test_french_uses_the_singular_for_zero_and_one():
    """French plural rule (n > 1): "0 pion", "1 pion", "2 pions" — the catalogue must fill its
    plural forms, or gettext falls back to the English rule and writes "0 pions"."""
    with translation.override("fr"):
        forms = [translation.ngettext("pion", "pions", n) for n in (0, 1, 2)]
    assert forms == ["pion", "pion", "pions"]


def test_every_french_plural_entry_has_its_forms():
    empty = [describe(entry) for entry in live_entries(load("fr"))
             if entry.msgid_plural and not all(entry.msgstr_plural.get(index) for index in (0, 1))]
    assert empty == []


# The names under which makemessages (xgettext) finds the strings to translate: a string marked
# with another alias (``gettext_lazy as _lazy``) never reaches the catalogue and shows in French
# in the English interface.
EXTRACTED_NAMES = {
    "_",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
}
TRANSLATION_ALIAS = re.compile(r"\b(\w*gettext\w*) as (\w+)")


def test_translation_functions_are_imported_under_names_makemessages_reads():
    root = Path(settings.BASE_DIR)
    aliased = [
        f"{path.relative_to(root)}: {function} as {alias}"
        for path in root.glob("*/**/*.py")
        if path.parts[len(root.parts)] not in {".venv", "var", "node_modules"}
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("from django.utils.translation import")
        for function, alias in TRANSLATION_ALIAS.findall(line)
        if alias not in EXTRACTED_NAMES
    ]
    assert aliased == []


# {% translate %} prints its translation unescaped: inside an attribute value, a translation with
# that attribute's quote ends the attribute (the pairing board said "quick-bad" in English).
TRANSLATE_IN_ATTRIBUTE = re.compile(
    r"""=(["'])[^"'<>]*?\{%\s*translate\s+(["'])(.*?)\2(?:\s+context\s+(["'])(.*?)\4)?\s*%\}""", re.S
)


def test_no_translation_printed_inside_an_attribute_contains_its_quote(english):
    translations = {(entry.msgctxt or "", entry.msgid): entry.msgstr for entry in live_entries(english)}
    broken = []
    for template in Path(settings.BASE_DIR, "templates").rglob("*.html"):
        for match in TRANSLATE_IN_ATTRIBUTE.finditer(template.read_text(encoding="utf-8")):
            quote, msgid, context = match.group(1), match.group(3), match.group(5) or ""
            msgid = msgid.replace("%", "%%") if "%(" in msgid else msgid
            for text in (msgid, translations.get((context, msgid), "")):
                if quote in text:
                    broken.append(f"{template.name}: {text!r}")
    assert broken == []

"""What Moodle XML and GIFT cannot say natively travels beside each question, losslessly.

Both formats lose part of a question: the scenario (a position and moves: Moodle only sees
a picture, GIFT a line of text), the source, the options' keys, a ruling's correct sanctions
when they are worth 0 points, English short answers that are also French ones… So every
exported question also carries its whole content in the bank's JSON (FORMAT.md), in the
format's own extension mechanism: an ``<arbitre>`` element of the Moodle XML question
(Moodle's importer ignores elements it does not know) and a ``// arbitre-questions: …``
comment line before the GIFT question (comments are ignored by every GIFT reader).

On import, the native part decides whether the question was edited outside Arbitre: when it
reads exactly as the native export of the carried content would, nothing was edited and the
carried content is taken as it is (the round trip is lossless). When it differs, the native
part wins (the trainer edited the question in Moodle) and only the fields the format cannot
carry at all (the scenario and the source) are taken from the carried content.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable

from django.utils.translation import gettext as _

from config.safe_input import UnsafeInput, load_json, structure_problems
from questions.formats import BankEntry

FORMAT_NAME = "arbitre-questions"
FORMAT_VERSION = 1
# What neither Moodle XML nor GIFT can say at all, kept from the carried content even when
# the question was edited outside Arbitre.
UNCARRIED_FIELDS = ("scenario", "source")


def shown_entry(entry: BankEntry) -> BankEntry:
    """What Moodle XML and GIFT show natively of ``entry``: a computed question is exported as
    its sample variant (stem with its table as text, the variant's answer and worked solution)
    of its answer's type; the generator itself travels in the extension (``pack``)."""
    if entry.content.get("type") == "pairing":
        return dataclasses.replace(entry, content=_pairing_as_open(entry.content))
    if entry.content.get("type") != "computed":
        return entry
    from questions import computed

    variant, native = computed.variant_and_native(entry.content, computed.SAMPLE_SEEDS[0])
    for language in ("fr", "en"):
        table = variant.table(language)
        if table is not None:
            rows = (" | ".join(row) for row in table.rows)
            lines = [table.caption, " | ".join(table.header), *rows, *table.notes]
            native[f"stem_{language}"] += "\n\n" + "\n".join(lines)
    return dataclasses.replace(entry, content=native)


def _pairing_as_open(content: dict) -> dict:
    """A pairing question as Moodle XML and GIFT can show it: an open question whose stem
    carries the sample tournament (TRF16) and whose model answer is the engine's pairing
    explained; the question itself travels in the extension."""
    from django.utils import translation

    from questions import computed, pairing
    from questions.pairing.board import format_pairing_text
    from questions.pairing.marking import corrections
    from tournaments.trf import write

    seed = computed.SAMPLE_SEEDS[0]
    situation = pairing.situation_for(content["body"], seed)
    native = {**content, "type": "open"}
    answers = {}
    for language in ("fr", "en"):
        lines = []
        for item in corrections(content, {}, seed, language):
            engine = {"pairs": [list(p) for p in item.engine.pairs], "byes": list(item.engine.byes)}
            lines += [f"R{item.round}:", format_pairing_text(engine), *item.steps]
        answers[language] = "\n".join(lines)
        native[f"stem_{language}"] = (
            f"{content.get(f'stem_{language}', '')}\n\n{write(situation.tournament)}".strip()
        )
    with translation.override("fr"):
        scale_fr = " ".join(pairing.scale_lines(content["body"]))
    with translation.override("en"):
        scale_en = " ".join(pairing.scale_lines(content["body"]))
    native["body"] = {
        "model_answer_fr": answers["fr"],
        "model_answer_en": answers["en"],
        "rubric": [{"criterion_fr": scale_fr, "criterion_en": scale_en, "points": content["points"]}],
    }
    return native


def pack(content: dict) -> str:
    """The content as one line of JSON, ASCII only (no line break can end a GIFT comment)."""
    document = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "content": content}
    return json.dumps(document, ensure_ascii=True, sort_keys=True, separators=(",", ":"))


def unpack(text: str) -> dict:
    """The carried content, validated; ValueError with a message for the trainer otherwise."""
    from questions.content import validate_content

    try:
        document = load_json(text)
    except (ValueError, UnsafeInput) as error:
        raise ValueError(
            _("Le contenu Arbitre joint à la question est illisible : %(error)s") % {"error": error}
        ) from None
    unsafe = structure_problems(document)
    if unsafe:
        raise ValueError(
            _("Le contenu Arbitre joint à la question est invalide (%(problem)s).")
            % {"problem": unsafe[0][1]}
        )
    if (
        not isinstance(document, dict)
        or document.get("format") != FORMAT_NAME
        or document.get("version") != FORMAT_VERSION
        or not isinstance(document.get("content"), dict)
    ):
        raise ValueError(
            _("Le contenu Arbitre joint à la question n'est pas au format arbitre-questions, version 1.")
        )
    # Not against the database: an image the file names is checked at import, brought by the
    # file or visible to the importer (``importer._image_problems``), with one message either way.
    content, problems = validate_content(document["content"], check_citations=False, use_database=False)
    if problems:
        raise ValueError(
            _("Le contenu Arbitre joint à la question est invalide (%(problem)s).") % {"problem": problems[0]}
        )
    return content


def restore(entry: BankEntry, carried: str, native: Callable[[BankEntry], dict | None]) -> BankEntry:
    """``entry`` as read natively, completed with the ``carried`` content (see the module's doc).

    ``native(entry)`` is what the format's parser reads back from its native export (without
    this extension) of ``entry``.
    """
    if not carried.strip():
        return entry
    content = unpack(carried)
    if native(BankEntry(entry.uid, content, images=entry.images)) == entry.content:
        return BankEntry(
            entry.uid, content, label=entry.label, source_format=entry.source_format, lossless=True,
            images=entry.images,
        )
    edited = dict(entry.content)
    for name in UNCARRIED_FIELDS:
        if not edited.get(name) and content.get(name):
            edited[name] = content[name]
    return BankEntry(entry.uid, edited, label=entry.label, source_format=entry.source_format,
                     images=entry.images)

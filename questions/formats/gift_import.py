"""GIFT import (the mapping is described in ``questions.formats.gift``)."""

from __future__ import annotations

import functools
import re
from decimal import Decimal

from django.utils.translation import gettext as _

from config.safe_input import UnsafeInput, check_count, check_text, parse_decimal
from questions.formats import (
    MAX_OPTIONS,
    MAX_QUESTIONS,
    BankEntry,
    ParseProblem,
    ParseResult,
    check_markup,
    extension,
    stable_uid,
)
from questions.formats.gift import EXTENSION_COMMENT, unescape
from questions.formats.gift_export import export
from questions.formats.html_text import split_model_answer
from questions.formats.moodle_import import parse_grader_info
from questions.formats.moodle_metadata import apply_flags, json_number, read_tags
from questions.formats.text import html_to_texts


@functools.lru_cache(maxsize=16)
def _unescaped_run(separators: str) -> re.Pattern:
    """A run of text without an unescaped separator (escapes ``\\x`` kept as they are)."""
    others = re.escape(separators)
    return re.compile(rf"(?:[^\\{others}]|\\.|\\\Z)*+", re.S)


def _split_unescaped(text: str, separators: str, limit: int = 0) -> list[tuple[str, str]]:
    """Split ``text`` before every unescaped separator; returns (separator, piece) pairs, at
    most ``limit`` of them when it is given.

    Runs of ordinary text are matched in C: Python only looks at each separator."""
    run = _unescaped_run(separators)
    pieces: list[tuple[str, str]] = []
    marker = ""
    position = 0
    while True:
        match = run.match(text, position)
        piece, position = match.group(), match.end()
        if piece or marker:
            pieces.append((marker, piece))
        if position >= len(text) or (limit and len(pieces) >= limit):
            return pieces
        marker = text[position]
        position += 1
        if position >= len(text):
            pieces.append((marker, ""))
            return pieces


def _find_unescaped(text: str, char: str, start: int = 0) -> int:
    match = _unescaped_run(char).match(text, start)
    return match.end() if match.end() < len(text) else -1


def _blocks(text: str) -> list[tuple[list[str], str]]:
    """Question blocks (separated by blank lines) with the comment lines that precede them.

    Stops with UnsafeInput past MAX_QUESTIONS blocks: 200,000 of them are not worth reading."""
    blocks: list[tuple[list[str], str]] = []
    comments: list[str] = []
    lines: list[str] = []
    for raw in text.replace("\r\n", "\n").lstrip("\ufeff").split("\n"):
        line = raw.rstrip()
        if not line.strip():
            if lines:
                blocks.append((comments, "\n".join(lines)))
                comments, lines = [], []
                if len(blocks) > MAX_QUESTIONS:
                    raise UnsafeInput(
                        _("Plus de %(max)d blocs de questions : c'est trop, %(max)d au plus par fichier.")
                        % {"max": MAX_QUESTIONS}
                    )
            continue
        if line.lstrip().startswith("//"):
            if not lines:
                comments.append(line.lstrip()[2:].strip())
            continue
        if line.lstrip().startswith("$CATEGORY:") and not lines:
            continue
        lines.append(line)
    if lines:
        blocks.append((comments, "\n".join(lines)))
    return blocks


def _text(fragment: str, is_html: bool) -> tuple[str, str]:
    fragment = unescape(fragment.strip())
    if is_html:
        return html_to_texts(fragment)
    return fragment.strip(), ""


def parse(text: str) -> ParseResult:
    result = ParseResult()
    try:
        check_text(text)
        check_markup(text)
        blocks = _blocks(text)
        check_count(len(blocks), maximum=MAX_QUESTIONS, what=_("blocs de questions"))
    except UnsafeInput as error:
        result.problems.append(ParseProblem("", str(error)))
        return result
    for number, (comments, block) in enumerate(blocks, start=1):
        carried = "".join(
            line.removeprefix(EXTENSION_COMMENT) for line in comments if line.startswith(EXTENSION_COMMENT)
        )
        metadata = " ".join(line for line in comments if not line.startswith(EXTENSION_COMMENT))
        title_match = re.match(r"^\s*::(.*?)(?<!\\)::", block, flags=re.S)
        title = unescape(title_match.group(1)).strip() if title_match else ""
        label = f"#{number} ({title})" if title else f"#{number}"
        try:
            entry = _parse_block(block[title_match.end() :] if title_match else block, title, metadata)
            entry = extension.restore(entry, carried, _native)
        except ValueError as error:
            result.problems.append(ParseProblem(label, str(error)))
            continue
        entry.label = f"#{number} ({entry.uid})"
        result.entries.append(entry)
    return result


def _native(entry: BankEntry) -> dict | None:
    parsed = parse(export([entry], carry=False))
    return parsed.entries[0].content if parsed.entries else None


def _metadata(metadata: str, content: dict) -> tuple[str, dict]:
    """Moodle's ``// [id:…] [tag:…]`` comment: the uid and the tags."""
    idnumber = ""
    tags = []
    for kind, value in re.findall(r"\[(id|tag):([^\[\]]*)\]", metadata):
        if kind == "id":
            idnumber = value.strip()
        else:
            tags.append(value)
    return idnumber, read_tags(tags, content)


def _parse_block(block: str, title: str, metadata: str) -> BankEntry:
    is_html = False
    format_match = re.match(r"^\s*\[(html|moodle|plain|markdown)\]", block)
    if format_match:
        is_html = format_match.group(1) in ("html", "moodle")
        block = block[format_match.end() :]
    opening = _find_unescaped(block, "{")
    if opening < 0:
        raise ValueError(_("Pas de réponses entre accolades : ce n'est pas une question (description ?)."))
    closing = _find_unescaped(block, "}", opening)
    if closing < 0:
        raise ValueError(_("Accolade fermante manquante."))
    before, answers, after = block[:opening], block[opening + 1 : closing], block[closing + 1 :]
    stem_source = before + (" _____ " + after if after.strip() else "")
    stem_fr, stem_en = _text(stem_source, is_html)
    content: dict = {
        "type": "",
        "units": [],
        "tags": [],
        "difficulty": 2,
        "points": 1,
        "negative_marking": False,
        "eliminatory": False,
        "stem_fr": stem_fr,
        "stem_en": stem_en,
        "explanation_fr": "",
        "explanation_en": "",
        "citations": [],
        "source": "",
        "scenario": None,
        "body": {},
    }
    idnumber, flags = _metadata(metadata, content)

    feedback_at = answers.find("####")
    general = ""
    if feedback_at >= 0:
        answers, general = answers[:feedback_at], answers[feedback_at + 4 :]
    _parse_answers(answers.strip(), content, flags, is_html)
    apply_flags(content, flags)
    explanation_html = unescape(general.strip())
    if content["type"] == "open":
        _open_from_feedback(explanation_html, content, is_html)
    else:
        content["explanation_fr"], content["explanation_en"] = (
            html_to_texts(explanation_html) if is_html else (explanation_html, "")
        )

    from questions.content import UID_RE

    # Only an explicit id is taken as is: a bare name could collide with one of our uids.
    uid = idnumber if UID_RE.match(idnumber) else stable_uid("gift", title, content)
    return BankEntry(uid=uid, content=content, source_format="gift")


def _parse_answers(answers: str, content: dict, flags: dict, is_html: bool) -> None:
    if not answers:
        content["type"] = "open"
        return
    upper = answers.split("#")[0].strip().upper()
    if upper in ("T", "TRUE", "F", "FALSE"):
        content["type"] = "truefalse"
        content["body"] = {"answer": upper in ("T", "TRUE")}
        return
    if answers.startswith("#"):
        content["type"] = "numeric"
        content["body"] = _numeric(answers[1:])
        return
    if "->" in answers:
        raise ValueError(_("Les questions d'appariement (->) ne sont pas prises en charge."))
    split = _split_unescaped(answers, "=~", limit=MAX_OPTIONS + 2)
    if len(split) > MAX_OPTIONS + 1:
        raise UnsafeInput(_("plus de %(max)d réponses : c'est trop.") % {"max": MAX_OPTIONS}, _("réponses"))
    pieces = [(marker, piece) for marker, piece in split if marker or piece.strip()]
    check_count(len(pieces), maximum=MAX_OPTIONS, what=_("réponses"), field=_("réponses"))
    if any(not marker for marker, _piece in pieces):
        raise ValueError(_("Réponse sans « = » ni « ~ » : %(text)s") % {"text": pieces[0][1].strip()[:60]})
    if all(marker == "=" for marker, _piece in pieces):
        content["type"] = "short"
        content["body"] = {
            "accepted": [unescape(_strip_feedback(piece)).strip() for _m, piece in pieces],
            "accepted_en": [],
        }
        return
    options = []
    weighted = False
    negative = False
    for index, (marker, piece) in enumerate(pieces):
        weight = None
        weight_match = re.match(r"^\s*%([^%\n]{0,40})%", piece)
        if weight_match:
            weight = parse_decimal(
                weight_match.group(1), field=_("réponse %(n)d, pourcentage") % {"n": index + 1}
            )
            piece = piece[weight_match.end() :]
            weighted = weighted or weight > 0
            negative = negative or weight < 0
        text_part, feedback_part = _split_feedback(piece)
        text_fr, text_en = _text(text_part, is_html)
        feedback_fr, feedback_en = _text(feedback_part, is_html) if feedback_part else ("", "")
        correct = marker == "=" or (weight is not None and weight > 0)
        options.append(
            {
                "key": chr(ord("a") + index) if index < 26 else f"o{index + 1}",
                "text_fr": text_fr,
                "text_en": text_en,
                "correct": correct,
                "feedback_fr": feedback_fr,
                "feedback_en": feedback_en,
            }
        )
    if weighted:
        content["type"] = "multiple"
        content["body"] = {"options": options, "scoring": flags.get("scoring") or "partial", "shuffle": True}
    else:
        content["type"] = "single"
        content["body"] = {"options": options, "shuffle": True}
        content["negative_marking"] = content["negative_marking"] or negative


def _split_feedback(piece: str) -> tuple[str, str]:
    at = _find_unescaped(piece, "#")
    return (piece, "") if at < 0 else (piece[:at], piece[at + 1 :])


def _strip_feedback(piece: str) -> str:
    return _split_feedback(piece)[0]


def _numeric(answer: str) -> dict:
    answer = _strip_feedback(answer.lstrip("=")).strip()
    field = _("réponse numérique")
    low_text, separator, high_text = unescape(answer).partition("..")
    if separator:
        low = parse_decimal(low_text, field=field)
        high = parse_decimal(high_text, field=field)
        value, tolerance = (low + high) / 2, (high - low) / 2
    else:
        value_text, _sep, tolerance_text = answer.partition(":")
        value = parse_decimal(unescape(value_text), field=field)
        tolerance = parse_decimal(unescape(tolerance_text).strip() or "0", field=_("tolérance"))
    return {
        "value": json_number(value),
        "tolerance": json_number(abs(tolerance)),
        "unit_fr": "",
        "unit_en": "",
    }


def _open_from_feedback(feedback_html: str, content: dict, is_html: bool) -> None:
    explanation_html, model, rubric = split_model_answer(feedback_html)
    grader_info = (f"<p>{model}</p>" if model is not None else "") + rubric
    content["body"] = parse_grader_info(grader_info, Decimal(str(content["points"])))
    content["explanation_fr"], content["explanation_en"] = (
        html_to_texts(explanation_html) if is_html else (explanation_html.strip(), "")
    )

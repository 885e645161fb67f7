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
    UnsupportedQuestion,
    check_markup,
    extension,
)
from questions.formats.gift import EXTENSION_COMMENT, unescape
from questions.formats.gift_export import export
from questions.formats.html_text import html_to_texts_noting, split_model_answer
from questions.formats.left_out import formatting_notes
from questions.formats.moodle_grades import weight_notes
from questions.formats.moodle_import import parse_grader_info
from questions.formats.moodle_metadata import (
    apply_carried,
    apply_flags,
    bank_uid,
    category_tag,
    fraction_text,
    json_number,
    read_tags,
    restore_tags,
    short_accepted,
)
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


def _blocks(text: str) -> list[tuple[list[str], str, str]]:
    """Question blocks (separated by blank lines) with the comment lines that precede them and the
    category (``$CATEGORY:``) they are in.

    Stops with UnsafeInput past MAX_QUESTIONS blocks: 200,000 of them are not worth reading."""
    blocks: list[tuple[list[str], str, str]] = []
    category = ""
    comments: list[str] = []
    lines: list[str] = []
    for raw in text.replace("\r\n", "\n").lstrip("\ufeff").split("\n"):
        line = raw.rstrip()
        if not line.strip():
            if lines:
                blocks.append((comments, "\n".join(lines), category))
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
            category = line.lstrip()[len("$CATEGORY:") :].strip()
            continue
        lines.append(line)
    if lines:
        blocks.append((comments, "\n".join(lines), category))
    return blocks


FORMAT_MARKER_RE = re.compile(r"^\s*\[(html|moodle|plain|markdown)\]")
_MARKDOWN_LINK_RE = re.compile(r"\[([^\[\]\n]+)\]\((https?://[^()\s]+)\)")
_MARKDOWN_EMPHASIS_RE = re.compile(r"(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1")


def _text(
    fragment: str, text_format: str, where: str = "", left_out: list[str] | None = None
) -> tuple[str, str]:
    """(French, English) of a GIFT text in ``text_format`` (the question's), unless the text
    starts with its own ``[html]``/``[plain]``/``[markdown]``/``[moodle]`` marker, which is removed
    and honoured. What plain text loses is noted in ``left_out`` under ``where``."""
    marker = FORMAT_MARKER_RE.match(fragment)
    if marker:
        text_format, fragment = marker.group(1), fragment[marker.end() :]
    fragment = unescape(fragment.strip())
    if text_format in ("html", "moodle"):
        french, english, lost = html_to_texts_noting(fragment)
    elif text_format == "markdown":
        lost = set()
        fragment = _MARKDOWN_LINK_RE.sub(r"\1 (\2)", fragment)
        fragment, emphasis = _MARKDOWN_EMPHASIS_RE.subn(r"\2", fragment)
        if emphasis:
            lost.add("emphasis")
        french, english = fragment.strip(), ""
    else:
        french, english, lost = fragment.strip(), "", set()
    if left_out is not None and where:
        left_out.extend(formatting_notes(where, lost))
    return french, english


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
    for number, (comments, block, category) in enumerate(blocks, start=1):
        carried = "".join(
            line.removeprefix(EXTENSION_COMMENT) for line in comments if line.startswith(EXTENSION_COMMENT)
        )
        metadata = " ".join(line for line in comments if not line.startswith(EXTENSION_COMMENT))
        title_match = re.match(r"^\s*::(.*?)(?<!\\)::", block, flags=re.S)
        title = unescape(title_match.group(1)).strip() if title_match else ""
        label = f"#{number} ({title})" if title else f"#{number}"
        try:
            entry = _parse_block(
                block[title_match.end() :] if title_match else block, title, metadata, category
            )
            entry = extension.restore(entry, carried, _native)
        except UnsupportedQuestion as error:
            result.unsupported.append(ParseProblem(label, str(error)))
            continue
        except ValueError as error:
            result.problems.append(ParseProblem(label, str(error)))
            continue
        entry.label = f"#{number} ({entry.uid})"
        result.entries.append(entry)
    return result


def _native(entry: BankEntry) -> dict | None:
    parsed = parse(export([entry], carry=False))
    return parsed.entries[0].content if parsed.entries else None


def _metadata(metadata: str, content: dict, stem_source: str = "") -> tuple[str, dict]:
    """Moodle's ``// [id:…] [tag:…]`` comment: the uid and the tags."""
    idnumber = ""
    tags = []
    for kind, value in re.findall(r"\[(id|tag):([^\[\]]*)\]", metadata):
        if kind == "id":
            idnumber = value.strip()
        else:
            tags.append(value)
    return idnumber, read_tags(restore_tags(tags, stem_source=unescape(stem_source)), content)


def _parse_block(block: str, title: str, metadata: str, category: str = "") -> BankEntry:
    text_format = "moodle"  # GIFT's default: Moodle's own format, HTML-like
    format_match = FORMAT_MARKER_RE.match(block)
    if format_match:
        text_format = format_match.group(1)
        block = block[format_match.end() :]
    opening = _find_unescaped(block, "{")
    if opening < 0:
        raise UnsupportedQuestion(
            _("Pas de réponses entre accolades : c'est une description, pas une question.")
        )
    closing = _find_unescaped(block, "}", opening)
    if closing < 0:
        raise ValueError(_("Accolade fermante manquante."))
    before, answers, after = block[:opening], block[opening + 1 : closing], block[closing + 1 :]
    stem_source = before + (" _____ " + after if after.strip() else "")
    left_out: list[str] = []
    stem_fr, stem_en = _text(stem_source, text_format, _("énoncé"), left_out)
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
    idnumber, flags = _metadata(metadata, content, stem_source)
    if category_tag(category):
        content["tags"].append(category_tag(category))

    feedback_at = answers.find("####")
    general = ""
    if feedback_at >= 0:
        answers, general = answers[:feedback_at], answers[feedback_at + 4 :]
    _parse_answers(answers.strip(), content, flags, text_format, left_out)
    apply_flags(content, flags)
    if content["type"] == "open":
        _open_from_feedback(general, content, text_format)
    else:
        content["explanation_fr"], content["explanation_en"] = _text(
            general, text_format, _("explication"), left_out
        )
    apply_carried(content, unescape(stem_source))
    uid = bank_uid("gift", idnumber, title, content, category)
    return BankEntry(uid=uid, content=content, source_format="gift", left_out=left_out)


_WEIGHT_RE = re.compile(r"^\s*%([^%\n]{0,40})%")


def _answer_pieces(answers: str) -> list[tuple[str, Decimal | None, str, str, str]]:
    """(marker, weight in % or None, text, feedback, as written) of each ``=``/``~`` answer,
    escapes kept."""
    split = _split_unescaped(answers, "=~", limit=MAX_OPTIONS + 2)
    if len(split) > MAX_OPTIONS + 1:
        raise UnsafeInput(_("plus de %(max)d réponses : c'est trop.") % {"max": MAX_OPTIONS}, _("réponses"))
    pieces = [(marker, piece) for marker, piece in split if marker or piece.strip()]
    check_count(len(pieces), maximum=MAX_OPTIONS, what=_("réponses"), field=_("réponses"))
    read = []
    for number, (marker, piece) in enumerate(pieces, start=1):
        if not marker:
            raise ValueError(_("Réponse sans « = » ni « ~ » : « %(text)s »") % {"text": piece.strip()[:60]})
        weight = None
        raw_piece = piece
        weight_match = _WEIGHT_RE.match(piece)
        if weight_match:
            weight = parse_decimal(
                weight_match.group(1),
                field=_("réponse %(n)d, pourcentage (« %(fragment)s »)")
                % {"n": number, "fragment": (marker + piece.strip())[:60]},
            )
            piece = piece[weight_match.end() :]
        written = (marker + raw_piece).strip()
        text, feedback = _split_feedback(piece)
        read.append((marker, weight, text, feedback, written))
    return read


def _parse_answers(answers: str, content: dict, flags: dict, text_format: str, left_out: list[str]) -> None:
    if not answers:
        content["type"] = "open"
        return
    upper = answers.split("#")[0].strip().upper()
    if upper in ("T", "TRUE", "F", "FALSE"):
        content["type"] = "truefalse"
        content["body"] = {"answer": upper in ("T", "TRUE")}
        for feedback in _split_unescaped(answers, "#")[1:]:
            if feedback[1].strip():
                left_out.append(
                    _("retour « %(feedback)s » non repris (une question vrai/faux n'en a pas ici).")
                    % {"feedback": unescape(feedback[1].strip())[:80]}
                )
        return
    if answers.startswith("#"):
        content["type"] = "numeric"
        content["body"] = _numeric(answers[1:], left_out)
        return
    if "->" in answers:
        raise UnsupportedQuestion(_("Les questions d'appariement (->) ne sont pas prises en charge."))
    pieces = _answer_pieces(answers)
    if all(piece[0] == "=" for piece in pieces):
        # Short answer: weights are weights (``=%50%Cat``), never part of the accepted answer.
        texts = [unescape(FORMAT_MARKER_RE.sub("", piece[2])).strip() for piece in pieces]
        weights = [Decimal(100) if piece[1] is None else piece[1] for piece in pieces]
        content["type"] = "short"
        content["body"] = {"accepted": short_accepted(texts, weights, left_out), "accepted_en": []}
        for (_m, _w, _t, feedback, _written), text in zip(pieces, texts, strict=True):
            if feedback.strip():
                left_out.append(
                    _("retour de la réponse « %(answer)s » non repris : « %(feedback)s »")
                    % {"answer": text[:40], "feedback": unescape(feedback.strip())[:80]}
                )
        return
    # Moodle's rule: with an "=" answer, one answer is chosen; without, several may be.
    single = any(piece[0] == "=" for piece in pieces)
    options, weights = [], []
    for index, (marker, weight, text_part, feedback_part, _written) in enumerate(pieces):
        where = _("réponse %(n)d") % {"n": index + 1}
        text_fr, text_en = _text(text_part, text_format, where, left_out)
        feedback_fr, feedback_en = (
            _text(feedback_part, text_format, _("retour de la %(where)s") % {"where": where}, left_out)
            if feedback_part
            else ("", "")
        )
        if weight is None:
            weight = Decimal(100) if marker == "=" else Decimal(0)
        weights.append(weight)
        options.append(
            {
                "key": chr(ord("a") + index) if index < 26 else f"o{index + 1}",
                "text_fr": text_fr,
                "text_en": text_en,
                "correct": weight > 0,
                "feedback_fr": feedback_fr,
                "feedback_en": feedback_en,
            }
        )
    if not flags.get("ruling"):
        left_out.extend(weight_notes(weights, [option["text_fr"] for option in options], single=single))
    if single:
        best = max(weights)
        for option, weight in zip(options, weights, strict=True):
            option["correct"] = weight > 0 and weight == best
        content["type"] = "single"
        content["body"] = {"options": options, "shuffle": True}
        content["negative_marking"] = content["negative_marking"] or any(weight < 0 for weight in weights)
    else:
        content["type"] = "multiple"
        content["body"] = {"options": options, "scoring": flags.get("scoring") or "partial", "shuffle": True}


def _split_feedback(piece: str) -> tuple[str, str]:
    at = _find_unescaped(piece, "#")
    return (piece, "") if at < 0 else (piece[:at], piece[at + 1 :])


def _numeric_answer(spec: str, fragment: str) -> tuple[Decimal, Decimal]:
    """(value, tolerance) of ``3``, ``3:2`` or ``1..5``; errors quote ``fragment``, as written."""
    field = _("réponse numérique « %(fragment)s »") % {"fragment": " ".join(fragment.split())[:60]}
    low_text, separator, high_text = spec.partition("..")
    if separator:
        low, high = parse_decimal(low_text, field=field), parse_decimal(high_text, field=field)
        return (low + high) / 2, abs(high - low) / 2
    value_text, _sep, tolerance_text = spec.partition(":")
    tolerance_field = _("tolérance de la réponse numérique « %(fragment)s »") % {
        "fragment": " ".join(fragment.split())[:60]
    }
    tolerance = parse_decimal(tolerance_text.strip() or "0", field=tolerance_field)
    return parse_decimal(value_text, field=field), abs(tolerance)


def _numeric(answers: str, left_out: list[str]) -> dict:
    """``{#3:2}``, ``{#1..5}`` or Moodle's own export ``{#\n\t=%100%3:2#feedback\n\t=%50%3:4\n}``:
    the bank keeps the answer at 100 % (the first one) and reports the others."""
    implicit = not re.match(r"^\s*[=~]", answers)
    pieces = _answer_pieces("=" + answers if implicit else answers)
    read = []
    for marker, weight, text, feedback, written in pieces:
        if weight is None:
            weight = Decimal(100) if marker == "=" else Decimal(0)
        fragment = "#" + (written[1:] if implicit else written)
        value, tolerance = _numeric_answer(unescape(text).strip(), fragment)
        read.append((weight, value, tolerance, unescape(feedback).strip(), unescape(text).strip()))
    full = [item for item in read if item[0] >= 100]
    if not full:
        raise ValueError(_("Une question numérique doit avoir une réponse à 100 %."))
    kept = full[0]
    for weight, _value, _tolerance, feedback, text in read:
        if (weight, text) != (kept[0], kept[4]) and weight > 0:
            left_out.append(
                _("réponse %(text)s (%(weight)s %%) non reprise : la banque n'accepte qu'une valeur.")
                % {"text": text[:40], "weight": fraction_text(weight)}
            )
        if feedback:
            left_out.append(
                _("retour de la réponse %(text)s non repris : « %(feedback)s »")
                % {"text": text[:40], "feedback": feedback[:80]}
            )
    return {
        "value": json_number(kept[1]),
        "tolerance": json_number(kept[2]),
        "unit_fr": "",
        "unit_en": "",
    }


def _open_from_feedback(feedback: str, content: dict, text_format: str) -> None:
    marker = FORMAT_MARKER_RE.match(feedback)
    if marker:
        text_format, feedback = marker.group(1), feedback[marker.end() :]
    explanation_html, model, rubric = split_model_answer(unescape(feedback.strip()))
    grader_info = (f"<p>{model}</p>" if model is not None else "") + rubric
    content["body"] = parse_grader_info(grader_info, Decimal(str(content["points"])))
    content["explanation_fr"], content["explanation_en"] = (
        html_to_texts(explanation_html)
        if text_format in ("html", "moodle")
        else (explanation_html.strip(), "")
    )

"""GIFT export (the mapping is described in ``questions.formats.gift``)."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _

from questions.formats import BankEntry, extension
from questions.formats.gift import EXTENSION_COMMENT, escape
from questions.formats.moodle_export import choice_rows
from questions.formats.moodle_metadata import (
    TAG_PREFIX,
    data_span,
    export_tags,
    fraction_text,
    moodle_tag,
)
from questions.formats.text import SCENARIO_CLASS, bilingual_html, rubric_html, scenario_board


def _html(french: str, english: str) -> str:
    return escape(bilingual_html(french, english))


def _scenario_text(content: dict) -> str:
    scenario = content.get("scenario")
    if not scenario:
        return ""
    fen, _last = scenario_board(scenario)
    lines = []
    if scenario.get("moves"):
        lines.append(_("Coups : %(moves)s") % {"moves": scenario["moves"]})
    lines.append(_("Position (FEN) : %(fen)s") % {"fen": fen})
    return "".join(f'<p class="{SCENARIO_CLASS}">{bilingual_html(line, "")}</p>' for line in lines)


def _weighted(
    text_fr: str, text_en: str, fraction: Decimal, feedback_fr: str = "", feedback_en: str = ""
) -> str:
    answer = f"~%{fraction_text(fraction)}%{_html(text_fr, text_en)}"
    if feedback_fr or feedback_en:
        answer += f"#{_html(feedback_fr, feedback_en)}"
    return answer


def _answers(content: dict) -> list[str]:
    kind = content["type"]
    body = content["body"]
    if kind == "truefalse":
        return ["TRUE" if body["answer"] else "FALSE"]
    if kind == "numeric":
        return [f"#{body['value']}:{body.get('tolerance', 0)}"]
    if kind == "short":
        accepted = [*body["accepted"], *[a for a in body.get("accepted_en", []) if a not in body["accepted"]]]
        return [f"={escape(answer)}" for answer in accepted]
    if kind == "open":
        return []
    if kind in ("ruling", "multiple"):
        _single, rows = choice_rows(content)
        return [_weighted(*row) for row in rows]
    options = body["options"]
    if kind == "single":
        lines = []
        for option in options:
            marker = "=" if option["correct"] else ("~%-100%" if content.get("negative_marking") else "~")
            line = marker + _html(option["text_fr"], option["text_en"])
            if option.get("feedback_fr") or option.get("feedback_en"):
                line += "#" + _html(option.get("feedback_fr", ""), option.get("feedback_en", ""))
            lines.append(line)
        return lines
    return []


def _general_feedback(content: dict) -> str:
    text = bilingual_html(_without_images(content, "explanation", "fr"),
                          _without_images(content, "explanation", "en"))
    if content["type"] == "open":
        body = content["body"]
        model_answer = bilingual_html(body["model_answer_fr"], body["model_answer_en"])
        text += f'<div class="arbitre-model-answer">{model_answer}</div>{rubric_html(body["rubric"])}'
    return escape(text) if text else ""


def image_notes(content: dict) -> list[str]:
    """What GIFT cannot carry of a question's images (it has no attached files), one sentence
    each: written above the question in the file and by ``export_questions`` on its output."""

    return [
        _("image « %(name)s » non exportée : GIFT ne transporte pas d'images (exportez en Moodle XML "
          "pour la garder).") % {"name": item["name"]}
        for item in content.get("media") or []
    ]


def _without_images(content: dict, field: str, language: str) -> str:
    """The stem or the explanation (``field``) with each ``[image:NAME]`` line replaced by the
    image's alternative text."""
    from questions.media import MARKER_RE

    alts = {item["name"]: (item.get("alt_en") if language == "en" and item.get("alt_en") else item["alt_fr"])
            for item in content.get("media") or []}
    text = content[f"{field}_{language}"]
    if not alts:
        return text
    lines = []
    for line in text.split("\n"):
        match = MARKER_RE.match(line.strip())
        lines.append(f"({alts[match.group(1)]})" if match and match.group(1) in alts else line)
    return "\n".join(lines)


def export(entries: list[BankEntry], *, carry: bool = True) -> str:
    """The GIFT of ``entries``; ``carry=False`` leaves out the lossless extension."""
    blocks = []
    for original in entries:
        entry = extension.shown_entry(original)  # a computed question: its sample variant
        content = entry.content
        tags = [*export_tags(entry), f"{TAG_PREFIX}points:{content['points']}"]
        if content["type"] in ("single", "multiple", "ruling") and not content["body"].get(
            "shuffle", content["type"] != "ruling"
        ):
            tags.append(f"{TAG_PREFIX}shuffle:false")
        if content["type"] == "numeric" and content["body"].get("unit_fr"):
            tags.append(f"{TAG_PREFIX}unit-fr:{content['body']['unit_fr']}")
        header = f"// [id:{entry.uid}] " + " ".join(f"[tag:{moodle_tag(tag)}]" for tag in tags)
        header += "".join(f"\n// {note}" for note in image_notes(content))
        if carry:
            header += f"\n// {EXTENSION_COMMENT} {extension.pack(original.content)}"
        stem = _html(_without_images(content, "stem", "fr"), _without_images(content, "stem", "en")) + escape(
            _scenario_text(content) + data_span(tags, content, original.content)
        )
        answers = _answers(content)
        feedback = _general_feedback(content)
        lines = [f"\t{answer}" for answer in answers]
        if feedback:
            lines.append(f"\t####{feedback}")
        inside = "\n".join(lines)
        blocks.append(f"{header}\n::{escape(entry.uid)}::[html]{stem}{{\n{inside}\n}}")
    return "\n\n".join(blocks) + "\n"

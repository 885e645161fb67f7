"""Moodle XML export (the mapping is described in ``questions.formats.moodle``)."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from decimal import Decimal

from django.utils.translation import gettext as _

from questions.formats import BankEntry, extension
from questions.formats.moodle_grades import nearest_grade, positive_grades
from questions.formats.moodle_media import (
    add_files,
    explanation_media,
    images_html,
    stem_media,
    unplaced_html,
)
from questions.formats.moodle_metadata import (
    ACTIONS_PREFIX,
    ENGLISH_PREFIX,
    data_span,
    export_tags,
    fraction_text,
    moodle_tag,
)
from questions.formats.text import SCENARIO_CLASS, bilingual_html, rubric_html, scenario_svg, text_to_html

EXTENSION_ELEMENT = "arbitre"  # the whole content, see questions.formats.extension


def _text_element(parent: ET.Element, tag: str, content: str, *, html_format: bool = True) -> ET.Element:
    element = ET.SubElement(parent, tag)
    if html_format:
        element.set("format", "html")
    ET.SubElement(element, "text").text = content
    return element


def _scenario_html(entry: BankEntry) -> tuple[str, tuple[str, str] | None]:
    scenario = entry.content.get("scenario")
    if not scenario:
        return "", None
    filename = f"{entry.uid}.svg"
    svg = scenario_svg(scenario)
    parts = [
        f'<p class="{SCENARIO_CLASS}"><img src="@@PLUGINFILE@@/{filename}" '
        f'alt="{_("Diagramme")}" width="360" height="360"></p>'
    ]
    if scenario.get("moves"):
        moves = scenario["moves"]
        if scenario.get("ply") is not None:
            moves = _("%(moves)s (position après %(ply)s demi-coups)") % {
                "moves": moves,
                "ply": scenario["ply"],
            }
        parts.append(f'<p class="{SCENARIO_CLASS}">{bilingual_html(moves, "")}</p>')
    clocks = scenario.get("clocks")
    if clocks:
        parts.append(
            f'<p class="{SCENARIO_CLASS}">'
            + bilingual_html(
                _("Pendules : Blancs %(white)s, Noirs %(black)s")
                % {"white": clocks.get("white", "—"), "black": clocks.get("black", "—")},
                "",
            )
            + "</p>"
        )
    return "".join(parts), (filename, base64.b64encode(svg.encode("utf-8")).decode("ascii"))


def _text_html(content: dict, field: str) -> str:
    """The stem or the explanation (``field``) as HTML, its images as Moodle's ``<img>``."""
    media = content.get("media") or []
    if not media:
        return bilingual_html(content[f"{field}_fr"], content[f"{field}_en"])
    french = images_html(text_to_html(content[f"{field}_fr"]), media, "fr")
    if not content[f"{field}_en"]:
        return french
    english = images_html(text_to_html(content[f"{field}_en"]), media, "en")
    return (f'<span lang="fr" class="multilang">{french}</span>'
            f'<span lang="en" class="multilang">{english}</span>')


def _question_element(quiz: ET.Element, entry: BankEntry, *, carry: bool, from_bank: bool) -> None:
    carried = entry.content
    entry = extension.shown_entry(entry)  # a computed question: its sample variant
    content = entry.content
    kind = content["type"]
    body = content["body"]
    moodle_type = {
        "single": "multichoice",
        "multiple": "multichoice",
        "ruling": "multichoice",
        "truefalse": "truefalse",
        "numeric": "numerical",
        "short": "shortanswer",
        "open": "essay",
    }[kind]
    question = ET.SubElement(quiz, "question", {"type": moodle_type})
    _text_element(question, "name", entry.uid, html_format=False)
    scenario_html, image = _scenario_html(entry)
    tags = export_tags(entry)
    extra = data_span(tags, content, carried)
    stem = f"<p>{_text_html(content, 'stem')}</p>{scenario_html}{extra}"
    question_text = _text_element(question, "questiontext", stem)
    add_files(question_text, stem_media(content), entry.images, from_bank=from_bank)
    if image is not None:
        file_element = ET.SubElement(
            question_text, "file", {"name": image[0], "path": "/", "encoding": "base64"}
        )
        file_element.text = image[1]
    general_feedback = _text_element(question, "generalfeedback",
                                     _text_html(content, "explanation") + unplaced_html(content))
    add_files(general_feedback, explanation_media(content), entry.images, from_bank=from_bank)
    ET.SubElement(question, "defaultgrade").text = fraction_text(Decimal(str(content["points"])))
    ET.SubElement(question, "penalty").text = "0"
    ET.SubElement(question, "hidden").text = "0"
    ET.SubElement(question, "idnumber").text = entry.uid

    if kind in ("single", "multiple", "ruling"):
        _choices(question, content)
    elif kind == "truefalse":
        for value in (True, False):
            answer = ET.SubElement(
                question,
                "answer",
                {"fraction": "100" if body["answer"] == value else "0", "format": "moodle_auto_format"},
            )
            ET.SubElement(answer, "text").text = "true" if value else "false"
            _text_element(answer, "feedback", "")
    elif kind == "numeric":
        answer = ET.SubElement(question, "answer", {"fraction": "100", "format": "moodle_auto_format"})
        ET.SubElement(answer, "text").text = str(body["value"])
        _text_element(answer, "feedback", "")
        ET.SubElement(answer, "tolerance").text = str(body.get("tolerance", 0))
        if body.get("unit_fr"):
            units = ET.SubElement(question, "units")
            unit = ET.SubElement(units, "unit")
            ET.SubElement(unit, "multiplier").text = "1"
            ET.SubElement(unit, "unit_name").text = body["unit_fr"]
            ET.SubElement(question, "unitgradingtype").text = "0"
            ET.SubElement(question, "showunits").text = "3"
            ET.SubElement(question, "unitsleft").text = "0"
    elif kind == "short":
        ET.SubElement(question, "usecase").text = "0"
        for accepted in [
            *body["accepted"],
            *[a for a in body.get("accepted_en", []) if a not in body["accepted"]],
        ]:
            answer = ET.SubElement(question, "answer", {"fraction": "100", "format": "moodle_auto_format"})
            ET.SubElement(answer, "text").text = accepted
            _text_element(answer, "feedback", "")
    elif kind == "open":
        ET.SubElement(question, "responseformat").text = "editor"
        ET.SubElement(question, "responserequired").text = "1"
        ET.SubElement(question, "responsefieldlines").text = "10"
        ET.SubElement(question, "attachments").text = "0"
        grader_info = (
            f"<p>{bilingual_html(body['model_answer_fr'], body['model_answer_en'])}</p>"
            f"{rubric_html(body['rubric'])}"
        )
        _text_element(question, "graderinfo", grader_info)
        _text_element(question, "responsetemplate", "")

    tag_list = ET.SubElement(question, "tags")
    for tag in tags:
        ET.SubElement(ET.SubElement(tag_list, "tag"), "text").text = moodle_tag(tag)
    if carry:
        ET.SubElement(question, EXTENSION_ELEMENT).text = extension.pack(carried)


def choice_rows(content: dict) -> tuple[bool, list[tuple[str, str, Decimal, str, str]]]:
    """(single answer?, rows) of a choice question or a ruling as Moodle's multichoice: each row is
    (text fr, text en, grade in %, feedback fr, feedback en), every grade one of Moodle's
    (``moodle_grades``) and, with several answers, the positive ones adding up to 100 %.

    A ruling's correct decision earns decision_points ÷ points, its correct sanctions share
    sanction_points ÷ points; a part without a correct option (no sanction is due) leaves its
    share to the other part, as Moodle wants the correct answers to make 100 %. A wrong option
    costs one share of its part; of a multiple choice, one share (partial scoring or negative
    marking) or everything (all or nothing)."""
    kind = content["type"]
    body = content["body"]
    hundred = Decimal(100)
    texts: list[tuple[str, str, str, str]] = []
    exact: list[Decimal] = []
    if kind == "ruling":
        parts = [
            ("decision", body["decisions"], Decimal(str(body["decision_points"]))),
            ("sanction", body["sanctions"], Decimal(str(body["sanction_points"]))),
        ]
        earning = sum(points for _part, items, points in parts if any(item["correct"] for item in items))
        for part, items, part_points in parts:
            correct_count = sum(1 for item in items if item["correct"])
            share = hundred * part_points / (earning or 1) / (correct_count or 1)
            for item in items:
                english = ENGLISH_PREFIX[part] + item["text_en"] if item["text_en"] else ""
                texts.append((ACTIONS_PREFIX[part] + item["text_fr"], english, "", ""))
                exact.append(share if item["correct"] else -share)
        single = False
    else:
        options = body["options"]
        share = hundred / sum(1 for option in options if option["correct"])
        single = kind == "single"
        if single:
            wrong = -hundred if content.get("negative_marking") else Decimal(0)
        elif body.get("scoring") == "partial" or content.get("negative_marking"):
            wrong = -share
        else:
            wrong = -hundred
        for option in options:
            texts.append(
                (
                    option["text_fr"],
                    option["text_en"],
                    option.get("feedback_fr", ""),
                    option.get("feedback_en", ""),
                )
            )
            exact.append(share if option["correct"] else wrong)
    positive = [index for index, value in enumerate(exact) if value > 0]
    grades = [nearest_grade(value) if value < 0 else Decimal(0) for value in exact]
    for index, grade in zip(positive, positive_grades([exact[index] for index in positive]), strict=True):
        grades[index] = grade
    rows = [
        (fr, en, grade, feedback_fr, feedback_en)
        for (fr, en, feedback_fr, feedback_en), grade in zip(texts, grades, strict=True)
    ]
    return single, rows


def _choices(question: ET.Element, content: dict) -> None:
    kind = content["type"]
    body = content["body"]
    single, rows = choice_rows(content)
    ET.SubElement(question, "single").text = "true" if single else "false"
    ET.SubElement(question, "shuffleanswers").text = (
        "true" if body.get("shuffle", kind != "ruling") else "false"
    )
    ET.SubElement(question, "answernumbering").text = "abc"
    ET.SubElement(question, "showstandardinstruction").text = "0"
    for text_fr, text_en, fraction, feedback_fr, feedback_en in rows:
        answer = ET.SubElement(question, "answer", {"fraction": fraction_text(fraction), "format": "html"})
        ET.SubElement(answer, "text").text = bilingual_html(text_fr, text_en)
        _text_element(answer, "feedback", bilingual_html(feedback_fr, feedback_en))


def export(entries: list[BankEntry], *, carry: bool = True, from_bank: bool = True) -> str:
    """The Moodle XML of ``entries``; ``carry=False`` leaves out the lossless extension;
    ``from_bank=False`` writes only the images' bytes the entries hold (``BankEntry.images``)."""
    quiz = ET.Element("quiz")
    for entry in entries:
        _question_element(quiz, entry, carry=carry, from_bank=from_bank)
    ET.indent(quiz, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(quiz, encoding="unicode") + "\n"

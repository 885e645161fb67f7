"""Moodle XML import (the mapping is described in ``questions.formats.moodle``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal

from django.utils.translation import gettext as _

from config.safe_input import UnsafeInput, check_count, check_text
from questions.formats import (
    MAX_CRITERIA,
    MAX_OPTIONS,
    MAX_QUESTIONS,
    BankEntry,
    ParseProblem,
    ParseResult,
    check_markup,
    extension,
    stable_uid,
)
from questions.formats.html_text import split_rubric
from questions.formats.moodle_export import EXTENSION_ELEMENT, export
from questions.formats.moodle_metadata import apply_flags, json_number, read_number, read_tags
from questions.formats.text import html_to_texts


def _safe_xml(text: str) -> ET.Element:
    # Refuse DTDs and entities outright: a question file never needs them (XXE, billion laughs).
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise ValueError(_("Le fichier XML contient une DTD ou des entités, refusées."))
    return ET.fromstring(text)  # noqa: S314 - DTDs and entities refused above


def _child_text(element: ET.Element, path: str, default: str = "") -> str:
    found = element.find(path)
    return found.text or default if found is not None and found.text is not None else default


def _fraction_of(answer: ET.Element, number: int) -> Decimal:
    return read_number(answer.get("fraction"), _("réponse %(n)d, fraction") % {"n": number}, "0")


def parse(text: str) -> ParseResult:
    result = ParseResult()
    try:
        check_text(text)
        check_markup(text)
    except UnsafeInput as error:
        result.problems.append(ParseProblem("", str(error)))
        return result
    try:
        quiz = _safe_xml(text.lstrip("\ufeff"))
    except (ET.ParseError, ValueError) as error:
        result.problems.append(ParseProblem("", _("XML illisible : %(error)s") % {"error": error}))
        return result
    if quiz.tag != "quiz":
        result.problems.append(
            ParseProblem("", _("Ce n'est pas un fichier Moodle XML (élément racine <quiz> attendu)."))
        )
        return result
    questions = [question for question in quiz.findall("question") if question.get("type") != "category"]
    try:
        check_count(len(questions), maximum=MAX_QUESTIONS, what=_("questions"), field="<question>")
    except UnsafeInput as error:
        result.problems.append(ParseProblem("", str(error)))
        return result
    number = 0
    for question in quiz.findall("question"):
        moodle_type = question.get("type", "")
        if moodle_type == "category":
            continue
        number += 1
        name = _child_text(question, "name/text").strip()
        label = f"#{number} ({name})" if name else f"#{number}"
        try:
            entry = _parse_question(question, moodle_type, name)
            entry = extension.restore(entry, _child_text(question, EXTENSION_ELEMENT), _native)
        except ValueError as error:
            result.problems.append(ParseProblem(label, str(error)))
            continue
        entry.label = f"#{number} ({entry.uid})"
        result.entries.append(entry)
    return result


def _native(entry: BankEntry) -> dict | None:
    parsed = parse(export([entry], carry=False))
    return parsed.entries[0].content if parsed.entries else None


def _parse_question(question: ET.Element, moodle_type: str, name: str) -> BankEntry:
    stem_fr, stem_en = html_to_texts(_child_text(question, "questiontext/text"))
    explanation_fr, explanation_en = html_to_texts(_child_text(question, "generalfeedback/text"))
    points = read_number(_child_text(question, "defaultgrade"), "defaultgrade", "1")
    content: dict = {
        "type": "",
        "units": [],
        "tags": [],
        "difficulty": 2,
        "points": json_number(points),
        "negative_marking": False,
        "eliminatory": False,
        "stem_fr": stem_fr,
        "stem_en": stem_en,
        "explanation_fr": explanation_fr,
        "explanation_en": explanation_en,
        "citations": [],
        "source": "",
        "scenario": None,
        "body": {},
    }
    flags = read_tags([_child_text(tag, "text") for tag in question.findall("tags/tag")], content)
    answers = question.findall("answer")
    if moodle_type == "multichoice":
        _parse_multichoice(question, answers, content, flags)
    elif moodle_type == "truefalse":
        true_answer = next((a for a in answers if _child_text(a, "text").strip().lower() == "true"), None)
        if true_answer is None:
            raise ValueError(_("Question vrai/faux sans réponse « true »."))
        content["type"] = "truefalse"
        content["body"] = {"answer": _fraction_of(true_answer, answers.index(true_answer) + 1) > 0}
    elif moodle_type == "numerical":
        fractions = [_fraction_of(answer, index) for index, answer in enumerate(answers, start=1)]
        correct = [index for index, fraction in enumerate(fractions) if fraction >= 100]
        if len(correct) != 1:
            raise ValueError(_("Une question numérique doit avoir exactement une réponse à 100 %."))
        answer_field = _("réponse %(n)d") % {"n": correct[0] + 1}
        value = read_number(_child_text(answers[correct[0]], "text"), answer_field)
        tolerance = read_number(
            _child_text(answers[correct[0]], "tolerance"), f"{answer_field}, tolerance", "0"
        )
        unit = ""
        for index, unit_element in enumerate(question.findall("units/unit"), start=1):
            multiplier = read_number(
                _child_text(unit_element, "multiplier"), _("unité %(n)d, multiplier") % {"n": index}, "1"
            )
            if multiplier == 1:
                unit = _child_text(unit_element, "unit_name").strip()
                break
        content["type"] = "numeric"
        content["body"] = {
            "value": json_number(value),
            "tolerance": json_number(abs(tolerance)),
            "unit_fr": unit,
            "unit_en": "",
        }
    elif moodle_type == "shortanswer":
        accepted = [
            _child_text(answer, "text").strip()
            for index, answer in enumerate(answers, start=1)
            if _fraction_of(answer, index) >= 100 and _child_text(answer, "text").strip()
        ]
        if not accepted:
            raise ValueError(_("Une réponse courte doit avoir au moins une réponse à 100 %."))
        content["type"] = "short"
        content["body"] = {"accepted": accepted, "accepted_en": []}
    elif moodle_type == "essay":
        content["type"] = "open"
        content["body"] = parse_grader_info(_child_text(question, "graderinfo/text"), points)
    else:
        raise ValueError(
            _(
                "Type de question Moodle « %(type)s » non pris en charge (pris en charge : "
                "multichoice, truefalse, numerical, shortanswer, essay)."
            )
            % {"type": moodle_type}
        )
    apply_flags(content, flags)
    idnumber = _child_text(question, "idnumber").strip()
    from questions.content import UID_RE

    # Only an explicit id is taken as is: a bare name could collide with one of our uids.
    uid = idnumber if UID_RE.match(idnumber) else stable_uid("moodle", name, content)
    return BankEntry(uid=uid, content=content, source_format="moodlexml")


def _parse_multichoice(question: ET.Element, answers: list[ET.Element], content: dict, flags: dict) -> None:
    single = _child_text(question, "single", "true").strip().lower() in ("true", "1")
    check_count(len(answers), maximum=MAX_OPTIONS, what=_("réponses"), field="<answer>")
    options = []
    keys = "abcdefghijklmnopqrstuvwxyz"
    fractions = []
    for index, answer in enumerate(answers):
        text_fr, text_en = html_to_texts(_child_text(answer, "text"))
        feedback_fr, feedback_en = html_to_texts(_child_text(answer, "feedback/text"))
        fraction = _fraction_of(answer, index + 1)
        fractions.append(fraction)
        key = keys[index] if index < len(keys) else f"o{index + 1}"
        options.append(
            {
                "key": key,
                "text_fr": text_fr,
                "text_en": text_en,
                "correct": fraction > 0,
                "feedback_fr": feedback_fr,
                "feedback_en": feedback_en,
            }
        )
    shuffle = _child_text(question, "shuffleanswers", "true").strip().lower() in ("true", "1")
    if single:
        content["type"] = "single"
        content["body"] = {"options": options, "shuffle": shuffle}
        if any(fraction < 0 for fraction in fractions):
            content["negative_marking"] = True
        return
    content["type"] = "multiple"
    scoring = flags.get("scoring") or "partial"
    content["body"] = {"options": options, "scoring": scoring, "shuffle": shuffle}


def parse_grader_info(grader_info: str, points: Decimal) -> dict:
    model_html, items = split_rubric(grader_info)
    check_count(len(items), maximum=MAX_CRITERIA, what=_("critères"), field=_("graderinfo, barème"))
    rubric = []
    for index, (points_text, item_html) in enumerate(items, start=1):
        criterion_fr, criterion_en = html_to_texts(item_html)
        criterion_points = read_number(
            points_text, _("graderinfo, critère %(n)d (data-points)") % {"n": index}
        )
        rubric.append(
            {
                "criterion_fr": criterion_fr,
                "criterion_en": criterion_en,
                "points": json_number(criterion_points),
            }
        )
    model_fr, model_en = html_to_texts(model_html)
    if not rubric:
        # A Moodle essay has no rubric: one criterion, "matches the model answer", worth all the points.
        rubric = [
            {
                "criterion_fr": _("Conforme au corrigé"),
                "criterion_en": "Matches the model answer",
                "points": json_number(points),
            }
        ]
    return {
        "model_answer_fr": model_fr or _("(aucun corrigé fourni dans Moodle)"),
        "model_answer_en": model_en,
        "rubric": rubric,
    }

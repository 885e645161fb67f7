"""Moodle XML import (the mapping is described in ``questions.formats.moodle``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from config.safe_input import UnsafeInput, check_count, check_text
from questions.formats import (
    MAX_CRITERIA,
    MAX_OPTIONS,
    MAX_QUESTIONS,
    BankEntry,
    ParseProblem,
    ParseResult,
    UnsupportedQuestion,
    check_markup,
    extension,
)
from questions.formats.html_text import SCENARIO_CLASS, html_to_texts_noting, split_rubric
from questions.formats.left_out import file_note, formatting_notes
from questions.formats.moodle_export import EXTENSION_ELEMENT, export
from questions.formats.moodle_grades import weight_notes
from questions.formats.moodle_media import read_images
from questions.formats.moodle_metadata import (
    apply_carried,
    apply_flags,
    bank_uid,
    category_tag,
    fraction_text,
    json_number,
    read_number,
    read_tags,
    restore_tags,
    short_accepted,
)
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


SUPPORTED_TYPES = ("multichoice", "truefalse", "numerical", "shortanswer", "essay")
# Texts of a Moodle question the bank has no field for: reported when they are not empty.
UNKEPT_TEXTS = (
    ("correctfeedback", gettext_noop("retour pour une réponse juste")),
    ("partiallycorrectfeedback", gettext_noop("retour pour une réponse partiellement juste")),
    ("incorrectfeedback", gettext_noop("retour pour une réponse fausse")),
    ("hint", gettext_noop("indice")),
)


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
    category, description = "", ""
    for question in quiz.findall("question"):
        moodle_type = question.get("type", "")
        if moodle_type == "category":
            category = _child_text(question, "category/text").strip()
            description = html_to_texts(_child_text(question, "info/text"))[0]
            continue
        number += 1
        name = _child_text(question, "name/text").strip()
        label = f"#{number} ({name})" if name else f"#{number}"
        try:
            entry = _parse_question(question, moodle_type, name, category)
            entry = extension.restore(entry, _child_text(question, EXTENSION_ELEMENT), _native)
        except UnsupportedQuestion as error:
            result.unsupported.append(ParseProblem(label, str(error)))
            continue
        except ValueError as error:
            result.problems.append(ParseProblem(label, str(error)))
            continue
        if description and not entry.lossless:
            entry.left_out.append(
                _(
                    "description de la catégorie « %(category)s » non reprise "
                    "(la banque n'a que des étiquettes)."
                )
                % {"category": category_tag(category)}
            )
        entry.label = f"#{number} ({entry.uid})"
        result.entries.append(entry)
    return result


def _native(entry: BankEntry) -> dict | None:
    # ``entry.images``: bytes not stored yet (a file from another instance) are exported too.
    # Only the bytes the file brought: an image it names by hash alone stays out of the comparison.
    parsed = parse(export([entry], carry=False, from_bank=False))
    return parsed.entries[0].content if parsed.entries else None


def _texts(element: ET.Element | None, where: str, left_out: list[str],
           kept: dict | None = None) -> tuple[str, str]:
    """(French, English) of a Moodle text element (``<questiontext>``…), noting in ``left_out`` its
    files and what plain text loses. With ``kept`` (the stem, the general feedback), its images are
    kept (``moodle_media.read_images``, given ``kept["known"]``, the images already read by file
    name): ``kept`` receives their ``media``, ``images`` and ``files``."""
    if element is None:
        return "", ""
    html = _child_text(element, "text")
    files = [file.get("name", "") for file in element.findall("file")]
    # Our own export's diagram is the scenario, carried otherwise: not a loss.
    files = [
        name for name in files if f'class="{SCENARIO_CLASS}"><img src="@@PLUGINFILE@@/{name}"' not in html
    ]
    if kept is not None:
        html, kept["media"], kept["images"], kept["files"] = read_images(element, where, left_out, skip={
            file.get("name", "") for file in element.findall("file")} - set(files), known=kept.get("known"))
        files = []  # each file is now kept or reported by read_images
    french, english, lost = html_to_texts_noting(html)
    left_out.extend(file_note(where, name) for name in files)
    if files:
        lost = lost - {"image"}
    left_out.extend(formatting_notes(where, lost))
    return french, english


def _unkept_texts(question: ET.Element, left_out: list[str]) -> None:
    for path, where in UNKEPT_TEXTS:
        for element in question.findall(path):
            text = html_to_texts(_child_text(element, "text"))[0]
            if text:
                left_out.append(
                    _("%(where)s non repris (la banque n'en a pas) : « %(text)s »")
                    % {"where": _(where), "text": text[:80]}
                )


# Where the bank keeps a question's images: every other file of the question is reported.
IMAGE_TEXTS = ("questiontext", "generalfeedback")
OTHER_TEXTS = {
    **dict(UNKEPT_TEXTS),
    "graderinfo": gettext_noop("informations pour le correcteur"),
    "responsetemplate": gettext_noop("modèle de réponse"),
}


def _other_files_left_out(question: ET.Element, left_out: list[str], *, answers_read: bool) -> None:
    """A file the bank cannot hold (an answer's, a feedback's other than the general one, a hint's,
    the grader's information) is reported with the text it came with, never dropped without a word.
    ``answers_read``: the answers' texts and feedback were read by ``_texts``, which reported theirs."""
    answers = {id(answer): number for number, answer in enumerate(question.findall("answer"), start=1)}
    for parent in question.iter():
        names = [file.get("name", "") for file in parent.findall("file")]
        if not names or parent is question or parent.tag in IMAGE_TEXTS:
            continue
        if parent.tag == "answer" and id(parent) in answers:
            if answers_read:
                continue
            where = _("réponse %(n)d") % {"n": answers[id(parent)]}
        elif parent.tag == "feedback":
            owner = next((answer for answer in question.findall("answer") if parent in list(answer)), None)
            if owner is None:
                where = parent.tag
            elif answers_read:
                continue
            else:
                answer = _("réponse %(n)d") % {"n": answers[id(owner)]}
                where = _("retour de la %(where)s") % {"where": answer}
        else:
            where = _(OTHER_TEXTS[parent.tag]) if parent.tag in OTHER_TEXTS else parent.tag
        left_out.extend(file_note(where, name) for name in names)


def _answer_feedback_left_out(answers: list[ET.Element], left_out: list[str]) -> None:
    """Feedback per answer, for the types whose answers have none in the bank."""
    for number, answer in enumerate(answers, start=1):
        feedback = html_to_texts(_child_text(answer, "feedback/text"))[0]
        if feedback:
            left_out.append(
                _("retour de la réponse %(n)d « %(answer)s » non repris : « %(feedback)s »")
                % {"n": number, "answer": _child_text(answer, "text").strip()[:40], "feedback": feedback[:80]}
            )


def _parse_question(question: ET.Element, moodle_type: str, name: str, category: str = "") -> BankEntry:
    if moodle_type not in SUPPORTED_TYPES:
        raise UnsupportedQuestion(
            _(
                "Type de question Moodle « %(type)s » non pris en charge (pris en charge : "
                "multichoice, truefalse, numerical, shortanswer, essay)."
            )
            % {"type": moodle_type}
        )
    left_out: list[str] = []
    kept: dict = {}
    stem_fr, stem_en = _texts(question.find("questiontext"), _("énoncé"), left_out, kept)
    explained: dict = {"known": kept.get("files") or {}}
    explanation_fr, explanation_en = _texts(question.find("generalfeedback"), _("explication"), left_out,
                                            explained)
    _unkept_texts(question, left_out)
    _other_files_left_out(question, left_out, answers_read=moodle_type == "multichoice")
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
    tag_values = [_child_text(tag, "text") for tag in question.findall("tags/tag")]
    flags = read_tags(
        restore_tags(tag_values, stem_source=_child_text(question, "questiontext/text")), content
    )
    if category_tag(category):
        content["tags"].append(category_tag(category))
    answers = question.findall("answer")
    if moodle_type == "multichoice":
        _parse_multichoice(question, answers, content, flags, left_out)
    elif moodle_type == "truefalse":
        true_answer = next((a for a in answers if _child_text(a, "text").strip().lower() == "true"), None)
        if true_answer is None:
            raise ValueError(_("Question vrai/faux sans réponse « true »."))
        content["type"] = "truefalse"
        content["body"] = {"answer": _fraction_of(true_answer, answers.index(true_answer) + 1) > 0}
        _answer_feedback_left_out(answers, left_out)
    elif moodle_type == "numerical":
        _parse_numerical(question, answers, content, left_out)
    elif moodle_type == "shortanswer":
        weights = [_fraction_of(answer, index) for index, answer in enumerate(answers, start=1)]
        texts = [_child_text(answer, "text").strip() for answer in answers]
        content["type"] = "short"
        content["body"] = {"accepted": short_accepted(texts, weights, left_out), "accepted_en": []}
        _answer_feedback_left_out(answers, left_out)
    else:
        content["type"] = "open"
        content["body"] = parse_grader_info(_child_text(question, "graderinfo/text"), points)
    apply_flags(content, flags)
    apply_carried(content, _child_text(question, "questiontext/text"))
    media = [*(kept.get("media") or []), *(explained.get("media") or [])]
    if media:
        content["media"] = media
    uid = bank_uid("moodle", _child_text(question, "idnumber").strip(), name, content, category)
    return BankEntry(uid=uid, content=content, source_format="moodlexml", left_out=left_out,
                     images={**(kept.get("images") or {}), **(explained.get("images") or {})})


def _parse_numerical(
    question: ET.Element, answers: list[ET.Element], content: dict, left_out: list[str]
) -> None:
    fractions = [_fraction_of(answer, index) for index, answer in enumerate(answers, start=1)]
    correct = [index for index, fraction in enumerate(fractions) if fraction >= 100]
    if not correct:
        raise ValueError(_("Une question numérique doit avoir une réponse à 100 %."))
    for index, fraction in enumerate(fractions):
        if index != correct[0] and fraction > 0:
            left_out.append(
                _("réponse %(n)d (%(value)s, %(weight)s %%) non reprise : la banque n'accepte qu'une valeur.")
                % {
                    "n": index + 1,
                    "value": _child_text(answers[index], "text").strip()[:40],
                    "weight": fraction_text(fraction),
                }
            )
    answer_field = _("réponse %(n)d") % {"n": correct[0] + 1}
    value = read_number(_child_text(answers[correct[0]], "text"), answer_field)
    tolerance = read_number(_child_text(answers[correct[0]], "tolerance"), f"{answer_field}, tolerance", "0")
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
    _answer_feedback_left_out(answers, left_out)


def _parse_multichoice(
    question: ET.Element, answers: list[ET.Element], content: dict, flags: dict, left_out: list[str]
) -> None:
    single = _child_text(question, "single", "true").strip().lower() in ("true", "1")
    check_count(len(answers), maximum=MAX_OPTIONS, what=_("réponses"), field="<answer>")
    options = []
    keys = "abcdefghijklmnopqrstuvwxyz"
    fractions = []
    for index, answer in enumerate(answers):
        where = _("réponse %(n)d") % {"n": index + 1}
        text_fr, text_en = _texts(answer, where, left_out)
        feedback_fr, feedback_en = _texts(
            answer.find("feedback"), _("retour de la %(where)s") % {"where": where}, left_out
        )
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
    if not flags.get("ruling"):
        left_out.extend(weight_notes(fractions, [option["text_fr"] for option in options], single=single))
    if single:
        best = max(fractions, default=Decimal(0))
        for option, fraction in zip(options, fractions, strict=True):
            option["correct"] = fraction > 0 and fraction == best
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

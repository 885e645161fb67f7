"""Moodle XML (the "Moodle XML format" of Moodle's question bank import/export).

Mapping (export, and back on import):

- ``single`` → ``multichoice`` with ``<single>true</single>``, the correct option at 100 %;
  with negative marking the wrong options are at −100 %.
- ``multiple`` → ``multichoice`` with ``<single>false</single>``: each correct option earns
  100 % ÷ (number of correct options); a wrong option costs the same share when scoring is
  ``partial`` or negative marking is on, 100 % when it is ``all_or_nothing`` (Moodle has no
  all-or-nothing multiple choice in core: any wrong tick gives 0, a missing tick still gives
  partial credit there; the tag ``arbitre-scoring:all_or_nothing`` brings it back here).
- ``truefalse`` → ``truefalse``; ``numeric`` → ``numerical`` (tolerance, unit);
  ``short`` → ``shortanswer`` (case-insensitive; the English answers are added to the French
  ones); ``open`` → ``essay`` (model answer and rubric in ``graderinfo``).
- ``ruling`` → fallback: ``multichoice`` with several answers, decisions then sanctions
  (prefixed « Décision : » / « Sanction : »), the correct decision earning
  decision_points ÷ points, the correct sanctions sharing sanction_points ÷ points, each wrong
  option costing its part's share (so Moodle grades each part much as we do). Tags
  ``arbitre-ruling:<decision points>:<sanction points>`` and
  ``arbitre-option:<n>:decision|sanction:<key>:<outcome|action>`` rebuild the ruling on
  import; without them (a Moodle that dropped the tags) it comes back as a ``multiple``
  question with partial credit.
- Texts: HTML; French and English in Moodle multilang spans. Units, difficulty, citations,
  negative marking, eliminatory, and all-or-nothing scoring travel as tags prefixed
  ``arbitre-``; the uid is the ``idnumber`` (and the name).
- A scenario becomes a diagram: an SVG of the position the candidate sees (as on the
  question's page, positions left by an illegal move included), embedded as a base64
  ``@@PLUGINFILE@@`` file, with the moves and clocks as text.
- A ruling part worth 0 points puts all its options at 0 %: the last field of its
  ``arbitre-option`` tags (``correct``/``wrong``) says which are correct.
- Lossless: each question also carries its whole content in an ``<arbitre>`` element
  (``questions.formats.extension``), which Moodle ignores. Re-importing our own export gives
  back exactly what was exported (scenario, source, option keys included). A question edited
  in Moodle (or exported again by Moodle, which drops the element) is read from its native
  part; it keeps the scenario and the source of the carried content or, failing that, of its
  latest version in the bank (``importer._with_uncarried_fields``).
- Natively lost (so only the extension brings them back): the scenario and ``source``;
  choice option keys come back as a, b, c…; images of questions written in Moodle are not
  kept (the bank stores text).
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from decimal import Decimal

from django.utils.translation import gettext as _

from config.safe_input import UnsafeInput, check_count, check_text, parse_count, parse_decimal
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
from questions.formats.text import SCENARIO_CLASS, bilingual_html, html_to_texts, rubric_html, scenario_svg

TAG_PREFIX = "arbitre-"
EXTENSION_ELEMENT = "arbitre"  # the whole content, see questions.formats.extension
ACTIONS_PREFIX = {"decision": "Décision : ", "sanction": "Sanction : "}
ENGLISH_PREFIX = {"decision": "Decision: ", "sanction": "Sanction: "}


def _fraction(value: Decimal) -> str:
    text = f"{value.quantize(Decimal('0.00001')):f}".rstrip("0").rstrip(".")
    return text or "0"


def _text_element(parent: ET.Element, tag: str, content: str, *, html_format: bool = True) -> ET.Element:
    element = ET.SubElement(parent, tag)
    if html_format:
        element.set("format", "html")
    ET.SubElement(element, "text").text = content
    return element


def _tags(entry: BankEntry) -> list[str]:
    content = entry.content
    tags = list(content.get("tags", []))
    tags += [f"{TAG_PREFIX}unit:{unit}" for unit in content["units"]]
    tags.append(f"{TAG_PREFIX}difficulty:{content['difficulty']}")
    tags += [f"{TAG_PREFIX}cite:{c['edition']}:{c['article']}" for c in content.get("citations", [])]
    if content.get("negative_marking"):
        tags.append(f"{TAG_PREFIX}negative-marking")
    if content.get("eliminatory"):
        tags.append(f"{TAG_PREFIX}eliminatory")
    if content["type"] == "short":
        # Moodle has no language per answer: the English answers are marked by tags.
        tags += [f"{TAG_PREFIX}accepted-en:{answer}" for answer in content["body"].get("accepted_en", [])]
    if content["type"] == "numeric" and content["body"].get("unit_en"):
        tags.append(f"{TAG_PREFIX}unit-en:{content['body']['unit_en']}")
    if content["type"] == "multiple" and content["body"].get("scoring") == "all_or_nothing":
        tags.append(f"{TAG_PREFIX}scoring:all_or_nothing")
    if content["type"] == "ruling":
        # Moodle only sees a weighted multiple choice; these tags let us rebuild the ruling.
        body = content["body"]
        tags.append(f"{TAG_PREFIX}ruling:{body['decision_points']}:{body['sanction_points']}")
        # A part worth 0 points puts every option at 0 %: the last field says which are correct.
        items = [("decision", item) for item in body["decisions"]]
        items += [("sanction", item) for item in body["sanctions"]]
        tags += [
            f"{TAG_PREFIX}option:{index}:{part}:{item['key']}:{item.get('outcome') or item.get('action')}:"
            + ("correct" if item["correct"] else "wrong")
            for index, (part, item) in enumerate(items, start=1)
        ]
    return tags


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


def _question_element(quiz: ET.Element, entry: BankEntry, *, carry: bool) -> None:
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
    stem = f"<p>{bilingual_html(content['stem_fr'], content['stem_en'])}</p>{scenario_html}"
    question_text = _text_element(question, "questiontext", stem)
    if image is not None:
        file_element = ET.SubElement(
            question_text, "file", {"name": image[0], "path": "/", "encoding": "base64"}
        )
        file_element.text = image[1]
    _text_element(
        question, "generalfeedback", bilingual_html(content["explanation_fr"], content["explanation_en"])
    )
    ET.SubElement(question, "defaultgrade").text = _fraction(Decimal(str(content["points"])))
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

    tags = ET.SubElement(question, "tags")
    for tag in _tags(entry):
        ET.SubElement(ET.SubElement(tags, "tag"), "text").text = tag
    if carry:
        ET.SubElement(question, EXTENSION_ELEMENT).text = extension.pack(carried)


def _choices(question: ET.Element, content: dict) -> None:
    kind = content["type"]
    body = content["body"]
    points = Decimal(str(content["points"]))
    hundred = Decimal(100)
    rows: list[tuple[str, str, Decimal, str, str]] = []  # text fr, text en, fraction, feedback fr, en
    if kind == "ruling":
        parts = (
            ("decision", body["decisions"], Decimal(str(body["decision_points"]))),
            ("sanction", body["sanctions"], Decimal(str(body["sanction_points"]))),
        )
        for part, items, part_points in parts:
            correct = [item for item in items if item["correct"]]
            share = hundred * part_points / points / (len(correct) or 1)
            for item in items:
                prefix = ACTIONS_PREFIX[part]
                rows.append(
                    (
                        prefix + item["text_fr"],
                        ENGLISH_PREFIX[part] + item["text_en"] if item["text_en"] else "",
                        share if item["correct"] else -share,
                        "",
                        "",
                    )
                )
        single = False
    else:
        options = body["options"]
        correct_count = sum(1 for option in options if option["correct"])
        single = kind == "single"
        share = hundred / correct_count
        if single:
            wrong = -hundred if content.get("negative_marking") else Decimal(0)
        elif body.get("scoring") == "partial" or content.get("negative_marking"):
            wrong = -share
        else:
            wrong = -hundred
        rows = [
            (
                option["text_fr"],
                option["text_en"],
                share if option["correct"] else wrong,
                option.get("feedback_fr", ""),
                option.get("feedback_en", ""),
            )
            for option in options
        ]
    ET.SubElement(question, "single").text = "true" if single else "false"
    ET.SubElement(question, "shuffleanswers").text = (
        "true" if body.get("shuffle", kind != "ruling") else "false"
    )
    ET.SubElement(question, "answernumbering").text = "abc"
    ET.SubElement(question, "showstandardinstruction").text = "0"
    for text_fr, text_en, fraction, feedback_fr, feedback_en in rows:
        answer = ET.SubElement(question, "answer", {"fraction": _fraction(fraction), "format": "html"})
        ET.SubElement(answer, "text").text = bilingual_html(text_fr, text_en)
        _text_element(answer, "feedback", bilingual_html(feedback_fr, feedback_en))


def export(entries: list[BankEntry], *, carry: bool = True) -> str:
    """The Moodle XML of ``entries``; ``carry=False`` leaves out the lossless extension."""
    quiz = ET.Element("quiz")
    for entry in entries:
        _question_element(quiz, entry, carry=carry)
    ET.indent(quiz, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(quiz, encoding="unicode") + "\n"


# --------------------------------------------------------------------------- import


def _safe_xml(text: str) -> ET.Element:
    # Refuse DTDs and entities outright: a question file never needs them (XXE, billion laughs).
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise ValueError(_("Le fichier XML contient une DTD ou des entités, refusées."))
    return ET.fromstring(text)  # noqa: S314 - DTDs and entities refused above


def _child_text(element: ET.Element, path: str, default: str = "") -> str:
    found = element.find(path)
    return found.text or default if found is not None and found.text is not None else default


def _number(text: str | None, field: str, default: str | None = None) -> Decimal:
    """The number written in a field, or ``default`` when the field is blank; UnsafeInput
    (naming the field) for anything else than a plain number: NaN, 1e200000, 1.2.3…"""
    if default is not None and not (text or "").strip():
        text = default
    return parse_decimal(text or "", field=field)


def _fraction_of(answer: ET.Element, number: int) -> Decimal:
    return _number(answer.get("fraction"), _("réponse %(n)d, fraction") % {"n": number}, "0")


def _json_number(value: Decimal) -> int | float:
    from questions.models import number_for_json

    return number_for_json(value)


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


def read_tags(values: list[str], content: dict) -> dict:
    """Apply our ``arbitre-`` tags to ``content``; other tags are topic tags. Returns flags for the
    body (scoring, units of a numeric answer) to apply with ``apply_flags`` once it is built."""
    flags: dict = {
        "scoring": None,
        "unit-fr": None,
        "unit-en": None,
        "shuffle": None,
        "accepted-en": [],
        "ruling": None,
    }
    tags, units, citations = [], [], []
    for value in values:
        value = value.strip()
        if not value.startswith(TAG_PREFIX):
            if value:
                tags.append(value)
            continue
        key, _sep, argument = value[len(TAG_PREFIX) :].partition(":")
        if key == "unit":
            units.append(argument)
        elif key == "difficulty":
            # Checked (1, 2 or 3) with the rest of the content; here only read safely.
            content["difficulty"] = parse_count(argument, field=value[:40], maximum=1000)
        elif key == "points":
            points = _number(argument, f"{TAG_PREFIX}points")
            if points <= 0:
                raise UnsafeInput(
                    _("Points illisibles : %(value)s") % {"value": argument[:40]}, f"{TAG_PREFIX}points"
                )
            content["points"] = _json_number(points)
        elif key == "cite":
            edition, _sep, article = argument.partition(":")
            citations.append({"edition": edition, "article": article})
        elif key == "negative-marking":
            content["negative_marking"] = True
        elif key == "eliminatory":
            content["eliminatory"] = True
        elif key == "accepted-en":
            flags["accepted-en"].append(argument)
        elif key == "option":
            flags.setdefault("options", []).append(argument)
        elif key in flags:
            flags[key] = argument
        else:
            tags.append(value)  # a topic tag that happens to start with "arbitre-"
    content["tags"], content["units"], content["citations"] = tags, units, citations
    return flags


def _ruling_from_options(content: dict, flags: dict) -> dict | None:
    """Rebuild a ruling exported as a multiple choice, from its arbitre-ruling/option tags."""
    points = flags["ruling"].split(":")
    options = content["body"]["options"]
    described = {}
    for argument in flags.get("options", []):
        parts = argument.split(":")
        if (len(parts) in (4, 5) and re.fullmatch(r"[0-9]{1,4}", parts[0])
                and parts[1] in ("decision", "sanction")):
            described[int(parts[0])] = [*parts, ""][1:5]
    if len(points) != 2 or sorted(described) != list(range(1, len(options) + 1)):
        return None
    decision_points, sanction_points = (_number(value, f"{TAG_PREFIX}ruling") for value in points)
    part_points = {"decision": decision_points, "sanction": sanction_points}
    body: dict = {"decisions": [], "sanctions": []}
    for index, option in enumerate(options, start=1):
        part, key, word, marked = described[index]
        correct = option["correct"]
        if part_points[part] == 0 and marked in ("correct", "wrong"):
            correct = marked == "correct"  # all its options are at 0 %: only the tag tells
        prefix_fr, prefix_en = ACTIONS_PREFIX[part], ENGLISH_PREFIX[part]
        text_fr, text_en = option["text_fr"], option["text_en"]
        body[f"{part}s"].append(
            {
                "key": key,
                "outcome" if part == "decision" else "action": word,
                "text_fr": text_fr[len(prefix_fr) :] if text_fr.startswith(prefix_fr) else text_fr,
                "text_en": text_en[len(prefix_en) :] if text_en.startswith(prefix_en) else text_en,
                "correct": correct,
            }
        )
    body["decision_points"] = _json_number(decision_points)
    body["sanction_points"] = _json_number(sanction_points)
    return body


def apply_flags(content: dict, flags: dict) -> None:
    if content["type"] == "multiple" and flags.get("ruling"):
        ruling = _ruling_from_options(content, flags)
        if ruling is not None:
            content["type"], content["body"] = "ruling", ruling
            return
    body = content["body"]
    if content["type"] == "multiple" and flags.get("scoring") in ("all_or_nothing", "partial"):
        body["scoring"] = flags["scoring"]
    if flags.get("shuffle") == "false" and "options" in body:
        body["shuffle"] = False
    if content["type"] == "short" and flags.get("accepted-en"):
        english = flags["accepted-en"]
        french = [answer for answer in body["accepted"] if answer not in english]
        body["accepted"], body["accepted_en"] = french or body["accepted"], english
    if content["type"] == "numeric":
        if flags.get("unit-fr") and not body.get("unit_fr"):
            body["unit_fr"] = flags["unit-fr"]
        if flags.get("unit-en"):
            body["unit_en"] = flags["unit-en"]


def _parse_question(question: ET.Element, moodle_type: str, name: str) -> BankEntry:
    stem_fr, stem_en = html_to_texts(_child_text(question, "questiontext/text"))
    explanation_fr, explanation_en = html_to_texts(_child_text(question, "generalfeedback/text"))
    points = _number(_child_text(question, "defaultgrade"), "defaultgrade", "1")
    content: dict = {
        "type": "",
        "units": [],
        "tags": [],
        "difficulty": 2,
        "points": _json_number(points),
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
        value = _number(_child_text(answers[correct[0]], "text"), answer_field)
        tolerance = _number(
            _child_text(answers[correct[0]], "tolerance"), f"{answer_field}, tolerance", "0"
        )
        unit = ""
        for index, unit_element in enumerate(question.findall("units/unit"), start=1):
            multiplier = _number(
                _child_text(unit_element, "multiplier"), _("unité %(n)d, multiplier") % {"n": index}, "1"
            )
            if multiplier == 1:
                unit = _child_text(unit_element, "unit_name").strip()
                break
        content["type"] = "numeric"
        content["body"] = {
            "value": _json_number(value),
            "tolerance": _json_number(abs(tolerance)),
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
        content["body"] = _parse_grader_info(_child_text(question, "graderinfo/text"), points)
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


def _parse_grader_info(grader_info: str, points: Decimal) -> dict:
    model_html, items = split_rubric(grader_info)
    check_count(len(items), maximum=MAX_CRITERIA, what=_("critères"), field=_("graderinfo, barème"))
    rubric = []
    for index, (points_text, item_html) in enumerate(items, start=1):
        criterion_fr, criterion_en = html_to_texts(item_html)
        criterion_points = _number(points_text, _("graderinfo, critère %(n)d (data-points)") % {"n": index})
        rubric.append(
            {
                "criterion_fr": criterion_fr,
                "criterion_en": criterion_en,
                "points": _json_number(criterion_points),
            }
        )
    model_fr, model_en = html_to_texts(model_html)
    if not rubric:
        # A Moodle essay has no rubric: one criterion, "matches the model answer", worth all the points.
        rubric = [
            {
                "criterion_fr": _("Conforme au corrigé"),
                "criterion_en": "Matches the model answer",
                "points": _json_number(points),
            }
        ]
    return {
        "model_answer_fr": model_fr or _("(aucun corrigé fourni dans Moodle)"),
        "model_answer_en": model_en,
        "rubric": rubric,
    }

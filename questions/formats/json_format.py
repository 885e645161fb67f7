"""The app's own JSON format (FORMAT.md): lossless."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from config.safe_input import (
    UnsafeInput,
    check_count,
    dotted,
    load_json,
    locate_deep_nesting,
    nesting_exceeds,
    shown,
    structure_problems,
)
from questions.formats import MAX_QUESTIONS, BankEntry, ParseProblem, ParseResult

FORMAT_NAME = "arbitre-questions"
FORMAT_VERSION = 1
# question → body → rubric → criterion → text: a question is never more than 8 levels deep.
MAX_QUESTION_DEPTH = 8
# 100 options of 6 fields, 100 criteria, a scenario: a question holds far fewer values.
MAX_QUESTION_VALUES = 20_000


def export(entries: list[BankEntry]) -> str:
    questions = [{"uid": entry.uid, **entry.content} for entry in entries]
    document = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "questions": questions}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def _deep_nesting_problem(text: str) -> ParseProblem:
    path, names = locate_deep_nesting(text, names=("uid",))
    message = _("imbriqué trop profondément (%(max)d niveaux au plus).") % {"max": MAX_QUESTION_DEPTH}
    if len(path) >= 2 and path[0] == "questions" and isinstance(path[1], int):
        uid = names[2] if len(names) > 2 else ""
        label = f"#{path[1] + 1} ({shown(uid, 120)})" if uid else f"#{path[1] + 1}"
        return ParseProblem(label, f"{dotted(path[2 : 2 + MAX_QUESTION_DEPTH])} : {message}")
    return ParseProblem("", f"{dotted(path[:MAX_QUESTION_DEPTH])} : {message}")


def parse(text: str) -> ParseResult:
    """Read a bank file. Entries keep the raw question dicts (validated later, with the uid)."""
    result = ParseResult()
    if nesting_exceeds(text):
        # Found before json.loads, whose recursion could otherwise run out of stack.
        result.problems.append(_deep_nesting_problem(text))
        return result
    try:
        document = load_json(text)
    except json.JSONDecodeError as error:
        message = _("JSON illisible, ligne %(line)s colonne %(column)s : %(error)s") % {
            "line": error.lineno,
            "column": error.colno,
            "error": error.msg,
        }
        result.problems.append(ParseProblem("", message))
        return result
    except UnsafeInput as error:
        result.problems.append(ParseProblem("", str(error)))
        return result
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        result.problems.append(
            ParseProblem(
                "",
                _(
                    "Ce fichier n'est pas une banque de questions Arbitre "
                    '(attendu : {"format": "arbitre-questions", …}).'
                ),
            )
        )
        return result
    if document.get("version") != FORMAT_VERSION:
        result.problems.append(
            ParseProblem(
                "",
                _("Version de format %(version)s inconnue (attendu : 1).")
                % {"version": document.get("version")},
            )
        )
        return result
    extra = set(document) - {"format", "version", "questions"}
    if extra:
        result.problems.append(
            ParseProblem(
                "",
                _("Champs inconnus en tête de fichier : %(keys)s.")
                % {"keys": ", ".join(sorted(shown(str(key)) for key in extra))},
            )
        )
    questions = document.get("questions")
    if not isinstance(questions, list):
        result.problems.append(ParseProblem("", _("« questions » doit être une liste.")))
        return result
    try:
        check_count(len(questions), maximum=MAX_QUESTIONS, what=_("questions"), field="questions")
    except UnsafeInput as error:
        result.problems.append(ParseProblem("", str(error)))
        return result
    for index, question in enumerate(questions, start=1):
        uid = question.get("uid") if isinstance(question, dict) else None
        label = f"#{index} ({shown(uid, 120)})" if isinstance(uid, str) and uid else f"#{index}"
        if not isinstance(question, dict):
            result.problems.append(ParseProblem(label, _("Une question doit être un objet JSON.")))
            continue
        # Unusable numbers, invalid characters and deep nesting, each named by its field.
        unsafe = structure_problems(question, max_depth=MAX_QUESTION_DEPTH, max_values=MAX_QUESTION_VALUES)
        if unsafe:
            result.problems.extend(
                ParseProblem(label, f"{dotted(path)} : {message}" if path else message)
                for path, message in unsafe
            )
            continue
        content = {key: value for key, value in question.items() if key != "uid"}
        uid = uid if isinstance(uid, str) else ""
        result.entries.append(BankEntry(uid=uid, content=content, label=label))
    return result

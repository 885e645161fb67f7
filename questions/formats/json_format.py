"""The app's own JSON format (FORMAT.md): lossless.

A question names its images by the SHA-256 of their bytes (``media``); the file carries those
bytes once each, whatever the number of questions that show them, in ``"images"``
(``{sha256: base64}``, as Moodle XML's ``<file>``), so that it imports into another Arbitre.
On import, each image a question names is checked as an upload is (``questions.media.inspect_image``:
type by content, size, sides) and against its hash; a refused one is reported with the question.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
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
from questions.media import SHA256_RE, ImageRefused, image_bytes, inspect_image

FORMAT_NAME = "arbitre-questions"
FORMAT_VERSION = 1
# question → body → rubric → criterion → text: a question is never more than 8 levels deep.
MAX_QUESTION_DEPTH = 8
# 100 options of 6 fields, 100 criteria, a scenario: a question holds far fewer values.
MAX_QUESTION_VALUES = 20_000


def export(entries: list[BankEntry]) -> str:
    questions = [{"uid": entry.uid, **entry.content} for entry in entries]
    document: dict = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "questions": questions}
    images = _images_of(entries)
    if images:
        document["images"] = images
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def _images_of(entries: list[BankEntry]) -> dict[str, str]:
    """The bytes of every image the entries name, once each, in base64, by SHA-256: from the
    entry (read from a file) or else from the bank."""
    images: dict[str, str] = {}
    for entry in entries:
        for item in entry.content.get("media") or []:
            sha256 = item.get("sha256")
            if sha256 in images:
                continue
            data = entry.images.get(sha256) or image_bytes(sha256)
            if data is not None:
                images[sha256] = base64.b64encode(data).decode("ascii")
    return images


def _image(images: object, sha256: str) -> tuple[bytes | None, str]:
    """(the bytes the file brings for ``sha256``, or None, and why they are refused, or "")."""
    if not isinstance(images, dict) or sha256 not in images:
        return None, ""
    encoded = images[sha256]
    if not isinstance(encoded, str):
        return None, _("son contenu doit être un texte en base64.")
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        return None, _("son contenu n'est pas du base64 lisible.")
    if hashlib.sha256(data).hexdigest() != sha256:
        return None, _("son contenu ne correspond pas à son empreinte SHA-256.")
    try:
        inspect_image(data)
    except ImageRefused as refusal:
        return None, str(refusal)
    return data, ""


def _attach_images(entry: BankEntry, images: object, checked: dict) -> list[str]:
    """Give ``entry`` the bytes of the images it names that the file brings (``images``), each
    checked once (``checked``); the sentences of those refused."""
    media = entry.content.get("media")
    if not isinstance(media, list):
        return []  # the content's validation says what is wrong
    refusals = []
    for number, item in enumerate(media):
        sha256 = item.get("sha256") if isinstance(item, dict) else None
        if not isinstance(sha256, str) or not SHA256_RE.match(sha256):
            continue  # as is an invalid hash
        if sha256 not in checked:
            checked[sha256] = _image(images, sha256)
        data, refusal = checked[sha256]
        if data is not None:
            entry.images[sha256] = data
        elif refusal:
            refusals.append(_("media.%(number)d : image « %(name)s » refusée : %(reason)s")
                            % {"number": number, "name": shown(str(item.get("name", "")), 100),
                               "reason": refusal})
    return refusals


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
    extra = set(document) - {"format", "version", "questions", "images"}
    if extra:
        result.problems.append(
            ParseProblem(
                "",
                _("Champs inconnus en tête de fichier : %(keys)s.")
                % {"keys": ", ".join(sorted(shown(str(key)) for key in extra))},
            )
        )
    images = document.get("images")
    if images is not None and not isinstance(images, dict):
        message = _("« images » doit être un objet {empreinte SHA-256 : contenu en base64}.")
        result.problems.append(ParseProblem("", message))
        return result
    questions = document.get("questions")
    if not isinstance(questions, list):
        result.problems.append(ParseProblem("", _("« questions » doit être une liste.")))
        return result
    try:
        check_count(len(questions), maximum=MAX_QUESTIONS, what=_("questions"), field="questions")
    except UnsafeInput as error:
        result.problems.append(ParseProblem("", str(error)))
        return result
    checked: dict[str, tuple[bytes | None, str]] = {}
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
        entry = BankEntry(uid=uid, content=content, label=label)
        refusals = _attach_images(entry, images, checked)
        if refusals:
            result.problems.extend(ParseProblem(label, refusal) for refusal in refusals)
            continue
        result.entries.append(entry)
    return result

"""Validation and normalisation of a question's content (the JSON of questions/data/FORMAT.md).

``validate_question(data)`` checks one question of a bank file (with its ``uid``) and returns
``(content, problems)``: ``content`` is the normalised content (keys in canonical order,
defaults filled in, no uid) ready for ``QuestionVersion.set_content``; ``problems`` is a list
of ``Problem(field, message)`` where ``field`` is a dotted path such as
``body.options.2.text_en`` and ``message`` is in the active language. Nothing here touches
the database except the citation check, which falls back to the rulebook's JSON files.
"""

from __future__ import annotations

import re
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.safe_input import dotted, structure_problems
from questions.content_bodies import _body, rubric_total, rubric_total_problem
from questions.content_checker import (
    ARROW_RE,
    CLOCK_RE,
    KEY_RE,
    QUESTION_KEYS,
    RESERVED_UIDS,
    SCENARIO_DEFAULTS,
    SQUARE_RE,
    UID_RE,
    ContentError,
    Problem,
    _Checker,
    to_decimal,
)
from questions.models import QuestionType, Rate, Unit

# The names callers import from here; the pieces live in content_checker and content_bodies.
__all__ = [
    "KEY_RE",
    "RESERVED_UIDS",
    "UID_RE",
    "ContentError",
    "Problem",
    "rubric_total",
    "rubric_total_problem",
    "to_decimal",
    "validate_content",
    "validate_question",
]


def validate_question(data: object, *, check_citations: bool = True,
                      use_database: bool = True) -> tuple[dict, list[Problem]]:
    """Validate one question of a bank file (uid included). Returns (content without uid, problems)."""
    if not isinstance(data, dict):
        return {}, [Problem("", _("Une question doit être un objet JSON."))]
    checker = _Checker()
    uid = data.get("uid")
    if not isinstance(uid, str) or not UID_RE.match(uid):
        checker.add("uid", _("L'identifiant doit être en minuscules non accentuées, chiffres et tirets."))
    elif uid in RESERVED_UIDS:
        checker.add("uid", _("L'identifiant « %(uid)s » est réservé.") % {"uid": uid})
    content, problems = validate_content({k: v for k, v in data.items() if k != "uid"},
                                         check_citations=check_citations, use_database=use_database)
    return content, checker.problems + problems


def _paths_with_nul(value: object) -> list[str]:
    """Dotted paths of the texts holding a NUL character (walked without recursion)."""
    paths = []
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                paths.append(path)
        elif isinstance(item, dict):
            stack.extend((f"{path}.{key}" if path else str(key), child) for key, child in item.items())
        elif isinstance(item, list):
            stack.extend((f"{path}.{index}", child) for index, child in enumerate(item))
    return sorted(paths)


# question → body → rubric → criterion → text: deeper is never a question.
MAX_CONTENT_DEPTH = 8
MAX_CONTENT_VALUES = 20_000


def validate_content(data: object, *, check_citations: bool = True,
                     use_database: bool = True) -> tuple[dict, list[Problem]]:
    """Validate and normalise a question's content (no uid). Returns (content, problems).

    Citations are checked against the rulebook's files, else the database when
    ``use_database`` (see ``questions.citations.citation_problem``).
    """
    if not isinstance(data, dict):
        return {}, [Problem("", _("Une question doit être un objet JSON."))]
    checker = _Checker()
    # Unusable numbers, lone surrogates and deep nesting: the checks below could not cope.
    unsafe = structure_problems(data, max_depth=MAX_CONTENT_DEPTH, max_values=MAX_CONTENT_VALUES)
    if unsafe:
        return {}, [Problem(dotted(path), message) for path, message in unsafe]
    checker.unknown_keys(data, set(QUESTION_KEYS) - {"uid"}, "")
    # PostgreSQL refuses NUL characters in text: say where, instead of failing when saving.
    for path in _paths_with_nul(data):
        checker.add(path, _("Ce texte contient un caractère nul (\\0), interdit."))

    kind = data.get("type")
    if kind not in QuestionType.values:
        checker.add("type", _("Type inconnu « %(type)s » (attendu : %(choices)s).")
                    % {"type": kind, "choices": ", ".join(QuestionType.values)})

    units = data.get("units")
    if not isinstance(units, list) or not units or not all(isinstance(u, str) for u in units):
        checker.add("units", _("Indiquez au moins une unité de valeur (UVR, UVC, UVO, UVT)."))
        units = []
    else:
        for unit in units:
            if unit not in Unit.values:
                checker.add("units", _("Unité inconnue « %(unit)s ».") % {"unit": unit})
        if len(set(units)) != len(units):
            checker.add("units", _("Une unité est répétée."))
        units = [u for u in Unit.values if u in units]
    needs_english = "UVR" in units

    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) and t.strip() for t in tags):
        checker.add("tags", _("Les étiquettes sont une liste de textes non vides."))
        tags = []
    else:
        tags = list(dict.fromkeys(t.strip() for t in tags))
        if any("|" in t or "," in t for t in tags):
            checker.add("tags", _("Une étiquette ne peut contenir ni « | » ni « , »."))

    difficulty = data.get("difficulty", 2)
    if isinstance(difficulty, bool) or difficulty not in (1, 2, 3):
        checker.add("difficulty", _("La difficulté vaut 1, 2 ou 3."))
        difficulty = 2

    points = to_decimal(data.get("points", 1))
    if points is None or points <= 0 or points != points.quantize(Decimal("0.01")) or points >= 10000:
        checker.add("points", _("Les points sont un nombre positif avec au plus deux décimales."))
        points = Decimal(1)

    negative_marking = checker.boolean(data, "negative_marking", "", False)
    eliminatory = checker.boolean(data, "eliminatory", "", False)
    stem_fr = checker.text(data, "stem_fr", "", required=True)
    stem_en = checker.text(data, "stem_en", "")
    checker.english(stem_fr, stem_en, "stem_en", needs_english)
    explanation_fr = checker.text(data, "explanation_fr", "")
    explanation_en = checker.text(data, "explanation_en", "")
    checker.english(explanation_fr, explanation_en, "explanation_en", needs_english)
    source = checker.text(data, "source", "")

    citations = _citations(checker, data.get("citations", []), check_citations, use_database)
    scenario = _scenario(checker, data.get("scenario"))
    body = _body(checker, kind, data.get("body"), points, needs_english)
    from questions.media import media_problems

    media, media_errors = media_problems(data.get("media"), (stem_fr, stem_en), use_database=use_database,
                                         explanations=(explanation_fr, explanation_en))
    for path, message in media_errors:
        checker.add(path, message)

    from questions.models import number_for_json

    content = {
        "type": kind if kind in QuestionType.values else "",
        "units": units,
        "tags": tags,
        "difficulty": difficulty,
        "points": number_for_json(points),
        "negative_marking": negative_marking,
        "eliminatory": eliminatory,
        "stem_fr": stem_fr,
        "stem_en": stem_en,
        "explanation_fr": explanation_fr,
        "explanation_en": explanation_en,
        "citations": citations,
        "source": source,
        "scenario": scenario,
        "body": body,
    }
    if media:
        content["media"] = media
    return content, checker.problems


def _citations(checker: _Checker, citations: object, check: bool, use_database: bool) -> list[dict]:
    from questions.citations import citation_problem, known_edition

    if citations is None:
        return []
    if not isinstance(citations, list):
        checker.add("citations", _("Les citations sont une liste d'objets {edition, article}."))
        return []
    result = []
    seen = set()
    for index, citation in enumerate(citations):
        path = f"citations.{index}"
        if not isinstance(citation, dict) or set(citation) != {"edition", "article"}:
            checker.add(path, _("Une citation est un objet avec exactement « edition » et « article »."))
            continue
        edition, article = citation["edition"], citation["article"]
        if not isinstance(edition, str) or not known_edition(edition):
            checker.add(path + ".edition", _("Édition inconnue « %(edition)s ».") % {"edition": edition})
            continue
        if not isinstance(article, str) or not re.match(r"^[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*$", article):
            checker.add(path + ".article",
                        _("Numéro d'article invalide « %(article)s ».") % {"article": article})
            continue
        if (edition, article) in seen:
            checker.add(path, _("Cette citation est répétée."))
            continue
        seen.add((edition, article))
        if check:
            message = citation_problem(edition, article, use_database=use_database)
            if message:
                checker.add(path + ".article", message)
        result.append({"edition": edition, "article": article})
    return result


def _scenario(checker: _Checker, scenario: object) -> dict | None:
    if scenario is None or scenario == {}:
        return None
    if not isinstance(scenario, dict):
        checker.add("scenario", _("Le scénario est un objet ou null."))
        return None
    checker.unknown_keys(scenario, tuple(SCENARIO_DEFAULTS), "scenario.")
    result: dict[str, object] = {}
    fen = scenario.get("fen") or ""
    moves = scenario.get("moves") or ""
    if not isinstance(fen, str):
        checker.add("scenario.fen", _("La FEN doit être un texte."))
        fen = ""
    if not isinstance(moves, str):
        checker.add("scenario.moves", _("Les coups doivent être un texte (SAN)."))
        moves = ""
    fen, moves = fen.strip(), moves.strip()
    result["fen"] = fen
    result["moves"] = moves

    plies = _check_position(checker, fen, moves)

    ply = scenario.get("ply")
    if ply is not None:
        if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
            checker.add("scenario.ply", _("Le demi-coup affiché est un entier positif ou nul."))
            ply = None
        elif plies is not None and ply > plies:
            message = ngettext("Le demi-coup %(ply)s dépasse la partie (%(plies)s demi-coup).",
                               "Le demi-coup %(ply)s dépasse la partie (%(plies)s demi-coups).", plies)
            checker.add("scenario.ply", message % {"ply": ply, "plies": plies})
    result["ply"] = ply

    orientation = scenario.get("orientation", "white")
    if orientation not in ("white", "black"):
        checker.add("scenario.orientation", _("L'orientation vaut « white » ou « black »."))
        orientation = "white"
    result["orientation"] = orientation

    arrows = scenario.get("arrows") or []
    if not isinstance(arrows, list) or not all(isinstance(a, str) and ARROW_RE.match(a) for a in arrows):
        checker.add("scenario.arrows", _("Les flèches s'écrivent « e2e4 » ou « e2e4:red »."))
        arrows = []
    result["arrows"] = arrows
    circles = scenario.get("circles") or []
    if not isinstance(circles, list) or not all(isinstance(c, str) and SQUARE_RE.match(c) for c in circles):
        checker.add("scenario.circles", _("Les cercles sont une liste de cases (« e4 »)."))
        circles = []
    result["circles"] = circles
    squares = scenario.get("squares") or {}
    if not isinstance(squares, dict) or not all(
        isinstance(k, str) and SQUARE_RE.match(k) and isinstance(v, str) and v for k, v in squares.items()
    ):
        checker.add("scenario.squares", _("Les cases colorées s'écrivent {\"e4\": \"yellow\"}."))
        squares = {}
    result["squares"] = squares

    clocks = scenario.get("clocks")
    if clocks is not None and (
        not isinstance(clocks, dict) or not set(clocks) <= {"white", "black", "to_move"} or not all(
            isinstance(clocks.get(side, ""), str) and (not clocks.get(side) or CLOCK_RE.match(clocks[side]))
            for side in ("white", "black")
        ) or clocks.get("to_move") not in (None, "white", "black")
    ):
        checker.add("scenario.clocks",
                    _("Les pendules s'écrivent {\"white\": \"0:04:10\", \"black\": \"0:00:12\", "
                      "\"to_move\": \"black\"}."))
        clocks = None
    result["clocks"] = clocks

    rate = scenario.get("rate", "standard")
    if rate not in Rate.values:
        checker.add("scenario.rate", _("La cadence vaut standard, rapid ou blitz."))
        rate = "standard"
    result["rate"] = rate

    claim = scenario.get("claim")
    if claim is not None:
        if (not isinstance(claim, dict) or not set(claim) <= {"type", "intended_move"}
                or claim.get("type") not in ("threefold", "fifty")
                or not isinstance(claim.get("intended_move") or "", str)):
            checker.add("scenario.claim", _("Une réclamation s'écrit {\"type\": \"threefold\" ou \"fifty\", "
                                            "\"intended_move\": \"Nf3\" ou null}."))
            claim = None
        else:
            intended = (claim.get("intended_move") or "").strip() or None
            claim = {"type": claim["type"], "intended_move": intended}
    result["claim"] = claim

    flag_fell = scenario.get("flag_fell")
    if flag_fell not in (None, "white", "black"):
        checker.add("scenario.flag_fell", _("La chute du drapeau vaut « white », « black » ou null."))
        flag_fell = None
    result["flag_fell"] = flag_fell
    if claim is not None and flag_fell is not None:
        checker.add("scenario", _("Un scénario a une réclamation ou une chute du drapeau, pas les deux."))

    # Canonical form: keys in the documented order, defaults left out.
    return {key: value for key, value in result.items() if value != SCENARIO_DEFAULTS[key]}


def _check_position(checker: _Checker, fen: str, moves: str) -> int | None:
    """Check the FEN and the moves with positions.validation; return the number of plies."""
    from positions.notation import moves_in_language
    from positions.validation import FenError, PgnError, parse_moves, validate_fen

    if fen:
        try:
            validate_fen(fen)
        except FenError as error:
            checker.add("scenario.fen", str(error.message))
            return None
    if not moves:
        return 0
    try:
        game = parse_moves(moves, fen=fen or None, allow_illegal=True)
    except PgnError as error:
        # The moves are stored in SAN; a French reader reads those quoted with French letters
        # (R, D, T, F, C), as the editor shows them and its live check quotes them.
        checker.add("scenario.moves", moves_in_language(str(error.message)))
        return None
    return len(game.moves)

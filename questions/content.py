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
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.safe_input import decimal_from_number, dotted, structure_problems
from questions.models import Action, MultipleScoring, Outcome, QuestionType, Rate, Unit

UID_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$")
# Page names under /questions/ that a uid must not shadow.
RESERVED_UIDS = frozenset({"new", "reviews", "import", "export", "editor"})
KEY_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
SQUARE_RE = re.compile(r"^[a-h][1-8]$")
ARROW_RE = re.compile(r"^[a-h][1-8][a-h][1-8](?::[a-z]+|:#[0-9a-fA-F]{3,8})?$")
CLOCK_RE = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?(?:\.\d)?$")

QUESTION_KEYS = (
    "uid", "type", "units", "tags", "difficulty", "points", "negative_marking", "eliminatory",
    "stem_fr", "stem_en", "explanation_fr", "explanation_en", "citations", "source", "scenario", "body",
    "media",
)
SCENARIO_DEFAULTS: dict[str, object] = {
    "fen": "", "moves": "", "ply": None, "orientation": "white", "arrows": [], "circles": [],
    "squares": {}, "clocks": None, "rate": "standard", "claim": None, "flag_fell": None,
}
OPTION_KEYS = ("key", "text_fr", "text_en", "correct", "feedback_fr", "feedback_en")
DECISION_KEYS = ("key", "outcome", "text_fr", "text_en", "correct")
SANCTION_KEYS = ("key", "action", "text_fr", "text_en", "correct")


@dataclass(frozen=True)
class Problem:
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


class ContentError(ValueError):
    """Raised by the services when content does not validate; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(str(problem) for problem in self.problems))

    def message_dict(self) -> dict[str, list[str]]:
        messages: dict[str, list[str]] = {}
        for problem in self.problems:
            messages.setdefault(problem.field, []).append(problem.message)
        return messages


def to_decimal(value: object) -> Decimal | None:
    """A JSON number (not a boolean) as a finite Decimal below a thousand billion, or None."""
    return decimal_from_number(value)


class _Checker:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, field: str, message: str) -> None:
        self.problems.append(Problem(field, message))

    def text(self, data: dict, key: str, path: str, *, required: bool = False) -> str:
        value = data.get(key, "")
        if value is None:
            value = ""
        if not isinstance(value, str):
            self.add(path + key, _("Ce champ doit être un texte."))
            return ""
        value = value.strip()
        if required and not value:
            self.add(path + key, _("Ce champ est obligatoire."))
        return value

    def boolean(self, data: dict, key: str, path: str, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.add(path + key, _("Ce champ doit valoir true ou false."))
            return default
        return value

    def unknown_keys(self, data: dict, allowed: tuple[str, ...] | set[str], path: str) -> None:
        for key in data:
            if key not in allowed:
                self.add(path + str(key), _("Champ inconnu « %(key)s ».") % {"key": key})

    def english(self, french: str, english: str, field: str, needs_english: bool) -> None:
        if needs_english and french and not english:
            self.add(field, _("La traduction anglaise est obligatoire pour une question d'UVR."))


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
# A hundred options or criteria is already no exam question (the formats refuse more, too).
MAX_OPTIONS = 100
MAX_CRITERIA = 100
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

    media, media_errors = media_problems(data.get("media"), (stem_fr, stem_en), use_database=use_database)
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


def _body(checker: _Checker, kind: object, body: object, points: Decimal, needs_english: bool) -> dict:
    if not isinstance(body, dict):
        checker.add("body", _("Le contenu (« body ») est un objet qui dépend du type."))
        return {}
    if kind in (QuestionType.SINGLE, QuestionType.MULTIPLE):
        return _choice_body(checker, kind, body, needs_english)
    if kind == QuestionType.TRUEFALSE:
        checker.unknown_keys(body, ("answer",), "body.")
        answer = body.get("answer")
        if not isinstance(answer, bool):
            checker.add("body.answer", _("La réponse vaut true ou false."))
            answer = True
        return {"answer": answer}
    if kind == QuestionType.NUMERIC:
        return _numeric_body(checker, body, needs_english)
    if kind == QuestionType.SHORT:
        return _short_body(checker, body)
    if kind == QuestionType.OPEN:
        return _open_body(checker, body, points, needs_english)
    if kind == QuestionType.RULING:
        return _ruling_body(checker, body, points, needs_english)
    if kind == QuestionType.COMPUTED:
        return _computed_body(checker, body)
    if kind == QuestionType.PAIRING:
        return _pairing_body(checker, body)
    return body


def _pairing_body(checker: _Checker, body: dict) -> dict:
    """A generated or TRF16 tournament whose next round(s) the candidate pairs; the body is
    only accepted if the engine can pair it (questions/pairing)."""
    from questions import pairing

    result, problems = pairing.validate_body(body)
    for field, message in problems:
        checker.add(field, message)
    return result


def _computed_body(checker: _Checker, body: dict) -> dict:
    """The generator, pinned to its version, and its validated parameters; a sample variant is
    drawn so that parameters the generator cannot work with are refused now, not in an exam."""
    from questions import computed

    result, problems = computed.validate_body(body)
    for field, message in problems:
        checker.add(field, message)
    if not problems:
        try:
            computed.generate(result, computed.SAMPLE_SEEDS[0])
        except (ValueError, LookupError) as error:
            checker.add("body.params", _("Le générateur ne produit pas de variante avec ces paramètres "
                                         "(%(error)s).") % {"error": error})
    return result


def _keyed_items(checker: _Checker, items: object, path: str, allowed: tuple[str, ...]) -> list[dict]:
    if not isinstance(items, list):
        checker.add(path, _("Une liste d'options est attendue."))
        return []
    if len(items) > MAX_OPTIONS:
        checker.add(path, _("%(count)d options : c'est trop, %(max)d au plus.")
                    % {"count": len(items), "max": MAX_OPTIONS})
        return []
    result = []
    keys = set()
    for index, item in enumerate(items):
        item_path = f"{path}.{index}"
        if not isinstance(item, dict):
            checker.add(item_path, _("Une option est un objet."))
            continue
        checker.unknown_keys(item, allowed, item_path + ".")
        key = item.get("key")
        if not isinstance(key, str) or not KEY_RE.match(key):
            checker.add(item_path + ".key",
                        _("Une clé s'écrit en minuscules non accentuées, chiffres, tirets ou soulignés "
                          "(40 caractères au plus), par exemple « a » ou « d1 »."))
            key = ""  # reported; keeps the checks that follow from tripping over it
        elif key in keys:
            checker.add(item_path + ".key", _("La clé « %(key)s » est répétée.") % {"key": key})
        keys.add(key)
        result.append({**item, "key": key})
    return result


def _choice_body(checker: _Checker, kind: str, body: dict, needs_english: bool) -> dict:
    checker.unknown_keys(body, ("options", "shuffle", "scoring"), "body.")
    options = []
    for index, item in enumerate(_keyed_items(checker, body.get("options"), "body.options", OPTION_KEYS)):
        path = f"body.options.{index}."
        option = {
            "key": item.get("key"),
            "text_fr": checker.text(item, "text_fr", path, required=True),
            "text_en": checker.text(item, "text_en", path),
            "correct": checker.boolean(item, "correct", path, False),
            "feedback_fr": checker.text(item, "feedback_fr", path),
            "feedback_en": checker.text(item, "feedback_en", path),
        }
        checker.english(option["text_fr"], option["text_en"], path + "text_en", needs_english)
        checker.english(option["feedback_fr"], option["feedback_en"], path + "feedback_en", needs_english)
        options.append(option)
    correct = sum(1 for option in options if option["correct"])
    if len(options) < 2:
        checker.add("body.options", _("Il faut au moins deux options."))
    if kind == QuestionType.SINGLE and correct != 1:
        checker.add("body.options", _("Une question à choix unique a exactement une bonne option."))
    if kind == QuestionType.MULTIPLE and correct < 1:
        checker.add("body.options", _("Une question à choix multiple a au moins une bonne option."))
    result: dict[str, object] = {"options": options}
    scoring = body.get("scoring", MultipleScoring.ALL_OR_NOTHING)
    if scoring not in MultipleScoring.values:
        checker.add("body.scoring", _("La notation vaut all_or_nothing ou partial."))
        scoring = MultipleScoring.ALL_OR_NOTHING
    if kind == QuestionType.MULTIPLE:
        result["scoring"] = str(scoring)
    elif scoring != MultipleScoring.ALL_OR_NOTHING:
        # FORMAT.md's example shows "scoring" on single choice too; only all_or_nothing makes sense.
        checker.add("body.scoring", _("Une question à choix unique se note en tout ou rien."))
    result["shuffle"] = checker.boolean(body, "shuffle", "body.", True)
    return result


def _numeric_body(checker: _Checker, body: dict, needs_english: bool) -> dict:
    from questions.models import number_for_json

    checker.unknown_keys(body, ("value", "tolerance", "unit_fr", "unit_en"), "body.")
    value = to_decimal(body.get("value"))
    if value is None:
        checker.add("body.value", _("La valeur attendue est un nombre."))
        value = Decimal(0)
    tolerance = to_decimal(body.get("tolerance", 0))
    if tolerance is None or tolerance < 0:
        checker.add("body.tolerance", _("La tolérance est un nombre positif ou nul."))
        tolerance = Decimal(0)
    unit_fr = checker.text(body, "unit_fr", "body.")
    unit_en = checker.text(body, "unit_en", "body.")
    checker.english(unit_fr, unit_en, "body.unit_en", needs_english)
    return {"value": number_for_json(value), "tolerance": number_for_json(tolerance),
            "unit_fr": unit_fr, "unit_en": unit_en}


def _short_body(checker: _Checker, body: dict) -> dict:
    from questions.scoring import normalise_text

    checker.unknown_keys(body, ("accepted", "accepted_en"), "body.")
    result = {}
    for key, required in (("accepted", True), ("accepted_en", False)):
        answers = body.get(key, [])
        if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
            checker.add(f"body.{key}", _("Les réponses acceptées sont une liste de textes."))
            answers = []
        answers = [a.strip() for a in answers]
        for index, answer in enumerate(answers):
            if not normalise_text(answer):
                checker.add(f"body.{key}.{index}", _("Cette réponse est vide une fois normalisée."))
        if required and not answers:
            checker.add(f"body.{key}", _("Indiquez au moins une réponse acceptée."))
        result[key] = answers
    return result


def _open_body(checker: _Checker, body: dict, points: Decimal, needs_english: bool) -> dict:
    from questions.models import number_for_json

    checker.unknown_keys(body, ("model_answer_fr", "model_answer_en", "rubric"), "body.")
    model_fr = checker.text(body, "model_answer_fr", "body.", required=True)
    model_en = checker.text(body, "model_answer_en", "body.")
    checker.english(model_fr, model_en, "body.model_answer_en", needs_english)
    rubric = []
    items = body.get("rubric")
    if not isinstance(items, list) or not items:
        checker.add("body.rubric", _("Le barème est une liste non vide de critères."))
        items = []
    elif len(items) > MAX_CRITERIA:
        checker.add("body.rubric", _("%(count)d critères : c'est trop, %(max)d au plus.")
                    % {"count": len(items), "max": MAX_CRITERIA})
        items = []
    total = Decimal(0)
    for index, item in enumerate(items):
        path = f"body.rubric.{index}."
        if not isinstance(item, dict):
            checker.add(path[:-1], _("Un critère est un objet."))
            continue
        checker.unknown_keys(item, ("criterion_fr", "criterion_en", "points"), path)
        criterion_fr = checker.text(item, "criterion_fr", path, required=True)
        criterion_en = checker.text(item, "criterion_en", path)
        checker.english(criterion_fr, criterion_en, path + "criterion_en", needs_english)
        criterion_points = to_decimal(item.get("points"))
        if criterion_points is None or criterion_points <= 0:
            checker.add(path + "points", _("Les points d'un critère sont un nombre positif."))
            criterion_points = Decimal(0)
        total += criterion_points
        rubric.append({"criterion_fr": criterion_fr, "criterion_en": criterion_en,
                       "points": number_for_json(criterion_points)})
    problem = rubric_total_problem(rubric, points) if items else None
    if problem:
        checker.add("body.rubric", problem)
    return {"model_answer_fr": model_fr, "model_answer_en": model_en, "rubric": rubric}


def rubric_total(rubric: list[dict]) -> Decimal:
    points = (to_decimal(criterion.get("points")) for criterion in rubric if isinstance(criterion, dict))
    return sum((value or Decimal(0) for value in points), Decimal(0))


def rubric_total_problem(rubric: list[dict], points: Decimal) -> str | None:
    """The one rule of an open question's rubric: its criteria add up to the question's points
    (a grader marks "sur 1" three times a question worth 3, never 4). Checked on import, on a
    version saved through a form (``QuestionVersion.clean``), on a paper weighing the question
    (``papers.services``) and over the stored bank (``check_bank --database``)."""
    total = rubric_total(rubric)
    if total == Decimal(str(points)):
        return None
    return _("Les points du barème (%(total)s) doivent faire ceux de la question (%(points)s).") % {
        "total": total.normalize(), "points": Decimal(str(points)).normalize()}


def _ruling_body(checker: _Checker, body: dict, points: Decimal, needs_english: bool) -> dict:
    from questions.models import number_for_json

    checker.unknown_keys(body, ("decisions", "sanctions", "decision_points", "sanction_points"), "body.")
    result: dict[str, object] = {}
    for part, vocabulary_key, vocabulary, keys in (
        ("decisions", "outcome", Outcome.values, DECISION_KEYS),
        ("sanctions", "action", Action.values, SANCTION_KEYS),
    ):
        entries = []
        raw = body.get(part, [] if part == "sanctions" else None)
        for index, item in enumerate(_keyed_items(checker, raw, f"body.{part}", keys)):
            path = f"body.{part}.{index}."
            word = item.get(vocabulary_key)
            if word not in vocabulary:
                checker.add(path + vocabulary_key, _("Valeur inconnue « %(value)s » (attendu : %(choices)s).")
                            % {"value": word, "choices": ", ".join(vocabulary)})
            entry = {
                "key": item.get("key"),
                vocabulary_key: word,
                "text_fr": checker.text(item, "text_fr", path, required=True),
                "text_en": checker.text(item, "text_en", path),
                "correct": checker.boolean(item, "correct", path, False),
            }
            checker.english(entry["text_fr"], entry["text_en"], path + "text_en", needs_english)
            entries.append(entry)
        result[part] = entries
    decisions = result["decisions"]
    if len(decisions) < 2:
        checker.add("body.decisions", _("Proposez au moins deux décisions."))
    if sum(1 for d in decisions if d["correct"]) != 1:
        checker.add("body.decisions", _("Exactement une décision est correcte."))
    sanctions = result["sanctions"]
    if any(s["action"] == Action.NONE and s["correct"] for s in sanctions) and any(
        s["action"] != Action.NONE and s["correct"] for s in sanctions
    ):
        checker.add("body.sanctions",
                    _("« Aucune sanction » ne peut pas être correcte avec d'autres sanctions."))
    # A key that is not valid is already reported (and blanked): two such keys must not also
    # be reported as the same key.
    keys = [item["key"] for item in decisions + sanctions if item["key"]]
    if len(set(keys)) != len(keys):
        checker.add("body.sanctions",
                    _("Les clés des décisions et des sanctions doivent être toutes différentes."))
    shares = []
    for key in ("decision_points", "sanction_points"):
        value = to_decimal(body.get(key))
        if value is None or value < 0:
            checker.add("body." + key, _("Ce nombre de points est positif ou nul."))
            value = Decimal(0)
        shares.append(value)
        result[key] = number_for_json(value)
    if sum(shares) != points:
        checker.add("body.decision_points", _("Les points de la décision et ceux des sanctions (%(shares)s) "
                                              "doivent faire les points de la question (%(points)s).")
                    % {"shares": " + ".join(str(share.normalize()) for share in shares),
                       "points": points.normalize()})
    return result

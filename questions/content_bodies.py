"""The body of each question type (choice, numeric, short, open, ruling, pairing, computed),
checked and normalised for :func:`questions.content.validate_content`."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _

from questions.content_checker import (
    DECISION_KEYS,
    KEY_RE,
    OPTION_KEYS,
    SANCTION_KEYS,
    _Checker,
    to_decimal,
)
from questions.models import Action, MultipleScoring, Outcome, QuestionType

# A hundred options or criteria is already no exam question (the formats refuse more, too).
MAX_OPTIONS = 100
MAX_CRITERIA = 100


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

"""The engine check: the rules engine (``positions.engine.analyse``) checks a ruling's answer key.

``check_answer_key(content) -> list[Objection]`` takes a question's content (FORMAT.md, with
or without uid) and returns what the engine disagrees with; an empty list means the answer
key is consistent with the engine, or that the scenario gives the engine nothing to check.
What is checked (FORMAT.md, "The engine check"), for ``ruling`` questions with a scenario:

- a ``claim``: valid claim → the correct decision's outcome is ``draw``, invalid →
  ``game_continues``; an invalid claim in a standard game → the correct sanctions include
  ``add_two_minutes_opponent``, and ``play_intended_move`` when a move was written;
- a ``flag_fell``: the decision is the engine's Art. 6.9 result (``white_wins``,
  ``black_wins`` or ``draw``);
- an illegal move among the moves: the correct actions include ``restore_position`` and the
  engine's sanction (first illegal move: time added to the opponent; a later one: the game is
  lost by the offender, or drawn when the opponent cannot mate).

Objections carry their message in French and in English (the engine's explanation in both).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _


@dataclass(frozen=True)
class Objection:
    field: str
    message_fr: str
    message_en: str

    @property
    def message(self) -> str:
        return self.message_en if translation.get_language() == "en" else self.message_fr

    def __str__(self) -> str:
        return self.message


def _both(build) -> tuple[str, str]:
    texts = []
    for language in ("fr", "en"):
        with translation.override(language):
            texts.append(str(build()))
    return texts[0], texts[1]


def needs_engine(content: dict) -> bool:
    """Whether the engine has something to check in this content."""
    scenario = content.get("scenario") or {}
    return content.get("type") == "ruling" and bool(
        scenario.get("claim") or scenario.get("flag_fell") or scenario.get("moves")
    )


def _analyse(scenario: dict, language: str):
    from positions.engine import AnalysisRequest, Claim, analyse

    claim = scenario.get("claim")
    request = AnalysisRequest(
        fen=scenario.get("fen") or None,
        pgn=scenario.get("moves") or None,
        ply=scenario.get("ply"),
        rate=scenario.get("rate") or "standard",
        claim=Claim(type=claim["type"], intended_move=claim.get("intended_move")) if claim else None,
        flag_fell=scenario.get("flag_fell") or None,
        language=language,
    )
    return analyse(request)


RESULT_OUTCOMES = {
    "1-0": "white_wins", "0-1": "black_wins", "1/2-1/2": "draw", "½-½": "draw",
    "white_wins": "white_wins", "black_wins": "black_wins", "draw": "draw",
}


def check_answer_key(content: dict) -> list[Objection]:
    if not needs_engine(content):
        return []
    from positions.engine import AnalysisInputError

    scenario = content["scenario"]
    analyses = {}
    try:
        for language in ("fr", "en"):
            with translation.override(language):
                analyses[language] = _analyse(scenario, language)
    except AnalysisInputError as error:
        message = str(getattr(error, "message", error))
        field = str(getattr(error, "field", "") or "")
        return [Objection(f"scenario.{field}" if field else "scenario", message, message)]
    body = content.get("body") or {}
    decisions = body.get("decisions") or []
    sanctions = body.get("sanctions") or []
    correct_decision = next((d for d in decisions if d.get("correct")), None)
    outcome = correct_decision.get("outcome") if correct_decision else None
    actions = {s.get("action") for s in sanctions if s.get("correct")}
    rate = scenario.get("rate") or "standard"

    objections: list[Objection] = []
    analysis_fr, analysis_en = analyses["fr"], analyses["en"]

    if scenario.get("claim") and analysis_fr.claim is not None:
        verdict_fr, verdict_en = analysis_fr.claim, analysis_en.claim
        expected = "draw" if verdict_fr.valid else "game_continues"
        if outcome != expected:
            fr, en = _expected_decision(expected)
            objections.append(Objection("body.decisions", f"{fr} {verdict_fr.explanation}",
                                        f"{en} {verdict_en.explanation}"))
        if not verdict_fr.valid and rate == "standard" and "add_two_minutes_opponent" not in actions:
            fr, en = _both(lambda: _("Réclamation incorrecte en cadence lente : l'adversaire reçoit deux "
                                     "minutes (article 9.5) ; cochez cette sanction comme correcte."))
            objections.append(Objection("body.sanctions", fr, en))
        intended = (scenario["claim"].get("intended_move") or "").strip()
        if not verdict_fr.valid and intended and "play_intended_move" not in actions:
            fr, en = _both(lambda: _("Réclamation incorrecte avec un coup écrit : ce coup doit être joué "
                                     "(article 9.5) ; cochez « jouer le coup annoncé » comme correct."))
            objections.append(Objection("body.sanctions", fr, en))

    if scenario.get("flag_fell") and analysis_fr.flag_fall is not None:
        expected = RESULT_OUTCOMES.get(str(analysis_fr.flag_fall.result))
        if expected and outcome != expected:
            fr, en = _expected_decision(expected)
            objections.append(Objection("body.decisions", f"{fr} {analysis_fr.flag_fall.explanation}",
                                        f"{en} {analysis_en.flag_fall.explanation}"))

    objections.extend(_illegal_move_objections(analysis_fr, analysis_en, outcome, actions))
    return objections


def _expected_decision(outcome: str) -> tuple[str, str]:
    return _both(lambda: _("Décision attendue : « %(outcome)s ».") % {"outcome": _outcome_label(outcome)})


def _outcome_label(outcome: str) -> str:
    from questions.models import Outcome

    return str(Outcome(outcome).label)


def _illegal_move_objections(analysis_fr, analysis_en, outcome: str | None, actions: set) -> list[Objection]:
    illegal_fr = list(analysis_fr.illegal_moves or [])
    if not illegal_fr:
        return []
    illegal_en = list(analysis_en.illegal_moves or [])
    last_fr, last_en = illegal_fr[-1], illegal_en[-1] if illegal_en else illegal_fr[-1]
    objections: list[Objection] = []
    if "restore_position" not in actions:
        fr, en = _both(lambda: _("Un coup illégal a été joué (%(move)s) : la position d'avant doit être "
                                 "rétablie ; cochez « rétablir la position » comme correct.")
                       % {"move": last_fr.move})
        objections.append(Objection("body.sanctions", fr, en))
    expected_action, expected_outcome = _sanction_meaning(last_fr, illegal_fr)
    if expected_action and expected_action not in actions:
        fr, en = _both(lambda: _("Sanction attendue pour ce coup illégal : %(sanction)s.")
                       % {"sanction": _action_label(expected_action)})
        objections.append(Objection("body.sanctions", f"{fr} {_reason(last_fr)}", f"{en} {_reason(last_en)}"))
    if expected_outcome and outcome != expected_outcome:
        fr, en = _expected_decision(expected_outcome)
        objections.append(Objection("body.decisions", f"{fr} {_reason(last_fr)}", f"{en} {_reason(last_en)}"))
    return objections


def _reason(illegal) -> str:
    return str(getattr(illegal, "reason", "") or "")


def _action_label(action: str) -> str:
    from questions.models import Action

    return str(Action(action).label)


def _sanction_meaning(illegal, all_illegal: list) -> tuple[str | None, str | None]:
    """(action expected among the correct sanctions, outcome expected) for the last illegal move."""
    sanction = str(getattr(illegal, "sanction", "") or "")
    if sanction in ("add_two_minutes_opponent", "add_time_opponent"):
        return sanction, None
    if sanction in ("white_wins", "black_wins", "draw"):
        return None, sanction
    return None, None

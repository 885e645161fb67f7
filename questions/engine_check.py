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
from functools import lru_cache

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
    if not isinstance(scenario, dict) or not isinstance(content.get("body"), dict):
        return False  # malformed content: the content validation reports it
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
    try:
        with translation.override("fr"):
            analysis_fr = _analyse(scenario, "fr")
        # The engine's search is the costly part: the English explanations are only needed
        # when there is something to explain.
        if not _objections(content, analysis_fr, analysis_fr):
            return []
        with translation.override("en"):
            analysis_en = _analyse(scenario, "en")
    except AnalysisInputError as error:
        message = str(getattr(error, "message", error))
        field = str(getattr(error, "field", "") or "")
        return _in_french_letters([Objection(f"scenario.{field}" if field else "scenario", message, message)])
    return _in_french_letters(_objections(content, analysis_fr, analysis_en))


def _in_french_letters(objections: list[Objection]) -> list[Objection]:
    """The engine reads the stored SAN and quotes moves with its English letters: the French
    message quotes them with French ones (R, D, T, F, C), as the editor shows them."""
    from positions.notation import moves_in_language

    return [
        Objection(objection.field, moves_in_language(objection.message_fr, "fr"), objection.message_en)
        for objection in objections
    ]


def _objections(content: dict, analysis_fr, analysis_en) -> list[Objection]:
    scenario = content["scenario"]
    body = content.get("body") or {}
    decisions = body.get("decisions") or []
    sanctions = body.get("sanctions") or []
    correct_decision = next((d for d in decisions if d.get("correct")), None)
    outcome = correct_decision.get("outcome") if correct_decision else None
    actions = {s.get("action") for s in sanctions if s.get("correct")}
    rate = scenario.get("rate") or "standard"

    objections: list[Objection] = []

    if scenario.get("claim") and analysis_fr.claim is not None:
        verdict_fr, verdict_en = analysis_fr.claim, analysis_en.claim
        expected = "draw" if verdict_fr.valid else "game_continues"
        if outcome != expected:
            fr, en = _expected_decision(expected)
            objections.append(Objection(
                "body.decisions", _cite(f"{fr} {verdict_fr.explanation}", verdict_fr.article),
                _cite(f"{en} {verdict_en.explanation}", verdict_en.article, "en")))
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
            flag_fr, flag_en = analysis_fr.flag_fall, analysis_en.flag_fall
            objections.append(Objection(
                "body.decisions", _cite(f"{fr} {flag_fr.explanation}", flag_fr.article),
                _cite(f"{en} {flag_en.explanation}", flag_en.article, "en")))

    if not scenario.get("claim") and not scenario.get("flag_fell"):
        # With a claim or a flag fall the question is about that; earlier illegal moves are history.
        objections.extend(_illegal_move_objections(analysis_fr, analysis_en, outcome, actions, rate))
    return objections


def _cite(text: str, article: str, language: str = "fr") -> str:
    if not article:
        return text
    with translation.override(language):
        return f"{text} ({_('article %(article)s') % {'article': article}})"


def _expected_decision(outcome: str) -> tuple[str, str]:
    return _both(lambda: _("Décision attendue : « %(outcome)s ».") % {"outcome": _outcome_label(outcome)})


def _outcome_label(outcome: str) -> str:
    from questions.models import Outcome

    return str(Outcome(outcome).label)


def _illegal_move_objections(analysis_fr, analysis_en, outcome: str | None, actions: set,
                             rate: str) -> list[Objection]:
    """The arbiter acts on the last illegal move (unless it stands, rapid/blitz A.4.2)."""
    if not analysis_fr.illegal_moves:
        return []
    last_fr = analysis_fr.illegal_moves[-1]
    last_en = analysis_en.illegal_moves[-1] if analysis_en.illegal_moves else last_fr
    if last_fr.stands:
        return []
    explanation_fr = _cite(f"{last_fr.reason} — {last_fr.sanction}".strip(" —"), last_fr.article)
    explanation_en = _cite(f"{last_en.reason} — {last_en.sanction}".strip(" —"), last_en.article, "en")
    earlier = [item for item in analysis_fr.illegal_moves[:-1]
               if item.side == last_fr.side and not item.stands]
    objections: list[Objection] = []
    if not earlier:
        # First illegal move: restore the position, add time to the opponent, play on (7.5.5).
        if "restore_position" not in actions:
            fr, en = _both(lambda: _("Un coup illégal a été joué (%(move)s) : la position d'avant doit être "
                                     "rétablie ; cochez « rétablir la position » comme correct.")
                           % {"move": last_fr.move})
            objections.append(Objection("body.sanctions", f"{fr} {explanation_fr}", f"{en} {explanation_en}"))
        # Two minutes (standard, rapid) or one minute in blitz (B.2) for the opponent.
        expected_actions = {"add_time_opponent"} if rate == "blitz" else {"add_two_minutes_opponent",
                                                                          "add_time_opponent"}
        if not actions & expected_actions:
            fr, en = _both(lambda: _("Premier coup illégal : l'adversaire reçoit du temps supplémentaire "
                                     "(article 7.5.5) ; cochez cette sanction comme correcte."))
            objections.append(Objection("body.sanctions", f"{fr} {explanation_fr}", f"{en} {explanation_en}"))
        expected_outcome = "game_continues"
    else:
        expected_outcome = _second_illegal_outcome(last_fr)
    if expected_outcome and outcome != expected_outcome:
        fr, en = _expected_decision(expected_outcome)
        objections.append(Objection("body.decisions", f"{fr} {explanation_fr}", f"{en} {explanation_en}"))
    return objections


def _second_illegal_outcome(illegal) -> str | None:
    """A second illegal move loses, unless the opponent cannot mate at all: then a draw (7.5.5)."""
    return _outcome_after_second_illegal_move(illegal.restore_fen, illegal.side)


@lru_cache(maxsize=256)
def _outcome_after_second_illegal_move(restore_fen: str, side: str) -> str | None:
    import chess

    from positions import mate

    offender = chess.WHITE if side == "white" else chess.BLACK
    search = mate.can_checkmate(chess.Board(restore_fen), not offender)
    if search.verdict == "no":
        return "draw"
    if search.verdict == "yes":
        return "black_wins" if offender == chess.WHITE else "white_wins"
    return None  # undetermined: the engine cannot settle it, the reviewer does

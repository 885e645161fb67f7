"""« Apparier une ronde à la main »: the pairing board on a TRF file (or a sample), then the
checker's faults, the mark on the default scale and the engine's round explained.

The tournament and the answer being built live in the session (a reload, or coming back
later, finds the board as it was left); the board's script saves each change through
:func:`save_pairing_board` (htmx). Nothing is stored in the database."""

from __future__ import annotations

from functools import lru_cache

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.forms_pairing_board import BoardSourceForm, round_to_pair
from tournaments.numbers import with_decimal_separator
from tournaments.pairing_board import (
    answer_from_post,
    board_context,
    check_players,
    empty_answer,
    normalise_answer,
)
from tournaments.permissions import require_calculators
from tournaments.swiss.engine import PairingImpossible, RoundPairing, pair_round
from tournaments.swiss.explain import explain_round
from tournaments.swiss.grading import ANSWER, DIFFERENCE, Scale, grade_round
from tournaments.trf import TrfError, TrfTournament, parse, write

SESSION_KEY = "tournaments.pairing_board"
FIELD = "answer"
SEVERITIES = (
    (ANSWER, "answer"),
    ("absolute", "absolute"),
    ("quality", "quality"),
    ("note", "note"),
    (DIFFERENCE, "difference"),
)


@lru_cache(maxsize=16)
def _parsed(trf: str) -> TrfTournament:
    """The session's file read once per process (a tournament is immutable): reading a TRF
    strictly costs more than drawing the board."""
    return parse(trf)


def _state(request: HttpRequest) -> tuple[TrfTournament, int, dict] | None:
    state = request.session.get(SESSION_KEY)
    if not state:
        return None
    try:
        tournament = _parsed(state["trf"])
        return tournament, round_to_pair(tournament), normalise_answer(state.get("answer"))
    except (KeyError, ValueError, TrfError):
        request.session.pop(SESSION_KEY, None)
        return None


def _language() -> str:
    language = (get_language() or "fr")[:2]
    return language if language in ("fr", "en") else "fr"


def correction(tournament: TrfTournament, round_number: int, answer: dict) -> dict:
    """The grade of ``answer`` (default scale), its faults by kind, the engine's round explained."""
    proposed = RoundPairing(round_number, tuple(tuple(p) for p in answer["pairs"]), tuple(answer["byes"]))
    scale = Scale()
    grade = grade_round(tournament, proposed, scale=scale)
    explanation = explain_round(tournament, round_number=round_number, pairing=grade.engine)
    language = _language()
    faults = {key: [f for f in grade.faults if f["severity"] == severity] for severity, key in SEVERITIES}
    return {
        "grade": grade,
        "marks": _number(grade.marks),
        "out_of": _number(grade.out_of),
        "full": grade.marks == grade.out_of,
        "faults": faults,
        "scale": scale.describe(),
        "engine": grade.engine,
        "steps": [step.render(language) for step in explanation.steps],
    }


def _number(value) -> str:
    return with_decimal_separator(str(value.numerator) if value.denominator == 1 else f"{float(value):g}")


@require_http_methods(["GET", "POST"])
@login_required
@require_calculators
def pairing_board(request: HttpRequest) -> HttpResponse:
    url = reverse("tournaments:pairing_board")
    action = request.POST.get("action", "load") if request.method == "POST" else ""
    if action == "new":
        request.session.pop(SESSION_KEY, None)
        return redirect(url)
    form = BoardSourceForm(request.POST, request.FILES) if action == "load" else BoardSourceForm()
    if action == "load" and form.is_valid():
        request.session[SESSION_KEY] = {
            "trf": write(form.cleaned_data["tournament"]),
            "answer": empty_answer(),
        }
        return redirect(url)
    context: dict = {"form": form}
    state = None if action == "load" else _state(request)
    status = 422 if form.is_bound and form.errors else 200
    if state is not None:
        tournament, round_number, answer = state
        error = ""
        if action == "engine":
            # The arbiter's way (a manual change to the engine's round): start from it.
            try:
                engine = pair_round(tournament, round_number=round_number)
            except PairingImpossible as problem:
                error, status = str(problem), 422
            else:
                answer = {"pairs": [list(p) for p in engine.pairs], "byes": list(engine.byes)}
                request.session[SESSION_KEY] = {**request.session[SESSION_KEY], "answer": answer}
                return redirect(url)
        if action == "check":
            try:
                answer = answer_from_post(request.POST, FIELD)
                check_players(answer, tournament, round_number)
            except ValueError as problem:
                error, status = str(problem), 422
            else:
                request.session[SESSION_KEY] = {**request.session[SESSION_KEY], "answer": answer}
                return redirect(f"{url}?correction=1#correction")
        context |= {
            "tournament": tournament,
            "board": board_context(
                tournament=tournament, round_number=round_number, answer=answer, field_name=FIELD
            ),
            "answer_error": error,
        }
        if request.GET.get("correction") and not error:
            try:
                context["correction"] = correction(tournament, round_number, answer)
            except PairingImpossible as problem:
                context["engine_error"] = str(problem)
    return render(request, "tournaments/pairing_board_tool.html", context, status=status)


@require_POST
@login_required
@require_calculators
def save_pairing_board(request: HttpRequest) -> HttpResponse:
    """The board's autosave: the answer as it stands (204), or 422 with the reason."""
    state = _state(request)
    if state is None:
        return HttpResponse(status=409)
    tournament, round_number, _answer = state
    try:
        answer = answer_from_post(request.POST, FIELD)
        check_players(answer, tournament, round_number)
    except ValueError as problem:
        return HttpResponse(str(problem), status=422, content_type="text/plain; charset=utf-8")
    request.session[SESSION_KEY] = {**request.session[SESSION_KEY], "answer": answer}
    return HttpResponse(status=204)

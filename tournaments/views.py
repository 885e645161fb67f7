"""Interactive calculators for trainees: who meets whom in a Berger table, and the Elo change
of a tournament. Both are read-only GET forms; bad input re-renders with status 422."""

from __future__ import annotations

from fractions import Fraction

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.forms import BergerForm, EloForm
from tournaments.permissions import require_calculators
from tournaments.rating import as_decimal, cap_k, rating_change
from tournaments.round_robin import berger_table, bye_number, double_round_robin, meeting

SCORE_LABELS = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}


@require_GET
@login_required
@require_calculators
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/index.html")


@require_GET
@login_required
@require_calculators
def berger(request: HttpRequest) -> HttpResponse:
    submitted = "players" in request.GET
    form = BergerForm(request.GET if submitted else None)
    context: dict = {"form": form}
    if submitted and form.is_valid():
        players = form.cleaned_data["players"]
        x, y = form.cleaned_data.get("x"), form.cleaned_data.get("y")
        table = double_round_robin(players) if form.cleaned_data["double"] else berger_table(players)
        context |= {
            "table": table,
            "bye": bye_number(players),
            "found": meeting(players, x, y) if x is not None else None,
            "highlight": {x, y} if x is not None else set(),
        }
    status = 422 if submitted and form.errors else 200
    return render(request, "tournaments/berger.html", context, status=status)


@require_GET
@login_required
@require_calculators
def elo(request: HttpRequest) -> HttpResponse:
    submitted = "rating" in request.GET
    form = EloForm(request.GET if submitted else None)
    context: dict = {"form": form}
    if submitted and form.is_valid():
        games = form.cleaned_data["games"]
        k = cap_k(form.cleaned_data["k"], len(games))
        result = rating_change(form.cleaned_data["rating"], games, k)
        context |= {
            "rows": [
                {
                    "number": n,
                    "game": game,
                    "score": SCORE_LABELS[game.score],
                    "expected": as_decimal(pd),
                    "delta": as_decimal(game.score - pd),
                }
                for n, (game, pd) in enumerate(zip(games, result.expected, strict=True), 1)
            ],
            "sum_delta": as_decimal(result.sum_delta),
            "result": result,
            "new_rating": form.cleaned_data["rating"] + result.change,
            "k_capped": k != form.cleaned_data["k"],
        }
    status = 422 if submitted and form.errors else 200
    return render(request, "tournaments/elo.html", context, status=status)

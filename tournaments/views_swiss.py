"""Trainee tools on Swiss tournaments: tie-breaks step by step from a crosstable, checking a
proposed round, pairing the next one. POST forms (a file may be uploaded) that only compute;
bad input re-renders with status 422 and the faulty line named."""

from __future__ import annotations

from fractions import Fraction

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from tournaments import tiebreaks
from tournaments.crosstable import Crosstable
from tournaments.forms_swiss import CheckForm, CrosstableForm, PairingForm
from tournaments.numbers import with_decimal_separator
from tournaments.permissions import require_calculators
from tournaments.swiss.checker import ABSOLUTE, QUALITY, check_round, with_round
from tournaments.swiss.engine import PairingImpossible, pair_round
from tournaments.trf import TrfError


def _number(value: Fraction) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return with_decimal_separator(text)


def _submitted(request: HttpRequest, form_class):
    if request.method == "POST":
        return form_class(request.POST, request.FILES)
    return form_class()


def player_details(table: Crosstable, number: int) -> dict:
    """Every value a tie-break of ``number`` adds up, round by round (Livre 5.2)."""
    player = table[number]
    values = tiebreaks.opponent_values(table, number)
    rows, running = [], Fraction(0)
    for index, (result, value) in enumerate(zip(player.results, values, strict=True)):
        running += result.score
        rows.append(
            {
                "round": index + 1,
                "result": result,
                "score": _number(result.score),
                "played": result.played,
                "value": _number(value),
                "virtual": (
                    {
                        "before": _number(player.score_before(index)),
                        "own": _number(result.score),
                        "left": table.rounds - index - 1,
                    }
                    if not result.played
                    else None
                ),
                "opponent_score": (
                    _number(table[result.opponent].score)
                    if result.played and table[result.opponent].score != value
                    else None
                ),
                "sonneborn": _number(value * result.score),
                "running": _number(running),
            }
        )
    ordered = sorted(values)
    return {
        "player": player,
        "rows": rows,
        "lowest": _number(ordered[0]) if ordered else "",
        "highest": _number(ordered[-1]) if ordered else "",
        "buchholz": _number(tiebreaks.buchholz(table, number)),
        "cut": _number(tiebreaks.buchholz_cut(table, number)) if len(values) > 1 else "",
        "median": _number(tiebreaks.buchholz_median(table, number)) if len(values) > 2 else "",
        "sonneborn_berger": _number(tiebreaks.sonneborn_berger(table, number)),
        "cumulative": _number(tiebreaks.cumulative(player)),
        "wins": tiebreaks.wins(player),
        "black": tiebreaks.games_with_black(player),
        "average_rating": _number(tiebreaks.average_rating_of_opponents(table, number)),
    }


def standings(table: Crosstable) -> list[dict]:
    rows = [
        {
            "number": n,
            "score": p.score,
            "buchholz": tiebreaks.buchholz(table, n),
            "sonneborn_berger": tiebreaks.sonneborn_berger(table, n),
            "cumulative": tiebreaks.cumulative(p),
        }
        for n, p in table.players.items()
    ]
    rows.sort(key=lambda r: (-r["score"], -r["buchholz"], -r["sonneborn_berger"], r["number"]))
    return [{k: (_number(v) if isinstance(v, Fraction) else v) for k, v in row.items()} for row in rows]


@require_http_methods(["GET", "POST"])
@login_required
@require_calculators
def crosstable_tiebreaks(request: HttpRequest) -> HttpResponse:
    form = _submitted(request, CrosstableForm)
    context: dict = {"form": form}
    if form.is_bound and form.is_valid():
        tournament = form.cleaned_data["tournament"]
        try:
            table = tournament.crosstable()
        except ValueError as error:  # the TRF reader checks the same, so this is a safeguard
            form.add_error(None, str(error))
        else:
            number = form.cleaned_data.get("player") or min(table.players)
            context |= {"standings": standings(table), "detail": player_details(table, number)}
    status = 422 if form.is_bound and form.errors else 200
    return render(request, "tournaments/crosstable.html", context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
@require_calculators
def check_pairing(request: HttpRequest) -> HttpResponse:
    form = _submitted(request, CheckForm)
    context: dict = {"form": form}
    if form.is_bound and form.is_valid():
        tournament = form.cleaned_data["tournament"]
        proposal = form.cleaned_data.get("proposal")
        try:
            report = check_round(with_round(tournament, proposal) if proposal else tournament)
        except (ValueError, TrfError) as error:
            form.add_error(None, str(error))
        else:
            context |= {
                "report": report,
                "absolute": [v for v in report.violations if v.severity == ABSOLUTE],
                "quality": [v for v in report.violations if v.severity == QUALITY],
                "notes": [v for v in report.violations if v.severity not in (ABSOLUTE, QUALITY)],
            }
    status = 422 if form.is_bound and form.errors else 200
    return render(request, "tournaments/check_pairing.html", context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
@require_calculators
def pair_next_round(request: HttpRequest) -> HttpResponse:
    form = _submitted(request, PairingForm)
    context: dict = {"form": form}
    if form.is_bound and form.is_valid():
        tournament = form.cleaned_data["tournament"]
        try:
            pairing = pair_round(tournament)
        except PairingImpossible as error:
            form.add_error(None, str(error))
        else:
            scores = {p.number: _number(p.score) for p in tournament.players}
            context |= {
                "pairing": pairing,
                "boards": [
                    {
                        "board": index,
                        "white": w,
                        "black": b,
                        "white_score": scores[w],
                        "black_score": scores[b],
                    }
                    for index, (w, b) in enumerate(pairing.pairs, 1)
                ],
            }
    status = 422 if form.is_bound and form.errors else 200
    return render(request, "tournaments/pair_round.html", context, status=status)

"""Rounds of a managed tournament: pairing with the engine, results, the manual change with
the checker's warnings, undoing, standings and the exports (TRF16, crosstable PDF)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from managed_tournaments import pairing as pairing_service
from managed_tournaments import services
from managed_tournaments.forms import ManualPairingForm, ResultForm
from managed_tournaments.models import ByeKind, Result
from managed_tournaments.pdf import render_crosstable_pdf
from managed_tournaments.permissions import get_tournament_for_request
from managed_tournaments.standings import completed_rounds, number_text, standings
from tournaments.swiss.checker import ABSOLUTE, QUALITY
from tournaments.trf import write


@require_POST
@login_required
def pair_next(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    try:
        round_ = pairing_service.pair_next_round(tournament=tournament)
    except ValidationError as error:
        for text in error.messages:
            messages.error(request, text)
        return redirect(tournament)
    messages.success(request, _("Ronde %(round)d appariée par le moteur.") % {"round": round_.number})
    return redirect(round_)


@require_POST
@login_required
def undo_last(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    try:
        number = pairing_service.undo_last_round(tournament=tournament)
    except ValidationError as error:
        for text in error.messages:
            messages.error(request, text)
        last = tournament.last_round()
        return redirect(last or tournament)
    messages.success(request, _("L'appariement de la ronde %(round)d est annulé.") % {"round": number})
    return redirect(tournament)


def _round_context(tournament, round_) -> dict:
    boards = list(round_.boards.select_related("white", "black"))
    trf = tournament.as_trf(rounds=round_.number - 1)
    scores = {p.number: p.score for p in trf.players}
    return {
        "tournament": tournament,
        "round": round_,
        "is_last": round_.number == tournament.last_round_number() and not tournament.is_frozen,
        "boards": [
            {
                "board": b,
                "white_score": number_text(scores.get(b.white.number, 0)),
                "black_score": number_text(scores.get(b.black.number, 0)),
            }
            for b in boards
        ],
        "byes": tournament.byes.filter(round_number=round_.number).select_related("player"),
        "absent": [p for p in tournament.players.all() if not p.plays_in(round_.number)],
        "results": Result.choices,
        "pairing_kind": ByeKind.PAIRING,
        "all_in": all(b.result for b in boards),
    }


@require_GET
@login_required
def round_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    round_ = get_object_or_404(tournament.rounds, number=number)
    context = _round_context(tournament, round_)
    if round_.changed_by_hand:
        try:
            context["report"] = _report(
                pairing_service.check_manual_pairing(tournament, pairing_service.round_pairing(round_))
            )
        except ValidationError:
            context["report"] = None
    return render(request, "managed_tournaments/round.html", context)


@require_POST
@login_required
def set_result(request: HttpRequest, pk: int, number: int, board: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    round_ = get_object_or_404(tournament.rounds, number=number)
    board_ = get_object_or_404(round_.boards.select_related("white", "black"), number=board)
    form = ResultForm(request.POST)
    error = None
    try:
        if not form.is_valid():
            raise ValidationError(_("Résultat inconnu."))
        services.set_result(board=board_, result=form.cleaned_data["result"])
    except ValidationError as problem:
        error = " ".join(problem.messages)
        board_.refresh_from_db()
    if request.htmx:
        context = _round_context(tournament, round_)
        row = next(row for row in context["boards"] if row["board"].pk == board_.pk)
        return render(
            request,
            "managed_tournaments/round.html#board-row",
            {**context, "row": row, "error": error},
        )
    if error:
        messages.error(request, error)
    return redirect(round_)


def _report(report) -> dict:
    return {
        "report": report,
        "absolute": [v for v in report.violations if v.severity == ABSOLUTE],
        "quality": [v for v in report.violations if v.severity == QUALITY],
        "notes": [v for v in report.violations if v.severity not in (ABSOLUTE, QUALITY)],
        "engine_text": pairing_service.pairing_as_text(report.engine) if report.engine else "",
    }


@require_http_methods(["GET", "POST"])
@login_required
def change_pairing(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk, change_form=True)
    round_ = tournament.last_round()
    if round_ is None:
        messages.error(request, _("Aucune ronde n'est appariée."))
        return redirect(tournament)
    current = pairing_service.pairing_as_text(pairing_service.round_pairing(round_))
    form = ManualPairingForm(request.POST or None, initial={"text": current})
    scores = {p.number: p.score for p in tournament.as_trf(rounds=round_.number - 1).players}
    players = [
        {"player": p, "score": number_text(scores.get(p.number, 0)), "plays": p.plays_in(round_.number)}
        for p in tournament.players.all()
    ]
    context = {
        "tournament": tournament,
        "round": round_,
        "form": form,
        "locked": round_.has_results(),
        "players": players,
    }
    if form.is_bound and form.is_valid():
        text = form.cleaned_data["text"]
        try:
            proposal = pairing_service.parse_manual_pairing(
                text, tournament=tournament, round_number=round_.number
            )
            context["check"] = _report(pairing_service.check_manual_pairing(tournament, proposal))
            if request.POST.get("action") == "save":
                change = pairing_service.change_pairing(
                    tournament=tournament,
                    text=text,
                    accept_absolute_faults=form.cleaned_data["accept_absolute_faults"],
                )
                messages.success(
                    request, _("Appariement de la ronde %(round)d modifié.") % {"round": change.pairing.round}
                )
                return redirect(tournament.last_round())
        except ValidationError as error:
            for message in error.messages:
                form.add_error(None, message)
    if request.htmx:  # "Vérifier": only the report (or the errors) replaces the section
        context["partial_errors"] = bool(form.errors)
        return render(request, "managed_tournaments/change_pairing.html#check-result", context)
    return render(
        request, "managed_tournaments/change_pairing.html", context, status=422 if form.errors else 200
    )


@require_GET
@login_required
def standings_view(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    done = completed_rounds(tournament)
    try:
        after = int(request.GET.get("apres", done))
    except ValueError:
        after = done
    table = standings(tournament, after_round=after)
    context = {"tournament": tournament, "standings": table, "completed": range(1, done + 1)}
    return render(request, "managed_tournaments/standings.html", context)


def _filename(tournament, extension: str) -> str:
    return f"{slugify(tournament.name) or 'tournoi'}.{extension}"


@require_GET
@login_required
def export_trf(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    response = HttpResponse(write(tournament.as_trf()), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(tournament, "trf")}"'
    return response


@require_GET
@login_required
def crosstable_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    response = HttpResponse(render_crosstable_pdf(tournament), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{_filename(tournament, "pdf")}"'
    return response

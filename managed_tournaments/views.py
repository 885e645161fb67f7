"""The tournament, its settings and its players. Every tournament is fetched through
permissions.get_tournament_for_user; every change goes through services.py."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from managed_tournaments import services
from managed_tournaments.forms import (
    ByeRequestForm,
    ImportForm,
    LateEntryForm,
    PlayerForm,
    TournamentForm,
    WithdrawForm,
)
from managed_tournaments.imports import import_trf
from managed_tournaments.models import ByeKind
from managed_tournaments.permissions import get_tournament_for_request, tournaments_of
from managed_tournaments.standings import completed_rounds

PLAYER_FIELDS = ["name", "rating", "title", "federation", "fide_id", "ffe_id"]


def _fail(form, error: ValidationError) -> None:
    for message in error.messages:
        form.add_error(None, message)


@require_GET
@login_required
def index(request: HttpRequest) -> HttpResponse:
    tournaments = tournaments_of(request.user).prefetch_related("rounds")
    return render(request, "managed_tournaments/index.html", {"tournaments": tournaments})


@require_http_methods(["GET", "POST"])
@login_required
def create(request: HttpRequest) -> HttpResponse:
    tournaments_of(request.user)  # 403 for a person who may not practise
    form = TournamentForm(request.POST or None)
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.create_tournament(
                owner=request.user,
                name=data["name"],
                planned_rounds=data["planned_rounds"],
                time_control=data["time_control"],
                acceleration=data["acceleration"],
                initial_colour=data["initial_colour"],
                tiebreaks=data["tiebreak_choices"],
            )
        except ValidationError as error:
            _fail(form, error)
        else:
            return redirect(tournament)
    status = 422 if form.errors else 200
    return render(request, "managed_tournaments/create.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def import_file(request: HttpRequest) -> HttpResponse:
    tournaments_of(request.user)
    form = ImportForm(request.POST or None, request.FILES or None)
    if form.is_bound:
        try:
            if form.is_valid():
                data = form.cleaned_data
                tournament = import_trf(
                    owner=request.user,
                    trf=data["trf"],
                    name=data["name"],
                    planned_rounds=data["planned_rounds"],
                    acceleration=data["acceleration"] or "",
                )
                messages.success(
                    request, _("Tournoi importé : %(count)d joueurs.") % {"count": len(data["trf"].players)}
                )
                return redirect(tournament)
        except ValidationError as error:
            _fail(form, error)
    status = 422 if form.errors else 200
    return render(request, "managed_tournaments/import.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    paired = tournament.last_round_number()
    form_class = LateEntryForm if paired else PlayerForm
    form = form_class(request.POST or None)
    if form.is_bound and form.is_valid():
        fields = {name: form.cleaned_data[name] for name in PLAYER_FIELDS}
        try:
            player = services.add_player(
                tournament=tournament,
                missed_rounds_bye=form.cleaned_data.get("missed_rounds_bye", ByeKind.ZERO),
                **fields,
            )
        except ValidationError as error:
            _fail(form, error)
        else:
            messages.success(request, _("%(player)s inscrit.") % {"player": player})
            return redirect(tournament)
    context = {
        "tournament": tournament,
        "players": tournament.players.prefetch_related("byes"),
        "rounds": tournament.rounds.all(),
        "paired": paired,
        "completed": completed_rounds(tournament),
        "form": form,
        "bye_form": ByeRequestForm(initial={"round_number": paired + 1}),
        "announced_byes": tournament.byes.filter(round_number__gt=paired).select_related("player"),
    }
    status = 422 if form.errors else 200
    return render(request, "managed_tournaments/detail.html", context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def edit_settings(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk, change_form=True)
    form = TournamentForm(request.POST or None, instance=tournament)
    if form.is_bound and form.is_valid():
        fields = {name: form.cleaned_data[name] for name in TournamentForm.Meta.fields}
        fields["tiebreaks"] = form.cleaned_data["tiebreak_choices"]
        tournament.refresh_from_db()  # the form changed the instance: compare with what is saved
        try:
            services.update_settings(tournament=tournament, **fields)
        except ValidationError as error:
            _fail(form, error)
        else:
            return redirect(tournament)
    status = 422 if form.errors else 200
    return render(
        request, "managed_tournaments/settings.html", {"tournament": tournament, "form": form}, status=status
    )


@require_POST
@login_required
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    try:
        services.delete_tournament(tournament=tournament)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(tournament)
    messages.success(request, _("Tournoi supprimé."))
    return redirect("managed_tournaments:index")


@require_http_methods(["GET", "POST"])
@login_required
def edit_player(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    player = get_object_or_404(tournament.players, number=number)
    form = PlayerForm(request.POST or None, instance=player)
    withdraw_form = WithdrawForm(initial={"from_round": tournament.last_round_number() + 1})
    if form.is_bound and form.is_valid():
        try:
            services.update_player(player=player, **{n: form.cleaned_data[n] for n in PLAYER_FIELDS})
        except ValidationError as error:
            _fail(form, error)
        else:
            return redirect(tournament)
    context = {"tournament": tournament, "player": player, "form": form, "withdraw_form": withdraw_form}
    return render(request, "managed_tournaments/player.html", context, status=422 if form.errors else 200)


def _player_action(request: HttpRequest, pk: int, number: int, action) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    player = get_object_or_404(tournament.players, number=number)
    try:
        message = action(tournament, player)
    except ValidationError as error:
        for text in error.messages:
            messages.error(request, text)
    else:
        messages.success(request, message)
    return redirect(tournament)


@require_POST
@login_required
def remove_player(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    def action(tournament, player):
        services.remove_player(player=player)
        return _("%(player)s supprimé.") % {"player": player.name}

    return _player_action(request, pk, number, action)


@require_POST
@login_required
def withdraw_player(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    def action(tournament, player):
        form = WithdrawForm(request.POST)
        if not form.is_valid():
            raise ValidationError(_("Indiquez la ronde à partir de laquelle le joueur est retiré."))
        services.withdraw(player=player, from_round=form.cleaned_data["from_round"])
        return _("%(player)s est retiré à partir de la ronde %(round)d.") % {
            "player": player.name,
            "round": form.cleaned_data["from_round"],
        }

    return _player_action(request, pk, number, action)


@require_POST
@login_required
def reinstate_player(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    def action(tournament, player):
        services.reinstate(player=player)
        return _("%(player)s joue de nouveau.") % {"player": player.name}

    return _player_action(request, pk, number, action)


@require_POST
@login_required
def request_bye(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    form = ByeRequestForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Bye : indiquez le numéro du joueur, la ronde et la valeur."))
        return redirect(tournament)
    return _player_action(
        request,
        pk,
        form.cleaned_data["player"],
        lambda t, player: _bye(player, form.cleaned_data["round_number"], form.cleaned_data["kind"]),
    )


def _bye(player, round_number: int, kind: str) -> str:
    bye = services.request_bye(player=player, round_number=round_number, kind=kind)
    return _("%(player)s : %(bye)s en ronde %(round)d.") % {
        "player": player.name,
        "bye": bye.get_kind_display(),
        "round": round_number,
    }


@require_POST
@login_required
def cancel_bye(request: HttpRequest, pk: int, bye_pk: int) -> HttpResponse:
    tournament = get_tournament_for_request(request, pk)
    bye = get_object_or_404(tournament.byes, pk=bye_pk)
    try:
        services.cancel_bye(bye=bye)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Bye annulé."))
    return redirect(tournament)

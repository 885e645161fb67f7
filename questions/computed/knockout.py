"""Knock-out generators (Livre 3.3): first-round byes and games, with or without seeded entrants."""

from __future__ import annotations

import random
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from questions.computed import register
from questions.computed.base import Answer, Generator, Param, Variant, with_noun
from tournaments.knockout import knockout_figures, knockout_plan


def _steps(registered: int, seeded: list[tuple[int, int]], preliminary: int, language: str) -> list[str]:
    steps = []
    for extra in range(preliminary + 1):
        figures = knockout_figures(registered, seeded, extra)
        terms = " + ".join(f"{count} × 2^{skipped + extra}" for count, skipped in seeded) or "0"
        if language == "fr":
            line = (
                f"D = I − QO = {registered} − {registered - figures.available} = {figures.available} ; "
                f"F = {terms} = {figures.fictitious} ; PN = D + F = {figures.net} ; 2^{figures.rounds} = "
                f"{2**figures.rounds} ≥ PN ; E = 2^n − PN = {figures.byes}"
            )
            if figures.byes >= figures.available:
                line += f" ≥ D : on ajoute un tour préliminaire ({extra + 1})"
        else:
            line = (
                f"D = I − QO = {registered} − {registered - figures.available} = {figures.available}; "
                f"F = {terms} = {figures.fictitious}; PN = D + F = {figures.net}; 2^{figures.rounds} = "
                f"{2**figures.rounds} ≥ PN; E = 2^n − PN = {figures.byes}"
            )
            if figures.byes >= figures.available:
                line += f" ≥ D: a preliminary round is added ({extra + 1})"
        steps.append(line)
    return steps


def build_byes(rng: random.Random, params: dict) -> Variant:
    for _attempt in range(100):
        registered = rng.randint(params["min_players"], params["max_players"])
        with_seeds = params["seeded"] == "yes" or (params["seeded"] == "any" and rng.random() < 0.5)
        seeded = [(rng.randint(1, 4), rng.randint(1, 2))] if with_seeds else []
        if seeded and registered - seeded[0][0] < 4:
            continue
        try:
            plan = knockout_plan(registered, seeded)
        except ValueError:  # this plan of play fails; the Livre then changes the entry rules
            continue
        break
    ask = params["ask"] if params["ask"] != "any" else rng.choice(("byes", "games"))
    first_games = plan.stages[0].participants // 2
    value = plan.first_round_byes if ask == "byes" else first_games
    seed_fr = seed_en = ""
    if seeded:
        count, skipped = seeded[0]
        plural = "s" if count > 1 else ""
        rounds_fr = "du premier tour" if skipped == 1 else f"des {skipped} premiers tours"
        seed_fr = f" dont {count} qualifié{plural} d'office exempté{plural} {rounds_fr}"
        rounds_en = "the first round" if skipped == 1 else f"the first {skipped} rounds"
        seed_en = f", {count} of them seeded and exempt from {rounds_en}"
    question_fr = (
        "combien de joueurs sont exemptés du premier tour (E) ?"
        if ask == "byes"
        else "combien de parties se jouent au premier tour ?"
    )
    question_en = (
        "how many players get a first-round bye (E)?"
        if ask == "byes"
        else "how many games are played in the first round?"
    )
    stem_fr = (
        f"Une coupe (élimination directe) compte {registered} inscrits{seed_fr}. Selon la méthode du Livre "
        f"de l'Arbitre, {question_fr}"
    )
    stem_en = (
        f"A knock-out event has {registered} entrants{seed_en}. By the Livre de l'Arbitre's method, "
        f"{question_en}"
    )
    steps_fr = " ; ".join(_steps(registered, seeded, plan.preliminary_rounds, "fr"))
    steps_en = "; ".join(_steps(registered, seeded, plan.preliminary_rounds, "en"))
    playing = plan.stages[0].participants
    byes = plan.first_round_byes
    exempt_fr = (with_noun(byes, "joueur est exempté", "joueurs sont exemptés", "fr") if byes
                 else "aucun joueur n'est exempté")
    exempt_en = (with_noun(byes, "player gets a bye", "players get a bye", "en") if byes
                 else "no player gets a bye")
    solution_fr = (
        f"{steps_fr}. Au premier tour jouent D − E = {plan.available} − {plan.first_round_byes} = "
        f"{playing} joueurs, soit {with_noun(first_games, 'partie', 'parties', 'fr')} ; {exempt_fr}."
    )
    solution_en = (
        f"{steps_en}. The first round has D − E = {plan.available} − {plan.first_round_byes} = "
        f"{playing} players, so {with_noun(first_games, 'game', 'games', 'en')}; {exempt_en}."
    )
    return Variant(stem_fr, stem_en, Answer("numeric", value=Decimal(value)), solution_fr, solution_en)


def _check(params: dict) -> list[tuple[str, str]]:
    if params["min_players"] > params["max_players"]:
        return [("min_players", _("Le minimum ne peut pas dépasser le maximum."))]
    return []


register(
    Generator(
        key="knockout-byes",
        version=1,
        title=gettext_lazy("Coupe : exempts et parties du premier tour"),
        params=(
            Param("min_players", gettext_lazy("Nombre minimum d'inscrits"), 10, 5, 256),
            Param("max_players", gettext_lazy("Nombre maximum d'inscrits"), 100, 5, 256),
            Param(
                "seeded",
                gettext_lazy("Qualifiés d'office"),
                "any",
                choices=(
                    ("any", gettext_lazy("Au hasard")),
                    ("yes", gettext_lazy("Oui")),
                    ("no", gettext_lazy("Non")),
                ),
            ),
            Param(
                "ask",
                gettext_lazy("Question posée"),
                "any",
                choices=(
                    ("any", gettext_lazy("Au hasard")),
                    ("byes", gettext_lazy("Nombre d'exempts")),
                    ("games", gettext_lazy("Nombre de parties du premier tour")),
                ),
            ),
        ),
        build=build_byes,
        check=_check,
        citations=("3.3",),
    )
)

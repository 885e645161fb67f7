"""The arbiter's pay for a Swiss tournament in standard time (Livre 5.1, the FFE's scale)."""

from __future__ import annotations

import math
import random
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from questions.computed import register
from questions.computed.base import Answer, Generator, Param, Variant, figure
from tournaments.arbiter_pay import DAILY_CEILING, DAILY_FLOOR, PRIZE_UNIT, P, swiss_standard


def _euros(value: Decimal, language: str) -> str:
    return f"{figure(value, language)} €"


def build_swiss_pay(rng: random.Random, params: dict) -> Variant:
    rounds = rng.randint(params["min_rounds"], params["max_rounds"])
    players = rng.randint(params["min_players"], params["max_players"])
    titled = rng.choice((0, rng.randint(1, 9), rng.randint(10, 30)))
    prizes = Decimal(rng.randrange(500, 15001, 100))
    days = rng.randint(max(2, rounds - 4), rounds)
    pay = swiss_standard(rounds=rounds, players=players, titled=titled, prizes=prizes, days=days)
    b, c = math.ceil(Fraction(players, 20)), math.ceil(Fraction(titled, 10))
    d = math.ceil(Fraction(prizes) / PRIZE_UNIT)
    total = rounds + b + c + d
    bounded_fr = bounded_en = ""
    if pay.amount != pay.computed:
        limit_fr = "plancher" if pay.amount == pay.floor else "plafond"
        limit_en = "floor" if pay.amount == pay.floor else "ceiling"
        bounded_fr = f" : on applique le {limit_fr}, {_euros(pay.amount, 'fr')}"
        bounded_en = f": the {limit_en} applies, {_euros(pay.amount, 'en')}"
    stem_fr = (
        f"Un open au système suisse en cadence lente : {rounds} rondes sur {days} jours, {players} joueurs "
        f"dont {titled} titrés (GMI, MI, MF), {figure(prizes, 'fr')} € de prix. Selon le barème "
        "d'indemnisation du Livre de l'Arbitre, combien perçoit l'arbitre principal ?"
    )
    stem_en = (
        f"A Swiss open in standard time: {rounds} rounds over {days} days, {players} players of whom "
        f"{titled} titled (GM, IM, FM), {figure(prizes, 'en')} € of prizes. Under the Livre de l'Arbitre's "
        "pay scale, how much does the chief arbiter receive?"
    )
    low, high = figure(DAILY_FLOOR, "fr"), figure(DAILY_CEILING, "fr")
    solution_fr = (
        f"I = (A + B + C + D) × P avec A = {rounds} rondes, B = {players}/20 arrondi au-dessus = {b}, "
        f"C = {titled}/10 arrondi au-dessus = {c}, D = {figure(prizes, 'fr')}/1500 arrondi au-dessus = {d} : "
        f"I = {total} × {figure(P, 'fr')} = {_euros(pay.computed, 'fr')}. L'indemnité est comprise entre "
        f"{low} € et {high} € par jour, soit entre {_euros(pay.floor, 'fr')} et {_euros(pay.ceiling, 'fr')} "
        f"pour {days} jours{bounded_fr}. Réponse : {_euros(pay.amount, 'fr')}."
    )
    low, high = figure(DAILY_FLOOR, "en"), figure(DAILY_CEILING, "en")
    solution_en = (
        f"I = (A + B + C + D) × P with A = {rounds} rounds, B = {players}/20 rounded up = {b}, "
        f"C = {titled}/10 rounded up = {c}, D = {figure(prizes, 'en')}/1500 rounded up = {d}: "
        f"I = {total} × {figure(P, 'en')} = {_euros(pay.computed, 'en')}. The pay lies between "
        f"{low} € and {high} € a day, so between {_euros(pay.floor, 'en')} and {_euros(pay.ceiling, 'en')} "
        f"for {days} days{bounded_en}. Answer: {_euros(pay.amount, 'en')}."
    )
    answer = Answer("numeric", value=pay.amount, unit_fr="€", unit_en="€")
    return Variant(stem_fr, stem_en, answer, solution_fr, solution_en)


def _check(params: dict) -> list[tuple[str, str]]:
    problems = []
    for low, high in (("min_rounds", "max_rounds"), ("min_players", "max_players")):
        if params[low] > params[high]:
            problems.append((low, _("Le minimum ne peut pas dépasser le maximum.")))
    return problems


register(
    Generator(
        key="arbiter-pay",
        version=1,
        title=gettext_lazy("Indemnité de l'arbitre d'un open (barème FFE)"),
        params=(
            Param("min_rounds", gettext_lazy("Nombre minimum de rondes"), 5, 3, 11),
            Param("max_rounds", gettext_lazy("Nombre maximum de rondes"), 9, 3, 11),
            Param("min_players", gettext_lazy("Nombre minimum de joueurs"), 30, 8, 500),
            Param("max_players", gettext_lazy("Nombre maximum de joueurs"), 250, 8, 500),
        ),
        build=build_swiss_pay,
        check=_check,
        citations=("5.1",),
    )
)

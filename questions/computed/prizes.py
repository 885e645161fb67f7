"""Prize sharing among tied players (Livre 5.3): the Hort system and full sharing."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from questions.computed import register
from questions.computed.base import Answer, Generator, Param, Table, Variant, figure
from tournaments.prizes import Method, share_prizes

ORDINALS_EN = {1: "1st", 2: "2nd", 3: "3rd"}


def _ordinal(place: int, language: str) -> str:
    if language == "fr":
        return "1er" if place == 1 else f"{place}e"
    return ORDINALS_EN.get(place, f"{place}th")


def _euros(value: Fraction | Decimal, language: str) -> str:
    return f"{figure(Fraction(value), language)} €"


def _draw(rng: random.Random, params: dict) -> tuple[list[Decimal], int, int, str]:
    count = rng.randint(params["min_prizes"], params["max_prizes"])
    step = rng.choice((10, 20, 50))
    prizes, amount = [], rng.randint(count + 2, count + 20) * step
    for _index in range(count):
        prizes.append(Decimal(amount))
        amount -= rng.randint(1, 3) * step
        amount = max(amount, step)
    start = rng.randint(1, count - 1)
    size = rng.randint(2, params["max_tied"])
    method = params["method"] if params["method"] != "any" else rng.choice(("hort", "full"))
    return prizes, start, size, method


def _exact_shares(prizes: list[Decimal], start: int, size: int, method: str) -> list[Fraction]:
    official = [Fraction(p) for p in prizes[start - 1 : start - 1 + size]]
    official += [Fraction(0)] * (size - len(official))
    average = sum(official, Fraction(0)) / size
    return [average if method == "full" else (average + own) / 2 for own in official]


def build_sharing(rng: random.Random, params: dict) -> Variant:
    for _attempt in range(100):
        prizes, start, size, method = _draw(rng, params)
        exact = _exact_shares(prizes, start, size, method)
        # The Livre gives no rule for a share that does not fall on a cent: only exact ones.
        if all((share * 100).denominator == 1 for share in exact):
            break
    position = rng.randint(1, size)
    groups = [1] * (start - 1) + [size]
    shares = share_prizes(prizes, groups, Method(method))
    value = shares[start - 1 + position - 1]
    places = range(start, start + size)
    official = [Fraction(prizes[p - 1]) if p <= len(prizes) else Fraction(0) for p in places]
    total = sum(official, Fraction(0))
    average = total / size
    own = official[position - 1]

    def texts(language: str) -> tuple[str, str]:
        list_places = ", ".join(
            f"{_ordinal(n, language)} : {_euros(p, language)}"
            if language == "fr"
            else f"{_ordinal(n, language)}: {_euros(p, language)}"
            for n, p in enumerate(prizes, 1)
        )
        sum_text = " + ".join(_euros(p, language) for p in official)
        place = _ordinal(start + position - 1, language)
        if language == "fr":
            system = "le système Hort" if method == "hort" else "le partage intégral"
            stem = (
                f"Prix officiels : {list_places}. {size} joueurs terminent à égalité de points aux places "
                f"{start} à {start + size - 1}. Le tournoi répartit les prix selon {system}. "
                f"Combien reçoit le joueur classé {place} au départage ?"
            )
            solution = (
                f"Les {size} joueurs à égalité mettent en commun les prix de leurs places : {sum_text} = "
                f"{_euros(total, 'fr')}, soit une moyenne de {_euros(average, 'fr')}."
            )
            if method == "hort":
                solution += (
                    f" Hort : chacun reçoit la moitié du prix de sa place au départage plus la moitié de "
                    f"la moyenne. Le {place} : ({_euros(own, 'fr')} + {_euros(average, 'fr')}) / 2 = "
                    f"{_euros(value, 'fr')}."
                )
            else:
                solution += f" Partage intégral : chacun reçoit la moyenne, {_euros(value, 'fr')}."
            return stem, solution
        system = "the Hort system" if method == "hort" else "full sharing"
        stem = (
            f"Official prizes: {list_places}. {size} players finish level on points in places {start} to "
            f"{start + size - 1}. The tournament shares prizes by {system}. How much does the player "
            f"placed {place} on tie-break receive?"
        )
        solution = (
            f"The {size} tied players pool the prizes of their places: {sum_text} = {_euros(total, 'en')}, "
            f"an average of {_euros(average, 'en')}."
        )
        if method == "hort":
            solution += (
                f" Hort: each gets half the prize of his tie-break place plus half the average. "
                f"The {place}: ({_euros(own, 'en')} + {_euros(average, 'en')}) / 2 = {_euros(value, 'en')}."
            )
        else:
            solution += f" Full sharing: each gets the average, {_euros(value, 'en')}."
        return stem, solution

    stem_fr, solution_fr = texts("fr")
    stem_en, solution_en = texts("en")
    answer = Answer("numeric", value=value, unit_fr="€", unit_en="€")
    rows = tuple((str(n), f"{p}") for n, p in enumerate(prizes, 1))
    return Variant(
        stem_fr,
        stem_en,
        answer,
        solution_fr,
        solution_en,
        Table("Prix officiels", ("Place", "Prix (€)"), rows),
        Table("Official prizes", ("Place", "Prize (€)"), rows),
    )


def _check(params: dict) -> list[tuple[str, str]]:
    if params["min_prizes"] > params["max_prizes"]:
        return [("min_prizes", _("Le minimum ne peut pas dépasser le maximum."))]
    return []


register(
    Generator(
        key="prize-sharing",
        version=1,
        title=gettext_lazy("Partage des prix entre ex æquo (Hort)"),
        params=(
            Param("min_prizes", gettext_lazy("Nombre minimum de prix"), 4, 2, 12),
            Param("max_prizes", gettext_lazy("Nombre maximum de prix"), 8, 2, 12),
            Param("max_tied", gettext_lazy("Nombre maximum d'ex æquo"), 4, 2, 6),
            Param(
                "method",
                gettext_lazy("Système de partage"),
                "hort",
                choices=(
                    ("hort", gettext_lazy("Système Hort")),
                    ("full", gettext_lazy("Partage intégral")),
                    ("any", gettext_lazy("Au hasard")),
                ),
            ),
        ),
        build=build_sharing,
        check=_check,
        citations=("5.3",),
    )
)

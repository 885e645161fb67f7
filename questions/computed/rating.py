"""Rating generators: an Elo rating change (Livre 6.1) and a performance (Livre 5.2)."""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from functools import partial

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from questions.computed import register
from questions.computed.base import Answer, Generator, Param, Table, Variant, figure, score_symbol, with_noun
from tournaments.performance import performance
from tournaments.rating import MAX_COUNTED_DIFFERENCE, Game, counted_differences, k_factor, rating_change

# profile: (rating range, career games, reached 2400, age at the end of the year)
PROFILES = {
    "adult": ((1500, 2350), (60, 400), False, (25, 60)),
    "junior": ((1400, 2250), (40, 200), False, (12, 18)),
    "newcomer": ((1300, 1950), (5, 25), False, (20, 50)),
    "elite": ((2400, 2600), (200, 900), True, (22, 45)),
}
REASONS = {
    40: (
        "K = 40 : moins de 30 parties classées, ou joueur de 18 ans au plus classé sous 2300",
        "K = 40: fewer than 30 rated games, or a player aged 18 at most rated under 2300",
    ),
    20: ("K = 20 : joueur qui n'a jamais atteint 2400", "K = 20: a player who has never reached 2400"),
    10: ("K = 10 : joueur ayant atteint 2400", "K = 10: a player who has reached 2400"),
}


def signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def _check_games(params: dict) -> list[tuple[str, str]]:
    if params["min_games"] > params["max_games"]:
        return [("min_games", _("Le minimum ne peut pas dépasser le maximum."))]
    return []


# Version 1 of both generators drew opponents up to 650 points above the player, so an elite
# player could meet an opponent "rated 3045". Version 2 keeps every opponent at or below a
# plausible top rating; version 1 stays as it was for the questions published with it.
TOP_RATING = 2850


def _opponents(rng: random.Random, rating: int, count: int, far: int, ceiling: int | None = None,
               ) -> list[int]:
    near = (max(1000, rating + rng.randrange(-350, 355, 5)) for _index in range(count - far))
    opponents = [min(ceiling, opponent) for opponent in near] if ceiling else list(near)
    for _index in range(far):
        below = rating - rng.randrange(410, 650, 5)
        if ceiling is None:
            opponents.append(
                below if below >= 1000 and rng.random() < 0.6 else rating + rng.randrange(410, 650, 5)
            )
            continue
        room = ceiling - rating  # how far above the player an opponent may be rated
        if below >= 1000 and (room < 410 or rng.random() < 0.6):
            opponents.append(below)
        else:
            opponents.append(rating + rng.randrange(410, min(650, room + 1), 5))
    rng.shuffle(opponents)
    return opponents


def build_elo(rng: random.Random, params: dict, ceiling: int | None = None) -> Variant:
    profile = params["profile"] if params["profile"] != "any" else rng.choice(sorted(PROFILES))
    (low, high), (fewest, most), reached, (youngest, oldest) = PROFILES[profile]
    rating = rng.randrange(low, high + 1, 5)
    career, age = rng.randint(fewest, most), rng.randint(youngest, oldest)
    count = rng.randint(params["min_games"], params["max_games"])
    far = min(count, rng.choice((1, 2))) if params["far_opponent"] == "yes" else 0
    opponents = _opponents(rng, rating, count, far, ceiling)
    games = [Game(opponent, Fraction(rng.choice((0, 1, 2)), 2)) for opponent in opponents]
    k = k_factor(
        rating=rating,
        career_games=career,
        has_reached_2400=reached,
        age_at_end_of_year=age,
        games_in_period=count,
    )
    change = rating_change(rating, games, k)
    counted = counted_differences(rating, opponents)

    def lines(language: str) -> list[str]:
        result = []
        for number, (game, difference, expected) in enumerate(
            zip(games, counted, change.expected, strict=True), 1
        ):
            raw = rating - game.opponent_rating
            delta = game.score - expected
            shown = signed(raw)
            if raw != difference:
                shown += (
                    f", compté {signed(difference)}"
                    if language == "fr"
                    else f", counted {signed(difference)}"
                )
            elif abs(raw) > MAX_COUNTED_DIFFERENCE:
                shown += (
                    ", non plafonné : le plafond ne profite qu'une fois"
                    if language == "fr"
                    else ", not capped: the cap benefits only once"
                )
            name = "partie" if language == "fr" else "game"
            colon = " :" if language == "fr" else ":"
            result.append(
                f"{name} {number}{colon} D = {shown}, PD = {figure(expected, language)}, "
                f"{score_symbol(game.score)} − {figure(expected, language)} = {figure(delta, language)}"
            )
        return result

    reason_fr, reason_en = REASONS[k]
    facts_fr = f"{age} ans en fin d'année, {career} parties classées avant ce tournoi" + (
        ", a déjà atteint 2400" if reached else ""
    )
    facts_en = f"aged {age} at the end of the year, {career} rated games before this event" + (
        ", has reached 2400" if reached else ""
    )
    stem_fr = (
        f"Un joueur classé {rating} Elo FIDE en cadence lente ({facts_fr}) a joué les parties "
        "ci-dessous. Quelle est la variation de son classement (en points Elo, arrondie selon la "
        "règle) ?"
    )
    stem_en = (
        f"A player with a FIDE standard rating of {rating} ({facts_en}) played the games below. "
        "By how many Elo points does his rating change (rounded by the rule)?"
    )
    exact_fr, exact_en = figure(change.exact_change, "fr"), figure(change.exact_change, "en")
    solution_fr = (
        "D est l'écart entre le classement du joueur et celui de l'adversaire ; au-delà de 400, "
        "l'écart compte 400 (une seule fois pour l'écart qui profite au joueur). "
        + " ; ".join(lines("fr"))
        + f". ΣΔ = {figure(change.sum_delta, 'fr')}. {reason_fr}. "
        f"ΣΔ × K = {figure(change.sum_delta, 'fr')} × {k} = {exact_fr}, arrondi à {signed(change.change)}."
    )
    solution_en = (
        "D is the difference between the player's rating and the opponent's; beyond 400 it counts "
        "as 400 (only once for a difference in the player's favour). "
        + "; ".join(lines("en"))
        + f". ΣΔ = {figure(change.sum_delta, 'en')}. {reason_en}. ΣΔ × K = "
        f"{figure(change.sum_delta, 'en')} × {k} = {exact_en}, rounded to {signed(change.change)}."
    )
    rows_fr = tuple((str(n), str(g.opponent_rating), score_symbol(g.score)) for n, g in enumerate(games, 1))
    return Variant(
        stem_fr,
        stem_en,
        Answer("numeric", value=Decimal(change.change), unit_fr="points", unit_en="points"),
        solution_fr,
        solution_en,
        Table("Parties du joueur", ("Partie", "Elo de l'adversaire", "Résultat"), rows_fr),
        Table("The player's games", ("Game", "Opponent's rating", "Result"), rows_fr),
    )


ELO_CHANGE = register(
    Generator(
        key="elo-change",
        version=1,
        title=gettext_lazy("Variation Elo FIDE (coefficient K, règle des 400 points)"),
        params=(
            Param("min_games", gettext_lazy("Nombre minimum de parties"), 3, 1, 9),
            Param("max_games", gettext_lazy("Nombre maximum de parties"), 6, 1, 9),
            Param(
                "profile",
                gettext_lazy("Profil du joueur"),
                "any",
                choices=(
                    ("any", gettext_lazy("Au hasard")),
                    ("adult", gettext_lazy("Adulte (K = 20)")),
                    ("junior", gettext_lazy("Jeune de 18 ans au plus (K = 40)")),
                    ("newcomer", gettext_lazy("Moins de 30 parties (K = 40)")),
                    ("elite", gettext_lazy("A atteint 2400 (K = 10)")),
                ),
            ),
            Param(
                "far_opponent",
                gettext_lazy("Un adversaire à plus de 400 points"),
                "yes",
                choices=(
                    ("yes", gettext_lazy("Oui")),
                    ("no", gettext_lazy("Non")),
                ),
            ),
        ),
        build=build_elo,
        check=_check_games,
        citations=("6.1",),
    )
)


def build_performance(rng: random.Random, params: dict, ceiling: int | None = None) -> Variant:
    rating = rng.randrange(1400, 2300, 5)
    count = rng.randint(params["min_games"], params["max_games"])
    opponents = _opponents(rng, rating, count, 1 if rng.random() < 0.7 else 0, ceiling)
    scores = [Fraction(rng.choice((0, 1, 2)), 2) for _ in opponents]
    result = performance(rating, list(zip(opponents, scores, strict=True)))
    points = sum(scores, Fraction(0))
    counted = [
        max(rating - MAX_COUNTED_DIFFERENCE, min(rating + MAX_COUNTED_DIFFERENCE, o)) for o in opponents
    ]
    exact_average = Fraction(sum(counted), len(counted))

    def solution(language: str) -> str:
        listed = " + ".join(str(c) for c in counted)
        mean = figure(round(exact_average, 2), language)
        q = figure(result.quantity, language)
        final = f"P = M + Q = {result.average} + ({q}) = {result.rating}."
        if language == "fr":
            return (
                f"Les classements des adversaires sont ramenés à 400 points au plus de celui du joueur "
                f"({rating}) : M = ({listed}) / {count} = {mean}, arrondi à {result.average}. "
                f"{with_noun(points, 'point', 'points', 'fr')} sur {count} parties : table du Livre : "
                f"Q = {q}. {final}"
            )
        return (
            f"The opponents' ratings are brought within 400 points of the player's ({rating}): "
            f"M = ({listed}) / {count} = {mean}, rounded to {result.average}. "
            f"{with_noun(points, 'point', 'points', 'en')} out of {count} games: the Livre's table gives "
            f"Q = {q}. {final}"
        )

    rows = tuple(
        (str(n), str(o), score_symbol(s)) for n, (o, s) in enumerate(zip(opponents, scores, strict=True), 1)
    )
    return Variant(
        f"Un joueur classé {rating} a joué les parties ci-dessous. Quelle est sa performance selon la table "
        "du Livre de l'Arbitre ?",
        f"A player rated {rating} played the games below. What is his performance according to the Livre de "
        "l'Arbitre's table?",
        Answer("numeric", value=Decimal(result.rating), unit_fr="points", unit_en="points"),
        solution("fr"),
        solution("en"),
        Table("Parties du joueur", ("Partie", "Elo de l'adversaire", "Résultat"), rows),
        Table("The player's games", ("Game", "Opponent's rating", "Result"), rows),
    )


PERFORMANCE = register(
    Generator(
        key="performance",
        version=1,
        title=gettext_lazy("Performance avec la table du Livre"),
        params=(
            Param("min_games", gettext_lazy("Nombre minimum de parties"), 5, 4, 13),
            Param("max_games", gettext_lazy("Nombre maximum de parties"), 9, 4, 13),
        ),
        build=build_performance,
        check=_check_games,
        citations=("5.2",),
    )
)
# Version 2: no opponent rated above TOP_RATING (same parameters, same texts).
register(replace(ELO_CHANGE, version=2, build=partial(build_elo, ceiling=TOP_RATING)))
register(replace(PERFORMANCE, version=2, build=partial(build_performance, ceiling=TOP_RATING)))

"""Round-robin generators: the Berger table (Livre 3.1) and the Sonneborn-Berger (Livre 5.2)."""

from __future__ import annotations

import random
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from questions.computed import register
from questions.computed.base import (
    Answer,
    Generator,
    Param,
    Table,
    Variant,
    as_decimal,
    figure,
    score_symbol,
    shuffled_options,
    sized,
)
from tournaments import crosstable as ct
from tournaments.round_robin import berger_table, meeting
from tournaments.tiebreaks import sonneborn_berger


def _bounds(min_name: str, max_name: str):
    def check(params: dict) -> list[tuple[str, str]]:
        if params[min_name] > params[max_name]:
            return [(min_name, _("Le minimum ne peut pas dépasser le maximum."))]
        return []

    return check


# --- Berger table --------------------------------------------------------------------------


def _colour_fr(white: int, black: int) -> str:
    return f"{white} a les Blancs contre {black}"


def _colour_en(white: int, black: int) -> str:
    return f"{white} has White against {black}"


def build_meeting(rng: random.Random, params: dict) -> Variant:
    players = rng.randint(params["min_players"], params["max_players"])
    x, y = sorted(rng.sample(range(1, players + 1), 2))
    answer = meeting(players, x, y)
    size = players + players % 2
    k = size // 2
    rounds = size - 1
    wrong_round = answer.round % rounds + 1 if rounds > 1 else answer.round
    if x + y - 1 != answer.round and 1 <= x + y - 1 <= rounds:
        wrong_round = x + y - 1  # the formula without the "− 2k" step: the usual slip
    options = [
        (
            f"Ronde {answer.round} ; {_colour_fr(answer.white, answer.black)}",
            f"Round {answer.round}; {_colour_en(answer.white, answer.black)}",
            True,
        ),
        (
            f"Ronde {answer.round} ; {_colour_fr(answer.black, answer.white)}",
            f"Round {answer.round}; {_colour_en(answer.black, answer.white)}",
            False,
        ),
        (
            f"Ronde {wrong_round} ; {_colour_fr(answer.white, answer.black)}",
            f"Round {wrong_round}; {_colour_en(answer.white, answer.black)}",
            False,
        ),
        (
            f"Ronde {wrong_round} ; {_colour_fr(answer.black, answer.white)}",
            f"Round {wrong_round}; {_colour_en(answer.black, answer.white)}",
            False,
        ),
    ]
    if wrong_round == answer.round:
        options = options[:2]
    odd_fr = (
        (f" Le nombre de joueurs est impair : on ajoute le numéro fictif {size} (son adversaire est exempt).")
        if players % 2
        else ""
    )
    odd_en = (
        (f" The number of players is odd: the dummy number {size} is added (whoever meets it has the bye).")
        if players % 2
        else ""
    )
    stem_fr = (
        f"Un tournoi toutes rondes de {players} joueurs est apparié avec la table de Berger. "
        f"À quelle ronde les joueurs n° {x} et n° {y} se rencontrent-ils, et qui a les Blancs ?"
    )
    stem_en = (
        f"{sized(players, 'player', capital=True)} round-robin is paired with the Berger table. "
        f"In which round do players no. {x} and no. {y} meet, and who has White?"
    )
    if y == size:
        step_fr = (
            f"{y} est le pivot (2k = {size}). Contre le pivot, R = 2x − 2k si 2x > 2k, sinon "
            f"R = 2x − 1 : 2 × {x} = {2 * x}, donc R = {answer.round}. Le pivot a les Blancs "
            f"contre la seconde moitié (x > k = {k}) : {x} {'>' if x > k else '≤'} {k}."
        )
        step_en = (
            f"{y} is the pivot (2k = {size}). Against the pivot, R = 2x − 2k if 2x > 2k, else "
            f"R = 2x − 1: 2 × {x} = {2 * x}, so R = {answer.round}. The pivot has White against "
            f"the second half (x > k = {k}): {x} {'>' if x > k else '≤'} {k}."
        )
    else:
        total = x + y
        step_fr = (
            f"2k = {size}. S = x + y = {x} + {y} = {total} ; R = S − 2k si S > 2k, sinon R = S − 1 : "
            f"R = {answer.round}. Pour x < y, x a les Blancs quand S est impair : S est "
            f"{'impair' if total % 2 else 'pair'}."
        )
        step_en = (
            f"2k = {size}. S = x + y = {x} + {y} = {total}; R = S − 2k if S > 2k, else R = S − 1: "
            f"R = {answer.round}. For x < y, x has White when S is odd: S is "
            f"{'odd' if total % 2 else 'even'}."
        )
    solution_fr = (
        f"{odd_fr.strip()} {step_fr} Réponse : ronde {answer.round}, table {answer.table}, "
        f"{_colour_fr(answer.white, answer.black)}."
    ).strip()
    solution_en = (
        f"{odd_en.strip()} {step_en} Answer: round {answer.round}, board {answer.table}, "
        f"{_colour_en(answer.white, answer.black)}."
    ).strip()
    return Variant(
        stem_fr, stem_en, Answer("single", options=shuffled_options(rng, options)), solution_fr, solution_en
    )


register(
    Generator(
        key="berger-meeting",
        version=1,
        title=gettext_lazy("Table de Berger : ronde et couleurs d'une rencontre"),
        params=(
            Param("min_players", gettext_lazy("Nombre minimum de joueurs"), 6, 3, 20),
            Param("max_players", gettext_lazy("Nombre maximum de joueurs"), 16, 3, 20),
        ),
        build=build_meeting,
        check=_bounds("min_players", "max_players"),
        citations=("3.1",),
    )
)


# --- Sonneborn-Berger ----------------------------------------------------------------------


def round_robin_crosstable(rng: random.Random, players: int) -> ct.Crosstable:
    """Every game of a round-robin played, results drawn with the ratings' odds."""
    ratings = sorted((rng.randrange(1400, 2300, 5) for _ in range(players)), reverse=True)
    results: dict[int, list[ct.Result]] = {n: [] for n in range(1, players + 1)}
    for line in berger_table(players):
        for pairing in line:
            edge = (ratings[pairing.black - 1] - ratings[pairing.white - 1]) / 800
            draw = rng.random()
            score = (
                Fraction(1)
                if draw < 0.4 - edge
                else Fraction(1, 2)
                if draw < 0.75 - edge / 2
                else Fraction(0)
            )
            results[pairing.white].append(ct.game(pairing.black, "W", score))
            results[pairing.black].append(ct.game(pairing.white, "B", 1 - score))
    return ct.Crosstable.of(ct.Player(n, tuple(results[n]), rating=ratings[n - 1]) for n in results)


def _grid(table: ct.Crosstable, language: str) -> Table:
    numbers = sorted(table.players)
    rows = []
    for number in numbers:
        against = {r.opponent: r.score for r in table[number].results}
        cells = ["×" if other == number else score_symbol(against[other]) for other in numbers]
        rows.append((str(number), *cells, figure(table[number].score, language)))
    if language == "en":
        return Table(
            "Crosstable (row player's result against column player)",
            ("No.", *map(str, numbers), "Pts"),
            tuple(rows),
        )
    return Table(
        "Grille américaine (résultat du joueur en ligne contre le joueur en colonne)",
        ("N°", *map(str, numbers), "Pts"),
        tuple(rows),
    )


def build_sonneborn(rng: random.Random, params: dict) -> Variant:
    sizes = [n for n in range(params["min_players"], params["max_players"] + 1) if n % 2 == 0]
    players = rng.choice(sizes)
    table = round_robin_crosstable(rng, players)
    target = rng.randint(1, players)
    value = sonneborn_berger(table, target)
    lines_fr, lines_en = [], []
    for result in sorted(table[target].results, key=lambda r: r.opponent):
        opponent_score = table[result.opponent].score
        product = opponent_score * result.score
        word_fr = {Fraction(1): "gain", Fraction(1, 2): "nulle", Fraction(0): "perte"}[result.score]
        word_en = {Fraction(1): "win", Fraction(1, 2): "draw", Fraction(0): "loss"}[result.score]
        lines_fr.append(
            f"contre {result.opponent} ({word_fr}) : {figure(opponent_score, 'fr')} × "
            f"{figure(result.score, 'fr')} = {figure(product, 'fr')}"
        )
        lines_en.append(
            f"against {result.opponent} ({word_en}): {figure(opponent_score, 'en')} × "
            f"{figure(result.score, 'en')} = {figure(product, 'en')}"
        )
    stem_fr = (
        f"Voici la grille d'un tournoi toutes rondes de {players} joueurs, toutes les parties "
        f"jouées. Quel est le Sonneborn-Berger du joueur n° {target} ?"
    )
    stem_en = (
        f"Here is the crosstable of {sized(players, 'player')} round-robin, every game played. What is "
        f"player no. {target}'s Sonneborn-Berger score?"
    )
    solution_fr = (
        "Le Sonneborn-Berger additionne les points des adversaires battus et la moitié des "
        "points des adversaires annulés : " + " ; ".join(lines_fr) + f". Total : {figure(value, 'fr')}."
    )
    solution_en = (
        "The Sonneborn-Berger adds the scores of the opponents beaten and half the scores of "
        "those drawn: " + "; ".join(lines_en) + f". Total: {figure(value, 'en')}."
    )
    return Variant(
        stem_fr,
        stem_en,
        Answer("numeric", value=as_decimal(value)),
        solution_fr,
        solution_en,
        _grid(table, "fr"),
        _grid(table, "en"),
    )


def _even_in_range(params: dict) -> list[tuple[str, str]]:
    problems = _bounds("min_players", "max_players")(params)
    if not problems and not any(n % 2 == 0 for n in range(params["min_players"], params["max_players"] + 1)):
        problems.append(
            (
                "max_players",
                _(
                    "Il faut au moins un nombre pair de joueurs entre le minimum "
                    "et le maximum (toutes les parties sont jouées)."
                ),
            )
        )
    return problems


register(
    Generator(
        key="sonneborn-berger",
        version=1,
        title=gettext_lazy("Sonneborn-Berger dans un toutes rondes"),
        params=(
            Param("min_players", gettext_lazy("Nombre minimum de joueurs"), 6, 4, 12),
            Param("max_players", gettext_lazy("Nombre maximum de joueurs"), 8, 4, 12),
        ),
        build=build_sonneborn,
        check=_even_in_range,
        citations=("5.2",),
    )
)

"""Swiss crosstables with a forfeit and a withdrawal, and a player's Buchholz (Livre 5.2).

The crosstable is drawn round by round: players sorted by score then rating are paired with
the first opponent they have not met (backtracking when the last ones have all met), the
odd player out gets the bye (a point), one game of a middle round is a forfeit, and one
player withdraws after a round (not paired any more). The Buchholz follows the Livre's
treatment of unplayed rounds: an opponent's score counts his unplayed rounds as draws, and a
round the player did not play counts a virtual opponent (``tournaments.tiebreaks``).
"""

from __future__ import annotations

import random
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from questions.computed import register
from questions.computed.base import Answer, Generator, Param, Table, Variant, as_decimal, figure, sized
from tournaments import crosstable as ct
from tournaments.tiebreaks import adjusted_score, buchholz, buchholz_cut, buchholz_median, opponent_values

TIEBREAKS = {
    "buchholz": (buchholz, "Buchholz", "Buchholz", 0, 0),
    "cut1": (buchholz_cut, "Buchholz tronqué 1", "Buchholz cut 1", 1, 0),
    "median1": (buchholz_median, "Buchholz médian 1", "median Buchholz 1", 1, 1),
}


class NoPairing(ValueError):
    """Every remaining player has met every other: the drawn tournament cannot go on."""


def _pair(order: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]] | None:
    if not order:
        return []
    first, rest = order[0], order[1:]
    for index, other in enumerate(rest):
        if other in met[first]:
            continue
        tail = _pair(rest[:index] + rest[index + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def swiss_crosstable(rng: random.Random, players: int, rounds: int) -> tuple[ct.Crosstable, dict]:
    """A Swiss crosstable with one forfeit and one withdrawal; returns it and what happened."""
    ratings = sorted((rng.randrange(1300, 2200, 5) for _ in range(players)), reverse=True)
    numbers = list(range(1, players + 1))
    withdrawn = rng.choice(numbers)
    withdrawn_after = rng.randint(2, rounds - 1)
    forfeit_round = rng.choice([r for r in range(2, rounds + 1) if r != withdrawn_after + 1] or [2])
    results: dict[int, list[ct.Result]] = {n: [] for n in numbers}
    met: dict[int, set[int]] = {n: set() for n in numbers}
    whites = dict.fromkeys(numbers, 0)
    had_bye: set[int] = set()
    forfeit_pair: tuple[int, int] | None = None
    for round_number in range(1, rounds + 1):
        score = {n: sum((r.score for r in results[n]), Fraction(0)) for n in numbers}
        active = [n for n in numbers if not (n == withdrawn and round_number > withdrawn_after)]
        active.sort(key=lambda n: (-score[n], n))
        if len(active) % 2:
            exempt = next(n for n in reversed(active) if n not in had_bye)
            had_bye.add(exempt)
            active.remove(exempt)
            results[exempt].append(ct.bye(1))
        pairs = _pair(active, met)
        if pairs is None:
            raise NoPairing
        forfeit_index = rng.randrange(len(pairs)) if round_number == forfeit_round else None
        for index, (a, b) in enumerate(pairs):
            white, black = (a, b) if whites[a] <= whites[b] else (b, a)
            met[a].add(b)
            met[b].add(a)
            if index == forfeit_index:
                absent_player, present = (white, black) if rng.random() < 0.5 else (black, white)
                results[absent_player].append(ct.forfeit_loss(present))
                results[present].append(ct.forfeit_win(absent_player))
                forfeit_pair = (present, absent_player)
                continue
            whites[white] += 1
            edge = (ratings[white - 1] - ratings[black - 1]) / 800
            draw = rng.random()
            score_white = (
                Fraction(1)
                if draw < 0.4 + edge
                else Fraction(1, 2)
                if draw < 0.75 + edge / 2
                else Fraction(0)
            )
            results[white].append(ct.game(black, "W", score_white))
            results[black].append(ct.game(white, "B", 1 - score_white))
        for n in numbers:
            if n == withdrawn and round_number > withdrawn_after:
                results[n].append(ct.absent())
    table = ct.Crosstable.of(ct.Player(n, tuple(results[n]), rating=ratings[n - 1]) for n in numbers)
    facts = {
        "withdrawn": withdrawn,
        "withdrawn_after": withdrawn_after,
        "forfeit_round": forfeit_round,
        "forfeit_pair": forfeit_pair,
        "byes": sorted(had_bye),
    }
    return table, facts


def _cell(result: ct.Result, language: str) -> str:
    score = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}[result.score]
    if result.kind == ct.Kind.GAME:
        colour = {"W": "B", "B": "N"}[result.colour] if language == "fr" else result.colour.value
        return f"{result.opponent}{colour} {score}"
    if result.kind == ct.Kind.FORFEIT_WIN:
        return f"{result.opponent} F+"
    if result.kind == ct.Kind.FORFEIT_LOSS:
        return f"{result.opponent} F−"
    if result.kind == ct.Kind.BYE:
        return f"{'EX' if language == 'fr' else 'BYE'} {score}"
    return "—"


def crosstable_table(table: ct.Crosstable, language: str) -> Table:
    rounds = [f"R{index}" for index in range(1, table.rounds + 1)]
    rows = tuple(
        (
            str(n),
            str(table[n].rating),
            *(_cell(r, language) for r in table[n].results),
            figure(table[n].score, language),
        )
        for n in sorted(table.players)
    )
    if language == "en":
        return Table(
            "Crosstable (opponent, colour W/B, result)",
            ("No.", "Rating", *rounds, "Pts"),
            rows,
            (
                "F+: forfeit win; F−: forfeit loss; BYE: pairing-allocated bye (1 point); "
                "—: withdrawn, not paired.",
            ),
        )
    return Table(
        "Grille du tournoi (adversaire, couleur B/N, résultat)",
        ("N°", "Elo", *rounds, "Pts"),
        rows,
        (
            "F+ : gain par forfait ; F− : perte par forfait ; EX : exempt (1 point) ; "
            "— : joueur retiré, non apparié.",
        ),
    )


def _steps(table: ct.Crosstable, number: int, language: str) -> list[str]:
    player = table[number]
    values = opponent_values(table, number)
    steps = []
    for index, (result, value) in enumerate(zip(player.results, values, strict=True)):
        round_number = index + 1
        if result.played:
            opponent = table[result.opponent]
            real, adjusted = opponent.score, adjusted_score(opponent)
            if language == "fr":
                note = (
                    f" (score réel {figure(real, 'fr')}, ses parties non jouées comptées nulles)"
                    if real != adjusted
                    else ""
                )
                steps.append(f"R{round_number} : adversaire {result.opponent}, {figure(value, 'fr')}{note}")
            else:
                note = (
                    f" (real score {figure(real, 'en')}, his unplayed games counted as draws)"
                    if real != adjusted
                    else ""
                )
                steps.append(f"R{round_number}: opponent {result.opponent}, {figure(value, 'en')}{note}")
            continue
        before, own = player.score_before(index), result.score
        formula = (
            f"{figure(before, language)} + (1 − {figure(own, language)}) + ½ × ({table.rounds} − "
            f"{round_number}) = {figure(value, language)}"
        )
        if language == "fr":
            steps.append(
                f"R{round_number} : non jouée, adversaire virtuel S_JR + (1 − S_fJR) + ½ (n − R) = {formula}"
            )
        else:
            steps.append(
                f"R{round_number}: not played, virtual opponent S_JR + (1 − S_fJR) + ½ (n − R) = {formula}"
            )
    return steps


def build_buchholz(rng: random.Random, params: dict) -> Variant:
    players = rng.randint(params["min_players"], params["max_players"])
    rounds = rng.randint(params["min_rounds"], min(params["max_rounds"], players - 3))
    for _attempt in range(50):
        try:
            table, facts = swiss_crosstable(rng, players, rounds)
            break
        except NoPairing:  # the drawn results left no pairing: draw again (still from the seed)
            continue
    else:
        raise NoPairing
    involved = set(facts["forfeit_pair"] or ()) | {facts["withdrawn"]} | set(facts["byes"])
    involved |= {r.opponent for r in table[facts["withdrawn"]].results if r.played}
    target = rng.choice(sorted(involved))
    kind = params["tiebreak"] if params["tiebreak"] != "any" else rng.choice(sorted(TIEBREAKS))
    function, name_fr, name_en, lowest, highest = TIEBREAKS[kind]
    value = function(table, target)
    values = sorted(opponent_values(table, target))
    dropped = values[:lowest] + (values[len(values) - highest :] if highest else [])

    def solution(language: str) -> str:
        name = name_fr if language == "fr" else name_en
        steps = (
            "; ".join(_steps(table, target, language))
            if language == "en"
            else " ; ".join(_steps(table, target, "fr"))
        )
        total = figure(sum(values, Fraction(0)), language)
        if language == "fr":
            text = (
                f"Livre 5.2 : le score d'un adversaire compte ses rondes non jouées comme nulles ; une ronde "
                f"sans adversaire compte un adversaire virtuel. {steps}. Somme : {total}."
            )
            if dropped:
                text += f" Le {name} retire {' et '.join(figure(v, 'fr') for v in dropped)}."
            return text + f" {name} du joueur {target} : {figure(value, 'fr')}."
        text = (
            f"Livre 5.2: an opponent's score counts his unplayed rounds as draws; a round without an "
            f"opponent counts a virtual opponent. {steps}. Sum: {total}."
        )
        if dropped:
            text += f" The {name} drops {' and '.join(figure(v, 'en') for v in dropped)}."
        return text + f" Player {target}'s {name}: {figure(value, 'en')}."

    stem_fr = (
        f"Tournoi au système suisse de {players} joueurs en {rounds} rondes : le joueur n° "
        f"{facts['withdrawn']} s'est retiré après la ronde {facts['withdrawn_after']}, et une partie de "
        f"la ronde {facts['forfeit_round']} a été perdue par forfait. Selon le Livre de l'Arbitre, "
        f"quel est le {name_fr} du joueur n° {target} ?"
    )
    stem_en = (
        f"{sized(players, 'player', capital=True)} Swiss tournament over {rounds} rounds: "
        f"player no. {facts['withdrawn']} withdrew after round {facts['withdrawn_after']}, "
        f"and a game of round {facts['forfeit_round']} was lost by forfeit. According to the "
        f"Livre de l'Arbitre, what is player no. {target}'s {name_en}?"
    )
    return Variant(
        stem_fr,
        stem_en,
        Answer("numeric", value=as_decimal(value)),
        solution("fr"),
        solution("en"),
        crosstable_table(table, "fr"),
        crosstable_table(table, "en"),
    )


def _check(params: dict) -> list[tuple[str, str]]:
    problems = []
    if params["min_players"] > params["max_players"]:
        problems.append(("min_players", _("Le minimum ne peut pas dépasser le maximum.")))
    if params["min_rounds"] > params["max_rounds"]:
        problems.append(("min_rounds", _("Le minimum ne peut pas dépasser le maximum.")))
    elif params["min_rounds"] > params["min_players"] - 3:
        problems.append(("min_rounds", _("Il faut au moins trois joueurs de plus que de rondes.")))
    return problems


register(
    Generator(
        key="swiss-buchholz",
        version=1,
        title=gettext_lazy("Buchholz avec un forfait et un abandon (adversaire virtuel)"),
        params=(
            Param("min_players", gettext_lazy("Nombre minimum de joueurs"), 8, 6, 16),
            Param("max_players", gettext_lazy("Nombre maximum de joueurs"), 14, 6, 16),
            Param("min_rounds", gettext_lazy("Nombre minimum de rondes"), 5, 3, 9),
            Param("max_rounds", gettext_lazy("Nombre maximum de rondes"), 7, 3, 9),
            Param(
                "tiebreak",
                gettext_lazy("Départage demandé"),
                "any",
                choices=(
                    ("any", gettext_lazy("Au hasard")),
                    ("buchholz", gettext_lazy("Buchholz")),
                    ("cut1", gettext_lazy("Buchholz tronqué 1")),
                    ("median1", gettext_lazy("Buchholz médian 1")),
                ),
            ),
        ),
        build=build_buchholz,
        check=_check,
        citations=("5.2",),
    )
)

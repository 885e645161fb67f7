"""The generators of computed questions: deterministic from the seed, and every answer checked
against an independent computation from what the candidate is shown (stem and table)."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction

import pytest

from questions import computed
from tournaments.performance_table import PERFORMANCE_QUANTITY
from tournaments.rating_tables import D_TO_PD
from tournaments.round_robin import berger_table

SEEDS = range(40)


def body(key: str, version: int = 1, **params) -> dict:
    return {"generator": key, "generator_version": version, "params": params}


def number(text: str) -> Fraction:
    return Fraction(text.replace(",", ".").replace("½", "0.5").replace("−", "-"))


def score_of(cell: str) -> Fraction:
    return {"1": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0)}[cell]


@pytest.mark.parametrize("key", [generator.key for generator in computed.choices()])
def test_the_same_seed_gives_the_same_variant(key):
    generator = computed.latest(key)
    pinned = {"generator": key, "generator_version": generator.version, "params": {}}
    assert computed.generate(pinned, 1234) == computed.generate(pinned, 1234)


@pytest.mark.parametrize("key", [generator.key for generator in computed.choices()])
def test_different_seeds_give_different_variants(key):
    stems = {computed.generate(body(key), seed).stem_fr + str(computed.generate(body(key), seed).table_fr)
             for seed in range(10)}
    assert len(stems) >= 5


def test_a_generator_never_touches_the_global_random_generator():
    import random

    random.seed(99)
    expected = random.random()
    random.seed(99)
    for generator in computed.choices():
        computed.generate(body(generator.key), 5)
    assert random.random() == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_the_berger_answer_is_the_pairing_of_the_berger_table(seed):
    variant = computed.generate(body("berger-meeting", min_players=3, max_players=20), seed)
    players, x, y = map(int, re.search(r"de (\d+) joueurs.*n° (\d+) et n° (\d+)", variant.stem_fr).groups())
    correct = next(option for option in variant.answer.options if option.correct)
    round_number, white, black = map(int, re.search(r"Ronde (\d+) ; (\d+) a les Blancs contre (\d+)",
                                                    correct.text_fr).groups())
    line = berger_table(players)[round_number - 1]
    assert any((p.white, p.black) == (white, black) for p in line) and {white, black} == {x, y}


def grid(variant) -> dict[int, dict[int, Fraction]]:
    header = variant.table_fr.header[1:-1]
    return {
        int(row[0]): {int(n): score_of(c) for n, c in zip(header, row[1:-1], strict=True) if c != "×"}
        for row in variant.table_fr.rows
    }


@pytest.mark.parametrize("seed", SEEDS)
def test_the_sonneborn_berger_is_the_sum_over_the_grid(seed):
    variant = computed.generate(body("sonneborn-berger", min_players=4, max_players=12), seed)
    target = int(re.search(r"joueur n° (\d+)", variant.stem_fr).group(1))
    results = grid(variant)
    totals = {n: sum(row.values(), Fraction(0)) for n, row in results.items()}
    expected = sum((score * totals[opponent] for opponent, score in results[target].items()), Fraction(0))
    assert Fraction(variant.answer.value) == expected


def swiss_rows(variant) -> dict[int, list[tuple[str, int | None, Fraction]]]:
    """Per player, per round: (kind, opponent, score) read back from the shown crosstable."""
    rows = {}
    for row in variant.table_fr.rows:
        cells = []
        for cell in row[2:-1]:
            if cell == "—":
                cells.append(("absent", None, Fraction(0)))
            elif cell.startswith("EX"):
                cells.append(("bye", None, score_of(cell.split()[1])))
            elif cell.endswith("F+"):
                cells.append(("forfeit", int(cell.split()[0]), Fraction(1)))
            elif cell.endswith("F−"):
                cells.append(("forfeit", int(cell.split()[0]), Fraction(0)))
            else:
                opponent, score = cell.split()
                cells.append(("game", int(opponent[:-1]), score_of(score)))
        rows[int(row[0])] = cells
    return rows


@pytest.mark.parametrize("seed", SEEDS)
def test_the_buchholz_follows_the_livres_virtual_opponent_rule(seed):
    variant = computed.generate(body("swiss-buchholz"), seed)
    target = int(re.search(r"du joueur n° (\d+) \?", variant.stem_fr).group(1))
    rows = swiss_rows(variant)
    rounds = len(rows[target])
    adjusted = {n: sum((s if kind == "game" else Fraction(1, 2) for kind, _o, s in cells), Fraction(0))
                for n, cells in rows.items()}
    values = []
    for index, (kind, opponent, score) in enumerate(rows[target]):
        if kind == "game":
            values.append(adjusted[opponent])
        else:
            before = sum((s for _k, _o, s in rows[target][:index]), Fraction(0))
            values.append(before + (1 - score) + Fraction(1, 2) * (rounds - index - 1))
    values.sort()
    if "tronqué 1" in variant.stem_fr:
        values = values[1:]
    elif "médian 1" in variant.stem_fr:
        values = values[1:-1]
    assert Fraction(variant.answer.value) == sum(values, Fraction(0))


def expected_score(difference: int) -> Fraction:
    gap = abs(difference)
    row = next(r for r in D_TO_PD if gap >= r[0] and (r[1] is None or gap <= r[1]))
    return Fraction(row[2] if difference >= 0 else row[3], 100)


@pytest.mark.parametrize("version", [1, 2, 3])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_elo_change_follows_the_k_factor_and_the_400_point_rule(seed, version):
    variant = computed.generate(body("elo-change", version), seed)
    rating = int(re.search(r"classé (\d+)", variant.stem_fr).group(1))
    age = int(re.search(r"(\d+) ans", variant.stem_fr).group(1))
    career = int(re.search(r"(\d+) parties classées", variant.stem_fr).group(1))
    games = [(int(row[1]), score_of(row[2])) for row in variant.table_fr.rows]
    reached = "atteint 2400" in variant.stem_fr
    k = 40 if career < 30 or (age <= 18 and rating < 2300) else 10 if reached else 20
    k = min(k, 700 // len(games))
    differences = [rating - opponent for opponent, _score in games]
    favourable = [d for d in differences if d > 400]
    capped_once = False
    total = Fraction(0)
    for difference, (_opponent, score) in zip(differences, games, strict=True):
        if difference < -400:
            difference = -400
        elif difference > 400 and difference == max(favourable) and not capped_once:
            difference, capped_once = 400, True
        total += score - expected_score(difference)
    exact = total * k
    magnitude = abs(exact)
    rounded = math.floor(magnitude) + (1 if magnitude - math.floor(magnitude) > Fraction(1, 2) else 0)
    assert variant.answer.value == Decimal(rounded if exact >= 0 else -rounded)


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_performance_reads_the_livres_table(seed, version):
    variant = computed.generate(body("performance", version), seed)
    rating = int(re.search(r"classé (\d+)", variant.stem_fr).group(1))
    games = [(int(row[1]), score_of(row[2])) for row in variant.table_fr.rows]
    counted = [min(rating + 400, max(rating - 400, opponent)) for opponent, _score in games]
    average = math.floor(Fraction(sum(counted), len(counted)) + Fraction(1, 2))
    points = sum((score for _opponent, score in games), Fraction(0))
    assert variant.answer.value == average + PERFORMANCE_QUANTITY[len(games)][int(points * 2)]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_hort_share_is_half_the_own_prize_plus_half_the_average(seed):
    variant = computed.generate(body("prize-sharing", method="hort"), seed)
    prizes = [Fraction(row[1]) for row in variant.table_fr.rows]
    tie = re.search(r"(\d+) joueurs terminent à égalité de points aux places (\d+) à (\d+)", variant.stem_fr)
    size, start, end = map(int, tie.groups())
    place = int(re.search(r"classé (\d+)(?:er|e) au départage", variant.stem_fr).group(1))
    official = [prizes[p - 1] if p <= len(prizes) else Fraction(0) for p in range(start, end + 1)]
    average = sum(official, Fraction(0)) / size
    assert Fraction(variant.answer.value) == (average + official[place - start]) / 2


@pytest.mark.parametrize("seed", SEEDS)
def test_the_knockout_byes_fill_the_next_power_of_two(seed):
    variant = computed.generate(body("knockout-byes", seeded="no", min_players=5, max_players=256), seed)
    players = int(re.search(r"compte (\d+) inscrits", variant.stem_fr).group(1))
    power = 1 << (players - 1).bit_length()
    byes = power - players
    expected = byes if "exemptés du premier tour" in variant.stem_fr else (players - byes) // 2
    assert variant.answer.value == expected


@pytest.mark.parametrize("key", [generator.key for generator in computed.choices()])
def test_every_variant_has_a_worked_solution_in_both_languages(key):
    variant = computed.generate(body(key), 77)
    assert variant.solution_fr and variant.solution_en and variant.stem_en != variant.stem_fr


def test_parameters_out_of_bounds_are_refused_in_french():
    _params, problems = computed.validate_params(computed.latest("berger-meeting"), {"max_players": 40})
    assert problems == [("max_players", "« Nombre maximum de joueurs » est compris entre 3 et 20.")]


def test_a_minimum_above_the_maximum_is_refused():
    _params, problems = computed.validate_params(computed.latest("swiss-buchholz"),
                                                 {"min_players": 14, "max_players": 10})
    assert problems[0][0] == "min_players"


def test_an_unknown_parameter_is_refused():
    _params, problems = computed.validate_params(computed.latest("elo-change"), {"colour": "blue"})
    assert problems == [("colour", "Paramètre inconnu « colour ».")]


def test_a_generator_version_the_code_does_not_have_is_refused_clearly():
    with pytest.raises(computed.GeneratorUnavailable, match="n'existe pas en version 9"):
        computed.generate(body("berger-meeting") | {"generator_version": 9}, 1)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_arbiter_pay_follows_the_ffe_scale(seed):
    variant = computed.generate(body("arbiter-pay"), seed)
    rounds, days, players, titled, prizes = map(int, re.search(
        r"(\d+) rondes sur (\d+) jours, (\d+) joueurs dont (\d+) titrés \(GMI, MI, MF\), (\d+) €",
        variant.stem_fr).groups())
    units = rounds + -(-players // 20) + -(-titled // 10) + -(-prizes // 1500)
    expected = min(max(units * 17, 50 * days), 85 * days)
    assert variant.answer.value == expected

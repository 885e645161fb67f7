"""The wording and the figures of computed questions: agreement, articles, plausible ratings."""

from __future__ import annotations

import re

import pytest

from questions import computed
from questions.computed.base import sized, with_noun
from questions.computed.rating import TOP_RATING


def body(key: str, version: int = 1, **params) -> dict:
    return {"generator": key, "generator_version": version, "params": params}


def variants(key: str, version: int = 1, seeds=range(120), **params):
    return [computed.generate(body(key, version, **params), seed) for seed in seeds]


@pytest.mark.parametrize(("number", "expected"), [
    (8, "an 8-player"), (11, "an 11-player"), (18, "an 18-player"), (83, "an 83-player"),
    (6, "a 6-player"), (12, "a 12-player"), (100, "a 100-player"), (800, "an 800-player"),
])
def test_sized_puts_an_before_the_numbers_said_with_a_vowel(number, expected):
    assert sized(number, "player") == expected


def test_with_noun_keeps_the_singular_below_two_in_french_and_for_one_only_in_english():
    assert [with_noun(n, "point", "points", "fr") for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]
    assert [with_noun(n, "point", "points", "en") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]


def test_an_eight_player_round_robin_is_an_8_player_one_in_english():
    variant = computed.generate(body("berger-meeting", min_players=8, max_players=8), 3)
    assert variant.stem_en.startswith("An 8-player round-robin")


def test_a_cup_with_one_seeded_player_says_so_in_the_singular():
    stems = [v.stem_fr for v in variants("knockout-byes", seeded="yes", min_players=10, max_players=60)]
    singular = [stem for stem in stems if " dont 1 " in stem]
    assert singular and all(" dont 1 qualifié d'office exempté d" in stem for stem in singular)
    assert not any(re.search(r"qualifiés? d'office exemptés? de 1|1 qualifiés", stem) for stem in stems)


def test_a_small_cup_with_many_seeded_players_is_generated_without_hanging():
    # Seed 31 draws 8 entrants with 4 seeded, a plan the Livre's method cannot make.
    variant = computed.generate(body("knockout-byes", min_players=5, max_players=256), 31)
    assert variant.answer.value >= 0


def test_a_cup_solution_agrees_with_one_game_and_no_bye():
    cups = variants("knockout-byes", min_players=5, max_players=256)
    solutions = [variant.solution_fr + variant.solution_en for variant in cups]
    assert not any(re.search(r"\b[01] (parties|joueurs|games)\b|\b1 players\b", text) for text in solutions)


@pytest.mark.parametrize("key", ["elo-change", "performance"])
def test_the_latest_rating_generators_draw_no_opponent_above_a_plausible_top_rating(key):
    latest = computed.latest(key).version
    ratings = [int(row[1]) for v in variants(key, latest, seeds=range(300)) for row in v.table_fr.rows]
    assert latest >= 2 and max(ratings) <= TOP_RATING


def test_the_elo_change_still_has_an_opponent_beyond_400_points_when_asked():
    for variant in variants("elo-change", 3, profile="elite", far_opponent="yes"):
        rating = int(re.search(r"classé (\d+)", variant.stem_fr).group(1))
        assert any(abs(rating - int(row[1])) > 400 for row in variant.table_fr.rows)


def far_opponents(variant) -> int:
    rating = int(re.search(r"classé (\d+)", variant.stem_fr).group(1))
    return sum(abs(rating - int(row[1])) > 400 for row in variant.table_fr.rows)


def test_version_3_of_the_elo_change_never_draws_two_opponents_beyond_400_points():
    assert max(far_opponents(variant) for variant in variants("elo-change", 3, seeds=range(300))) == 1


def test_version_2_did_draw_two_such_opponents_and_stays_as_published():
    assert max(far_opponents(variant) for variant in variants("elo-change", 2, seeds=range(300))) == 2


def test_version_3_states_the_400_point_rule_of_livre_6_1_in_both_languages():
    variant = variants("elo-change", 3, seeds=[1])[0]
    assert (
        "n'en bénéficie qu'une fois par tournoi, pour la partie où l'écart est le plus grand"
        in variant.stem_fr
    )
    assert "only once per tournament, in the game with the greatest difference" in variant.stem_en


def test_version_3_quotes_the_rounding_of_8_3_4_in_the_worked_solution():
    variant = variants("elo-change", 3, seeds=[2])[0]
    assert "8.3.4 : « 0,5 est arrondi à 0 », une demie s'arrondit vers zéro" in variant.solution_fr
    assert "a half is rounded towards zero" in variant.solution_en


def test_the_shipped_elo_question_uses_version_3():
    import json
    from pathlib import Path

    bank = json.loads(Path("questions/data/bank/uvt.json").read_text())
    questions = bank["questions"] if isinstance(bank, dict) else bank
    versions = {
        q["body"]["generator_version"]
        for q in questions
        if q.get("body", {}).get("generator") == "elo-change"
    }
    assert versions == {3}

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
    assert latest == 2 and max(ratings) <= TOP_RATING


def test_the_elo_change_still_has_an_opponent_beyond_400_points_when_asked():
    for variant in variants("elo-change", 2, profile="elite", far_opponent="yes"):
        rating = int(re.search(r"classé (\d+)", variant.stem_fr).group(1))
        assert any(abs(rating - int(row[1])) > 400 for row in variant.table_fr.rows)

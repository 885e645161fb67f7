from fractions import Fraction

import pytest

from tournaments.team_tiebreaks import Match, MatchPointScale, match_points, team_sonneborn_berger

H = Fraction(1, 2)


def m(opponent, points):
    return Match(opponent, Fraction(points), 4)


# Three four-board teams, single round-robin: X beats Y 3–1, X draws Z 2–2, Y beats Z 2½–1½.
SCHEDULE = {
    "X": [m("Y", 3), m("Z", 2)],
    "Y": [m("X", 1), m("Z", "2.5")],
    "Z": [m("X", 2), m("Y", "1.5")],
}


def test_match_points_are_two_one_zero_by_default():
    assert [match_points(m("Y", p)) for p in ("2.5", 2, "1.5")] == [2, 1, 0]


def test_the_french_championship_scale_gives_three_two_one():
    scale = MatchPointScale(win=3, draw=2, loss=1)
    assert [match_points(m("Y", p), scale) for p in (3, 2, 1)] == [3, 2, 1]


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        ("A", 2 * 2 + 1 * 1),  # Y has 2 MP, Z 1 MP; X scored 2 MP v Y and 1 MP v Z
        ("B", 2 * 3 + 1 * 2),
        ("C", Fraction(7, 2) * 2 + Fraction(7, 2) * 1),  # Y and Z have 3½ game points each
        ("D", Fraction(7, 2) * 3 + Fraction(7, 2) * 2),
    ],
)
def test_the_four_team_sonneborn_berger_variants(variant, expected):
    assert team_sonneborn_berger(SCHEDULE, "X", variant) == expected


def test_the_truncated_variant_drops_the_weakest_opponent():
    assert team_sonneborn_berger(SCHEDULE, "X", "A", truncated=True) == 4

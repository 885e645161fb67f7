"""Crosstables of the Livre's tie-break examples, and a builder for round-robins."""

from fractions import Fraction

from tournaments.crosstable import Crosstable, Player, game
from tournaments.round_robin import berger_table

H = Fraction(1, 2)


def round_robin_crosstable(matrix, names=None, ratings=None):
    """A complete round-robin from a score matrix (matrix[i][j]: what i scored against j),
    with rounds and colours from the Berger table."""
    size = len(matrix)
    table = berger_table(size)
    results = {number: [] for number in range(1, size + 1)}
    for line in table:
        for pairing in line:
            if pairing.white > size or pairing.black > size:
                raise ValueError("Use an even number of players.")
            white_score = Fraction(matrix[pairing.white - 1][pairing.black - 1])
            if white_score + Fraction(matrix[pairing.black - 1][pairing.white - 1]) != 1:
                raise ValueError(f"The matrix disagrees on {pairing.white}–{pairing.black}.")
            results[pairing.white].append(game(pairing.black, "W", white_score))
            results[pairing.black].append(game(pairing.white, "B", 1 - white_score))
    return Crosstable.of(
        Player(
            number,
            tuple(results[number]),
            name=names[number - 1] if names else "",
            rating=ratings[number - 1] if ratings else 0,
        )
        for number in results
    )


# Livre 5.2, 2.1.3.1: the ten-player Koya example (A..J = Albert..Jack).
KOYA_NAMES = ["Albert", "Bernard", "Claude", "Denis", "Eric", "Franck", "Guy", "Herbert", "Isidore", "Jack"]
KOYA_MATRIX = [
    [None, H, H, H, H, 1, H, 1, 1, 1],
    [H, None, H, H, 0, 1, H, H, H, 1],
    [H, H, None, H, 0, 1, H, 1, H, H],
    [H, H, H, None, 1, 0, H, 1, H, H],
    [H, 1, 1, 0, None, H, H, 0, 1, 0],
    [0, 0, 0, 1, H, None, H, 1, 1, 1],
    [H, H, H, H, H, H, None, H, 1, H],
    [0, H, 0, 0, 1, 0, H, None, 0, 1],
    [0, H, H, H, 0, 0, 0, 1, None, 1],
    [0, 0, H, H, 1, 0, H, 0, 0, None],
]

# Livre 5.2, Sonneborn-Berger example (A, B, C, D).
SONNEBORN_MATRIX = [
    [None, 0, 1, 0],
    [1, None, H, H],
    [0, H, None, H],
    [1, H, H, None],
]

"""Scheveningen tables (Livre 3.1): every player of team A meets every player of team B, team
mates never meet. Stored as printed; each cell is "white-black" with A1 = first player of A."""

from __future__ import annotations

from dataclasses import dataclass

SCHEVENINGEN_TABLES: dict[int, tuple[tuple[str, ...], ...]] = {
    4: (
        ("A1-B1", "A2-B2", "B3-A3", "B4-A4"),
        ("B2-A1", "B1-A2", "A3-B4", "A4-B3"),
        ("A1-B3", "A2-B4", "B1-A3", "B2-A4"),
        ("B4-A1", "B3-A2", "A3-B2", "A4-B1"),
    ),
    5: (
        ("B1-A1", "B2-A2", "A3-B3", "A4-B4", "A5-B5"),
        ("B4-A1", "A2-B1", "B5-A3", "B3-A4", "A5-B2"),
        ("A1-B5", "A2-B4", "B1-A3", "B2-A4", "B3-A5"),
        ("A1-B3", "B5-A2", "A3-B2", "A4-B1", "B4-A5"),
        ("B2-A1", "B3-A2", "A3-B4", "B5-A4", "A5-B1"),
    ),
    6: (
        ("B1-A1", "B5-A2", "A3-B4", "A4-B2", "A5-B3", "B6-A6"),
        ("B2-A1", "A2-B1", "B3-A3", "B4-A4", "A5-B6", "A6-B5"),
        ("A1-B3", "A2-B2", "B1-A3", "B6-A4", "B5-A5", "A6-B4"),
        ("A1-B4", "B6-A2", "A3-B5", "A4-B1", "B2-A5", "B3-A6"),
        ("B5-A1", "B4-A2", "A3-B6", "B3-A4", "A5-B1", "A6-B2"),
        ("A1-B6", "A2-B3", "B2-A3", "A4-B5", "B4-A5", "B1-A6"),
    ),
    8: (
        ("A1-B1", "A2-B2", "A3-B3", "A4-B4", "B5-A5", "B6-A6", "B7-A7", "B8-A8"),
        ("B2-A1", "B3-A2", "B4-A3", "B1-A4", "A5-B6", "A6-B7", "A7-B8", "A8-B5"),
        ("A1-B3", "A2-B4", "A3-B1", "A4-B2", "B7-A5", "B8-A6", "B5-A7", "B6-A8"),
        ("B4-A1", "B1-A2", "B2-A3", "B3-A4", "A5-B8", "A6-B5", "A7-B6", "A8-B7"),
        ("A1-B5", "A2-B6", "A3-B7", "A4-B8", "B1-A5", "B2-A6", "B3-A7", "B4-A8"),
        ("B6-A1", "B7-A2", "B8-A3", "B5-A4", "A5-B2", "A6-B3", "A7-B4", "A8-B1"),
        ("A1-B7", "A2-B8", "A3-B5", "A4-B6", "B3-A5", "B4-A6", "B1-A7", "B2-A8"),
        ("B8-A1", "B5-A2", "B6-A3", "B7-A4", "A5-B4", "A6-B1", "A7-B2", "A8-B3"),
    ),
}


@dataclass(frozen=True, slots=True)
class TeamGame:
    round: int
    white: str
    black: str


def scheveningen_table(team_size: int) -> list[list[TeamGame]]:
    """The printed Scheveningen table for two teams of ``team_size`` (4, 5, 6 or 8)."""
    if team_size not in SCHEVENINGEN_TABLES:
        sizes = ", ".join(str(size) for size in SCHEVENINGEN_TABLES)
        raise ValueError(f"The Livre prints Scheveningen tables for teams of {sizes}.")
    return [
        [TeamGame(number, *cell.split("-")) for cell in line]
        for number, line in enumerate(SCHEVENINGEN_TABLES[team_size], 1)
    ]

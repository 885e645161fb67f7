"""Colour preferences (Livre 4.1, A.6) and colour allocation (E.1 to E.5) of one board.

Only games actually played count (a forfeit or a bye gives no colour, C.04.2.D.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0
STRENGTH_NAMES = {ABSOLUTE: "absolute", STRONG: "strong", MILD: "mild", NONE: "none"}


@dataclass(frozen=True, slots=True)
class Preference:
    colour: str  # "w", "b" or "" (none)
    strength: int  # ABSOLUTE, STRONG, MILD or NONE
    difference: int  # games with White minus games with Black

    def as_json(self) -> dict:
        return {
            "colour": self.colour,
            "strength": STRENGTH_NAMES[self.strength],
            "difference": self.difference,
        }


@lru_cache(maxsize=4096)  # a few hundred sequences in practice; read for every pair considered
def preference(sequence: str) -> Preference:
    """A.6: the preference of a player whose played colours are ``sequence`` (e.g. "wbw")."""
    if not sequence:
        return Preference("", NONE, 0)
    difference = sequence.count("w") - sequence.count("b")
    if difference > 1 or sequence.endswith("ww"):
        return Preference("b", ABSOLUTE, difference)
    if difference < -1 or sequence.endswith("bb"):
        return Preference("w", ABSOLUTE, difference)
    if difference == 1:
        return Preference("b", STRONG, difference)
    if difference == -1:
        return Preference("w", STRONG, difference)
    return Preference("b" if sequence[-1] == "w" else "w", MILD, difference)


@dataclass(frozen=True, slots=True)
class Allocation:
    white: int
    black: int
    rule: str  # "E.1" … "E.5"
    detail: dict  # what the rule looked at (for the explanation)


def allocate(high: int, low: int, sequences: dict[int, str], *, initial_colour: str = "w") -> Allocation:
    """E.1–E.5 for the board of ``high`` (the higher ranked, A.2) and ``low``.
    ``sequences`` maps each to the colours of his played games."""
    ph, pl = preference(sequences[high]), preference(sequences[low])

    def gives(colour_of_high: str, rule: str, **detail) -> Allocation:
        white, black = (high, low) if colour_of_high == "w" else (low, high)
        return Allocation(white, black, rule, detail)

    other = {"w": "b", "b": "w"}
    # E.1: both preferences granted (a player without preference takes what the other leaves).
    if ph.colour and ph.colour != pl.colour:
        return gives(ph.colour, "E.1")
    if not ph.colour and pl.colour:
        return gives(other[pl.colour], "E.1")
    if ph.colour and ph.colour == pl.colour:
        # E.2: the stronger preference; both absolute: the wider colour difference.
        if ph.strength != pl.strength:
            stronger = high if ph.strength > pl.strength else low
            colour = ph.colour if stronger == high else other[pl.colour]
            return gives(colour, "E.2", player=stronger)
        if ph.strength == ABSOLUTE and abs(ph.difference) != abs(pl.difference):
            wider = high if abs(ph.difference) > abs(pl.difference) else low
            colour = ph.colour if wider == high else other[pl.colour]
            return gives(colour, "E.2", player=wider, wider=True)
        # E.3: alternate from the most recent game in which they had different colours.
        sh, sl = sequences[high], sequences[low]
        for back in range(1, min(len(sh), len(sl)) + 1):
            if sh[-back] != sl[-back]:
                return gives(other[sh[-back]], "E.3", games_back=back)
        # E.4: the higher ranked player's preference.
        return gives(ph.colour, "E.4", player=high)
    # E.5: neither has a preference: the initial colour to the higher ranked if his pairing
    # number is odd, else the opposite.
    colour = initial_colour if high % 2 == 1 else other[initial_colour]
    return gives(colour, "E.5", player=high, odd=high % 2 == 1)

"""Tie-breaks as the Livre de l'Arbitre (chapter 5.2) defines them.

The Livre follows FIDE C.05 Annex 3 with the 2009 Congress treatment of unplayed games (in
force from 1 July 2012): a player's *adjusted score* counts every unplayed round as a draw,
and a player without an opponent in a round is deemed to have met a *virtual opponent*
scoring S_JR + (1 − S_fJR) + ½ (n − R). FIDE's later tie-break regulations (C.07, 2023 on)
changed this (unplayed rounds are treated per category, with a cap on "voluntarily unplayed
rounds" and a dummy opponent scoring the player's own points), so the figures below are the
Livre's, not the 2023 rules'. Where the rule is the same (games all played), the tests check
the results against tiebreak-core.

All values are exact Fractions.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from fractions import Fraction

from tournaments.crosstable import HALF, ONE, ZERO, Colour, Crosstable, Player

# --- 2.1 The player's own results -----------------------------------------------------------


def cumulative(player: Player, cut: int = 0) -> Fraction:
    """Sum of the running scores after each round (2.1.1); a forfeit counts as a normal
    result. ``cut`` drops the first rounds' running scores (cumulatif tronqué −1, −2)."""
    running = ZERO
    total = ZERO
    for index, result in enumerate(player.results):
        running += result.score
        if index >= cut:
            total += running
    return total


def _virtual_fifty_percent_cumulative(rounds: int) -> Fraction:
    return sum((HALF * k for k in range(1, rounds + 1)), ZERO)


def opponents_cumulative(table: Crosstable, number: int) -> Fraction:
    """Sum of the opponents' cumulatives (2.1.1.2). A round without an opponent counts as
    against an opponent scoring 50 % every round, as the Livre says of the exempt player."""
    total = ZERO
    for result in table[number].results:
        if result.opponent is None:
            total += _virtual_fifty_percent_cumulative(table.rounds)
        else:
            total += cumulative(table[result.opponent])
    return total


def direct_encounter(table: Crosstable, tied: Collection[int]) -> dict[int, Fraction]:
    """Points each tied player scored against the other tied players (2.1.2), counting only
    games they played against each other."""
    group = set(tied)
    return {
        number: sum(
            (r.score for r in table[number].results if r.played and r.opponent in group),
            ZERO,
        )
        for number in group
    }


def direct_encounter_order(table: Crosstable, tied: Collection[int]) -> list[set[int]]:
    """The tied players in places (2.1.2), by their points against each other (counted once
    over the whole tied group, as in the Livre's example). When all have met, equal points
    share a place. Otherwise a player is placed only if no one below could equal his score
    had every game among them been played; the others stay level in one set."""
    group = set(tied)
    points = direct_encounter(table, group)
    met = {
        number: {r.opponent for r in table[number].results if r.played and r.opponent in group}
        for number in group
    }
    if all(met[number] == group - {number} for number in group):
        levels = sorted(set(points.values()), reverse=True)
        return [{n for n in group if points[n] == level} for level in levels]
    ceiling = {number: points[number] + len(group - met[number] - {number}) for number in group}
    places: list[set[int]] = []
    remaining = set(group)
    while remaining:
        best = max(points[n] for n in remaining)
        leaders = [n for n in remaining if points[n] == best]
        others = remaining - set(leaders)
        if len(leaders) == 1 and all(ceiling[n] < best for n in others):
            places.append(set(leaders))
            remaining = others
            continue
        places.append(remaining)
        break
    return places


def koya(table: Crosstable, number: int, threshold: Fraction | None = None) -> Fraction:
    """Points scored against the opponents who scored at least ``threshold`` (2.1.3); the
    Koya proper uses 50 % of the rounds, the extended Koya lower thresholds step by step."""
    limit = Fraction(table.rounds, 2) if threshold is None else threshold
    return sum(
        (r.score for r in table[number].results if r.played and table[r.opponent].score >= limit),
        ZERO,
    )


def extended_koya_thresholds(table: Crosstable) -> list[Fraction]:
    """The score groups the extended Koya steps through, from 50 % downwards."""
    half = Fraction(table.rounds, 2)
    return sorted({p.score for p in table.players.values() if p.score < half} | {half}, reverse=True)


def wins(player: Player) -> int:
    """Games won (2.1.4); an unplayed game counts as a draw, so it is never a win."""
    return sum(1 for r in player.results if r.played and r.score == ONE)


def games_with_black(player: Player) -> int:
    """Games played with Black (2.1.5); an unplayed game counts as played with White."""
    return sum(1 for r in player.results if r.played and r.colour == Colour.BLACK)


def kashdan(player: Player) -> int:
    """4 per win, 2 per draw, 1 per loss (2.1.6). The Livre says Kashdan ranks like the
    number of wins, where an unplayed game counts as a draw, so unplayed rounds count 2."""
    points = {ONE: 4, HALF: 2, ZERO: 1}
    return sum(points[r.score] if r.played else 2 for r in player.results)


# --- 2.2 Opponents' results -----------------------------------------------------------------


def adjusted_score(player: Player) -> Fraction:
    """The player's score with every unplayed round (forfeit won or lost, bye, absence)
    counted as a draw: the figure others see in their Buchholz."""
    return sum((r.score if r.played else HALF for r in player.results), ZERO)


def virtual_opponent_score(player: Player, round_index: int, rounds: int) -> Fraction:
    """S_an = S_JR + (1 − S_fJR) + ½ (n − R) for a player who did not play the round at
    0-based ``round_index`` (R = round_index + 1) of an n-round event."""
    own = player.results[round_index]
    return player.score_before(round_index) + (ONE - own.score) + HALF * (rounds - round_index - 1)


def opponent_values(table: Crosstable, number: int) -> list[Fraction]:
    """Per round, the score that stands for the opponent: his adjusted score after a played
    game, the virtual opponent's score after an unplayed round."""
    player = table[number]
    return card_opponent_values(
        player,
        [table.adjusted_scores[r.opponent] if r.played else None for r in player.results],
    )


def card_opponent_values(player: Player, opponent_scores: Sequence[Fraction | None]) -> list[Fraction]:
    """The same from a player's card, as in the Livre's examples: ``opponent_scores`` gives,
    per round, the opponent's adjusted score (ignored, and may be None, for unplayed rounds)."""
    rounds = len(player.results)
    if len(opponent_scores) != rounds:
        raise ValueError("A card needs one opponent score per round.")
    values = []
    for index, (result, score) in enumerate(zip(player.results, opponent_scores, strict=True)):
        if not result.played:
            values.append(virtual_opponent_score(player, index, rounds))
        elif score is None:
            raise ValueError(f"Round {index + 1}: a played game needs the opponent's score.")
        else:
            values.append(Fraction(score))
    return values


def _trim(values: list[Fraction], lowest: int, highest: int) -> Fraction:
    ordered = sorted(values)
    kept = ordered[lowest : len(ordered) - highest]
    return sum(kept, ZERO)


def buchholz(table: Crosstable, number: int) -> Fraction:
    return sum(opponent_values(table, number), ZERO)


def buchholz_cut(table: Crosstable, number: int, cut: int = 1) -> Fraction:
    """Buchholz without the ``cut`` lowest values (tronqué 1, 2)."""
    return _trim(opponent_values(table, number), cut, 0)


def buchholz_median(table: Crosstable, number: int, cut: int = 1) -> Fraction:
    """Buchholz without the ``cut`` highest and ``cut`` lowest values (médian 1, 2)."""
    return _trim(opponent_values(table, number), cut, cut)


def buchholz_sum(table: Crosstable, number: int) -> Fraction:
    """Sum of the opponents' Buchholz. The Livre does not say what a virtual opponent's
    Buchholz is, so unplayed rounds add nothing here."""
    return sum((_all_buchholz(table)[r.opponent] for r in table[number].results if r.played), ZERO)


def _all_buchholz(table: Crosstable) -> dict[int, Fraction]:
    if "buchholz" not in table.memo:
        table.memo["buchholz"] = {n: buchholz(table, n) for n in table.players}
    return table.memo["buchholz"]  # type: ignore[return-value]


def sonneborn_berger(table: Crosstable, number: int) -> Fraction:
    """Opponents beaten count their (adjusted) score, opponents drawn half of it; an
    unplayed round counts the virtual opponent's score times the round's result."""
    return sum(
        (
            value * r.score
            for value, r in zip(opponent_values(table, number), table[number].results, strict=True)
        ),
        ZERO,
    )


def berlin(board_scores: Iterable[Fraction | int | str]) -> Fraction:
    """Berlin tie-break of a team match (2.4.2): board E of N counts (N + 1 − E) × result."""
    scores = [Fraction(s) for s in board_scores]
    boards = len(scores)
    return sum(((boards - index) * score for index, score in enumerate(scores)), ZERO)


# --- 2.3 Ratings ------------------------------------------------------------------------------


def average_rating_of_opponents(table: Crosstable, number: int, cut: int = 0) -> Fraction:
    """Sum of the opponents' ratings over the games played, divided by their number; ``cut``
    drops the lowest ratings first (moyenne Elo tronquée)."""
    ratings = sorted(table[r.opponent].rating for r in table[number].results if r.played)[cut:]
    if not ratings:
        return ZERO
    return Fraction(sum(ratings), len(ratings))

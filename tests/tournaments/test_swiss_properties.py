"""Over generated tournaments (random results, absences), every round the engine pairs passes
the checker's absolute criteria, and the crosstable's totals stay consistent."""

from dataclasses import replace
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.swiss.checker import absolute_violations
from tournaments.swiss.engine import PairingImpossible, pair_round
from tournaments.tiebreaks import buchholz
from tournaments.trf import RoundEntry, TrfPlayer, TrfTournament

OPPOSITE = {"1": "0", "=": "=", "0": "1", "+": "-"}


def play(tournament: TrfTournament, number: int, absent: set[int], results) -> TrfTournament | None:
    with_absences = replace(
        tournament,
        players=tuple(
            replace(p, rounds=(*p.rounds, RoundEntry(0, "-", "Z"))) if p.number in absent else p
            for p in tournament.players
        ),
    )
    try:
        pairing = pair_round(with_absences, round_number=number)
    except PairingImpossible:
        return None
    assert absolute_violations(with_absences, pairing) == []
    entries = {n: RoundEntry(0, "-", "Z") for n in absent} | {
        n: RoundEntry(0, "-", "U") for n in pairing.byes
    }
    for (white, black), result in zip(pairing.pairs, results, strict=False):
        entries[white] = RoundEntry(black, "w", result)
        entries[black] = RoundEntry(white, "b", OPPOSITE[result])
    players = []
    for p in tournament.players:
        rounds = (*p.rounds, entries[p.number])
        players.append(replace(p, rounds=rounds, points=sum((e.score for e in rounds), Fraction(0))))
    return replace(tournament, players=tuple(players))


@st.composite
def events(draw):
    size = draw(st.integers(4, 13))
    rounds = draw(st.integers(1, 4))
    tournament = TrfTournament(
        players=tuple(TrfPlayer(number=n, rating=2600 - 50 * n) for n in range(1, size + 1)),
        planned_rounds=rounds + 1,
    )
    plan = []
    for _number in range(rounds + 1):
        absent = set(draw(st.sets(st.integers(1, size), max_size=1)))
        results = draw(st.lists(st.sampled_from(["1", "=", "0", "1", "0", "+"]), min_size=7, max_size=7))
        plan.append((absent, results))
    return tournament, plan


@settings(max_examples=120, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_every_round_the_engine_pairs_passes_the_absolute_criteria(event):
    tournament, plan = event
    for number, (absent, results) in enumerate(plan, 1):
        played = play(tournament, number, absent, results)
        if played is None:
            break
        tournament = played
    table = tournament.crosstable()
    points = sum(p.score for p in table.players.values())
    games = sum(1 for p in table.players.values() for r in p.results if r.played) // 2
    assert points == games + sum(
        1 for p in table.players.values() for r in p.results if not r.played and r.score == 1
    ) + sum(
        Fraction(1, 2)
        for p in table.players.values()
        for r in p.results
        if not r.played and r.score == Fraction(1, 2)
    )
    assert all(buchholz(table, n) >= 0 for n in table.players)

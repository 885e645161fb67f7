"""Seeded Swiss tournaments for pairing questions: one equivalent variant per candidate.

``generate(params, seed)`` draws the tournament as it stands before the round to pair: named
players with ratings and titles, the rounds already played (paired the way a Swiss is, score
group by score group, colours by E.1–E.5, results drawn by rating), and the features the
question asks for (a forfeit, a withdrawal, a late entry, a bye to give). Equivalence between
candidates is *measured*, not assumed: :func:`measure` reads the engine's explanation of the
round (explain.py) and counts the floaters, exchanges, transpositions, colour conflicts and
refused rematches the correct pairing needs; the generator tries derived seeds (at most
``MAX_TRIES``, always in the same order) until the profile the question asks for is met, and
otherwise keeps the closest try. The same parameters and seed always give the same variant.

Pinning: ``VERSION`` is stored in the question's body; a change of what a seed gives is a new
version registered in ``VERSIONS`` beside the old one (as questions/computed does).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tournaments.swiss.checker import colour_history
from tournaments.swiss.colours import allocate
from tournaments.swiss.engine import PairingImpossible, RoundPairing, collector_paused, pair_round
from tournaments.swiss.explain import explain_round
from tournaments.trf import HALF_POINTS, RoundEntry, TrfPlayer, TrfTournament, points_of

VERSION = 1
VERSIONS = (1,)
MAX_TRIES = 12
FEATURES = ("floaters", "colour_conflicts", "rematch_trap", "bye", "forfeit", "withdrawal", "late_entry")
ACCELERATIONS = ("haley", "degressif", "baku")
OPPOSITE = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+"}

FIRST_NAMES = {
    "m": (
        "Adrien",
        "Bastien",
        "Cédric",
        "Dimitri",
        "Émile",
        "Farid",
        "Gaël",
        "Hugo",
        "Ilan",
        "Jules",
        "Kenji",
        "Loïc",
        "Malik",
        "Nicolas",
        "Olivier",
        "Pablo",
        "Quentin",
        "Rémi",
        "Sacha",
        "Thibault",
        "Ugo",
        "Victor",
        "Wassim",
        "Yann",
        "Zoltan",
        "Arnaud",
        "Baptiste",
        "Mathis",
        "Lucas",
        "Nathan",
    ),
    "f": (
        "Agathe",
        "Bérénice",
        "Chloé",
        "Dounia",
        "Elsa",
        "Fanny",
        "Gwen",
        "Hélène",
        "Inès",
        "Jade",
        "Katia",
        "Léa",
        "Maëlle",
        "Noémie",
        "Océane",
        "Pauline",
        "Rosa",
        "Salomé",
        "Tatiana",
        "Vanessa",
        "Yasmine",
        "Zoé",
        "Aïcha",
        "Clémence",
        "Lina",
        "Manon",
        "Nadia",
        "Sarah",
        "Anouk",
        "Mila",
    ),
}
SURNAMES = (
    "Arnaud",
    "Benali",
    "Carpentier",
    "Delorme",
    "Étienne",
    "Fontaine",
    "Giraud",
    "Hoarau",
    "Ibáñez",
    "Jacquet",
    "Kowalski",
    "Lefèvre",
    "Marchand",
    "Nguyen",
    "Olivier",
    "Perrin",
    "Quéré",
    "Rousseau",
    "Sanchez",
    "Tessier",
    "Urvoy",
    "Vidal",
    "Weber",
    "Yilmaz",
    "Zimmermann",
    "Bonnet",
    "Chevalier",
    "Dubois",
    "Garnier",
    "Lambert",
    "Mercier",
    "Roux",
    "Le Goff",
    "Traoré",
)


class VariantError(ValueError):
    """The parameters cannot give a tournament (too few players for the rounds asked)."""


@dataclass(frozen=True)
class Profile:
    """What the correct pairing of the round needs, read off the engine's explanation."""

    floaters: int = 0
    exchanges: int = 0
    transpositions: int = 0
    colour_conflicts: int = 0
    rematch_refusals: int = 0
    byes: int = 0

    def as_json(self) -> dict:
        return {key: getattr(self, key) for key in self.__dataclass_fields__}


@dataclass(frozen=True)
class Variant:
    tournament: TrfTournament  # rounds 1..round-1 and the absences announced for ``round``
    round: int
    withdrawn: tuple[int, ...]
    profile: Profile
    tries: int
    # The engine's pairing of ``round``, computed to measure the profile: kept so the grading
    # need not pair the round again. Server side only (never shown before the correction).
    pairing: RoundPairing | None = None


def measure(
    tournament: TrfTournament, round_number: int, virtual=None, pairing: RoundPairing | None = None
) -> Profile:
    """The profile of the engine's pairing of ``round_number`` (explain.py's steps counted)."""
    steps = explain_round(tournament, round_number=round_number, virtual=virtual, pairing=pairing).steps
    kinds = [step.kind for step in steps]
    initial = [step for step in steps if step.kind == "initial"]
    return Profile(
        floaters=sum(1 for kind in kinds if kind.startswith("float.")),
        exchanges=kinds.count("exchange"),
        transpositions=kinds.count("transposition"),
        colour_conflicts=sum(len(step.params.get("clashes", ())) for step in initial),
        rematch_refusals=sum(len(step.params.get("refused", ())) for step in initial)
        + kinds.count("float.incompatible"),
        byes=kinds.count("bye"),
    )


def wanted(params: dict) -> Profile:
    """The minimum profile the question's parameters ask for."""
    features = set(params.get("features") or ())
    return Profile(
        floaters=max(int(params.get("min_floaters") or 0), 1 if "floaters" in features else 0),
        exchanges=int(params.get("min_exchanges") or 0),
        transpositions=int(params.get("min_transpositions") or 0),
        colour_conflicts=1 if "colour_conflicts" in features else 0,
        rematch_refusals=1 if "rematch_trap" in features else 0,
        byes=1 if "bye" in features else 0,
    )


def shortfall(profile: Profile, target: Profile) -> int:
    return sum(max(0, getattr(target, key) - getattr(profile, key)) for key in target.__dataclass_fields__)


def virtual_for(tournament: TrfTournament, round_number: int, acceleration: str):
    if not acceleration:
        return None
    from tournaments.swiss.acceleration import virtual_schedule

    return virtual_schedule(tournament, round_number, acceleration)


def generate(params: dict, seed: int) -> Variant:
    """The variant of ``params`` for ``seed`` (see the module docstring)."""
    version = params.get("version", VERSION)
    if version not in VERSIONS:
        raise VariantError(f"unknown generator version {version}")
    target = wanted(params)
    best: Variant | None = None
    best_gap = None
    with collector_paused():
        for attempt in range(MAX_TRIES):
            rng = random.Random(f"pairing:{version}:{seed}:{attempt}")  # noqa: S311 - exercises, not secrets
            try:
                tournament, round_number, withdrawn = draw(rng, params)
                virtual = virtual_for(tournament, round_number, params.get("acceleration") or "")
                engine = pair_round(tournament, round_number=round_number, virtual=virtual)
                profile = measure(tournament, round_number, virtual, pairing=engine)
            except PairingImpossible:
                continue
            gap = shortfall(profile, target)
            if best_gap is None or gap < best_gap:
                best = Variant(tournament, round_number, withdrawn, profile, attempt + 1, engine)
                best_gap = gap
            if gap == 0:
                break
    if best is None:
        raise VariantError("no pairable tournament with these parameters")
    return best


def draw(rng: random.Random, params: dict) -> tuple[TrfTournament, int, tuple[int, ...]]:
    """One tournament before round ``params["round"]``; returns it, the round and the withdrawn."""
    size = int(params.get("players", 12))
    round_number = int(params.get("round", 3))
    rounds_to_pair = int(params.get("rounds_to_pair", 1))
    features = set(params.get("features") or ())
    played = round_number - 1
    if size < 4 or size < round_number + rounds_to_pair + 1:
        raise VariantError("too few players for the rounds asked")
    players = draw_players(rng, size)
    numbers = [p.number for p in players]
    late = rng.choice(numbers[size // 2 :]) if "late_entry" in features and played >= 2 else 0
    late_from = rng.randint(2, played) if late else 0
    withdrawn = rng.choice([n for n in numbers if n != late]) if "withdrawal" in features else 0
    forfeit_round = rng.randint(1, played) if "forfeit" in features and played else 0
    rounds: dict[int, list[RoundEntry]] = {n: [] for n in numbers}
    ratings = {p.number: p.rating for p in players}
    for number in range(1, played + 1):
        absent = {late} if late and number < late_from else set()
        _play_round(rng, rounds, ratings, absent, forfeit=number == forfeit_round)
    following: dict[int, RoundEntry] = {}
    if withdrawn:
        following[withdrawn] = RoundEntry(0, "-", "-")
    present = [n for n in numbers if n not in following]
    if ("bye" in features) != (len(present) % 2 == 1):
        # The parity the question asks for: one player asked for a half-point bye this round.
        chosen = rng.choice([n for n in present if n != late])
        following[chosen] = RoundEntry(0, "-", "H")
    for n, entry in following.items():
        rounds[n].append(entry)
    built = tuple(
        replace(
            p,
            rounds=tuple(rounds[p.number]),
            points=points_of(rounds[p.number][:played]),
        )
        for p in players
    )
    planned = round_number + rounds_to_pair - 1 + rng.randint(0, 2)
    tournament = TrfTournament(
        players=built,
        name="Open",
        planned_rounds=max(planned, round_number + 1),
        initial_colour=rng.choice(("white1", "black1")),
    )
    return tournament, round_number, (withdrawn,) if withdrawn else ()


def draw_players(rng: random.Random, size: int) -> list[TrfPlayer]:
    top = rng.randrange(1900, 2450, 10)
    ratings = sorted({top - rng.randrange(0, 60 * size, 5) for _ in range(size * 2)}, reverse=True)[:size]
    while len(ratings) < size:
        ratings.append(ratings[-1] - 5)
    ratings.sort(reverse=True)
    used: set[str] = set()
    players = []
    for number, rating in enumerate(ratings, start=1):
        sex = rng.choice("mf")
        while True:
            name = f"{rng.choice(SURNAMES)}, {rng.choice(FIRST_NAMES[sex])}"
            if name not in used:
                used.add(name)
                break
        players.append(
            TrfPlayer(
                number=number,
                name=name,
                sex=sex,
                title=_title(rng, rating, sex),
                rating=rating,
                federation=rng.choice(("FRA", "FRA", "FRA", "BEL", "SUI", "ESP")),
            )
        )
    return players


def _title(rng: random.Random, rating: int, sex: str) -> str:
    if rating >= 2450:
        return rng.choice(("GM", "IM"))
    if rating >= 2300:
        return rng.choice(("IM", "FM", "WGM" if sex == "f" else "FM"))
    if rating >= 2150 and rng.random() < 0.5:
        return "WIM" if sex == "f" else "FM"
    if rating >= 2050 and sex == "f" and rng.random() < 0.4:
        return "WFM"
    return ""


def draw_result(rng: random.Random, white_rating: int, black_rating: int) -> str:
    """A result drawn by the rating difference: the stronger player wins more often."""
    edge = max(-0.3, min(0.3, (white_rating - black_rating) / 1000))
    roll = rng.random()
    if roll < 0.38 + edge:
        return "1"
    if roll < 0.70 + edge / 2:
        return "="
    return "0"


def _play_round(
    rng: random.Random, rounds, ratings: dict[int, int], absent: set[int], *, forfeit: bool
) -> None:
    """One round as a Swiss pairs it: score groups from the top, each player against the first
    one below not met yet (backtracking), colours by E.1–E.5, the bye to the lowest player
    without a point scored without playing."""
    numbers = sorted(rounds)
    for n in absent:
        rounds[n].append(RoundEntry(0, "-", "Z"))
    history = {n: TrfPlayer(number=n, rounds=tuple(rounds[n])) for n in numbers}
    halves = {n: sum(HALF_POINTS.get(entry.result, 0) for entry in rounds[n]) for n in numbers}  # 2 × score
    order = sorted((n for n in numbers if n not in absent), key=lambda n: (-halves[n], n))
    met = {n: {e.opponent for e in rounds[n] if e.opponent} for n in numbers}
    bye = None
    if len(order) % 2:
        spared = {n for n in numbers for e in rounds[n] if e.gives_point_without_playing}
        bye = next((n for n in reversed(order) if n not in spared), order[-1])
        order.remove(bye)
    pairs = _pair(order, met, rng)
    if pairs is None:
        raise PairingImpossible("history")
    sequences = {n: colour_history(history[n]) for n in numbers}
    if bye is not None:
        rounds[bye].append(RoundEntry(0, "-", "U"))
    forfeited = rng.randrange(len(pairs)) if forfeit and pairs else -1
    for index, (high, low) in enumerate(pairs):
        board = allocate(high, low, sequences)
        if index == forfeited:
            result = rng.choice("+-")
        else:
            result = draw_result(rng, ratings[board.white], ratings[board.black])
        rounds[board.white].append(RoundEntry(board.black, "w", result))
        rounds[board.black].append(RoundEntry(board.white, "b", OPPOSITE[result]))


def _pair(order: list[int], met: dict[int, set[int]], rng: random.Random, depth: int = 0):
    if not order:
        return []
    first, rest = order[0], order[1:]
    # Mostly the natural Swiss opponent (half the group down), sometimes the next ones.
    start = min(len(rest) - 1, max(0, len(rest) // 4 + rng.randint(-1, 1))) if depth < 40 else 0
    candidates = rest[start:] + rest[:start]
    for other in candidates:
        if other in met[first]:
            continue
        tail = _pair([n for n in rest if n != other], met, rng, depth + 1)
        if tail is not None:
            return [(first, other), *tail]
    return None


def with_results(
    tournament: TrfTournament, pairing: RoundPairing, rng: random.Random, *, withdrawn: tuple[int, ...] = ()
) -> TrfTournament:
    """The tournament after ``pairing`` is played (results drawn by rating), with the
    withdrawn players announced absent from the next round."""
    number = pairing.round
    base = tournament.up_to(number - 1)
    entries: dict[int, RoundEntry] = {}
    for white, black in pairing.pairs:
        result = draw_result(rng, base.player(white).rating, base.player(black).rating)
        entries[white] = RoundEntry(black, "w", result)
        entries[black] = RoundEntry(white, "b", OPPOSITE[result])
    for player in pairing.byes:
        entries[player] = RoundEntry(0, "-", "U")
    players = []
    for player in base.players:
        entry = (
            entries.get(player.number) or tournament.entry(player.number, number) or RoundEntry(0, "-", "Z")
        )
        rounds_ = (*player.rounds, entry)
        if player.number in withdrawn:
            rounds_ = (*rounds_, RoundEntry(0, "-", "-"))
        players.append(replace(player, rounds=rounds_, points=points_of(rounds_[:number])))
    return replace(base, players=tuple(players))

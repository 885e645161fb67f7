"""How the engine's round is reached, step by step, in the Livre's terms (4.1, Dutch system).

We do not re-run the Dutch optimiser: the engine (gacrux, engine.py) pairs the round, and
:func:`explain_round` reconstructs a bracket-by-bracket account that leads to exactly that
pairing. For each score group, from the highest (A.2: score, then pairing number):

- who is in it: its residents and the moved-down players (MDPs) floating into it;
- in a heterogeneous group, S1 = the MDPs paired here, S2 = the residents; MDPs not paired
  here are in the Limbo and float on; the residents left form the remainder;
- in a homogeneous group (or the remainder), with p pairs to make, S1 = its first p players
  and S2 the others (B.2); the initial pairing S1[i]–S2[i] and what rules it out (already met,
  both absolute for the same colour); the exchange between S1 and S2 (D.2) and the
  transposition of S2 (D.1) that turn it into the engine's pairs;
- who is left unpaired and floats down, and why (alone, incompatible, odd number, or the
  engine's choice for the next groups);
- then the colour of each board with the rule that decides it (E.1–E.5), and the bye.

Every step is data (kind, players, rule, params) with ``render(language)``; :func:`replay`
rebuilds the round from the steps' data alone, and must give the engine's round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.swiss import explain_text as T
from tournaments.swiss.checker import colour_history, previous_floats
from tournaments.swiss.colours import ABSOLUTE, allocate, preference
from tournaments.swiss.engine import (
    RoundPairing,
    VirtualPoints,
    absent_in,
    pair_round,
    pairing_scores,
    point_without_playing,
    rounds_paired,
    top_colour,
)
from tournaments.trf import TrfTournament


class ReplayError(ValueError):
    """The steps do not describe one consistent round."""


@dataclass(frozen=True)
class Step:
    kind: str
    players: tuple[int, ...]
    rule: str = ""
    params: dict = field(default_factory=dict)

    def render(self, language: str = "fr") -> str:
        return _RENDER[self.kind](self, language)

    def as_json(self, language: str = "fr") -> dict:
        return {
            "kind": self.kind,
            "players": list(self.players),
            "rule": self.rule,
            "params": self.params,
            "text": self.render(language),
        }

    @classmethod
    def from_json(cls, data: dict) -> Step:
        """The step stored as :meth:`as_json` gave it (its text aside, rendered again in the
        reader's language): tuples read back as lists render the same sentences."""
        return cls(data["kind"], tuple(data["players"]), data.get("rule", ""), data.get("params", {}))


@dataclass(frozen=True)
class Explanation:
    round: int
    pairing: RoundPairing
    steps: tuple[Step, ...]

    def as_json(self, language: str = "fr") -> dict:
        return {**self.pairing.as_json(), "steps": [step.render(language) for step in self.steps]}


def explain_round(
    tournament: TrfTournament,
    *,
    round_number: int | None = None,
    pairing: RoundPairing | None = None,
    virtual: VirtualPoints | None = None,
) -> Explanation:
    """Explain ``pairing`` (by default the engine's) as round ``round_number`` of the file
    (by default the round after the last one paired)."""
    number = round_number or rounds_paired(tournament) + 1
    pairing = pairing or pair_round(tournament, round_number=number, virtual=virtual)
    return Explanation(number, pairing, tuple(_Account(tournament, number, pairing, virtual).steps()))


def replay(steps, round_number: int = 0) -> RoundPairing:
    """The round the steps describe, rebuilt from their data only: the pairs of the "pairs"
    steps (S1[i] against S2[i]), coloured and ordered by the "colour" steps, and the byes."""
    formed: set[frozenset[int]] = set()
    for step in steps:
        if step.kind == "pairs":
            s1, s2 = step.params["s1"], step.params["s2"]
            for a, b in zip(s1, s2, strict=False):
                formed.add(frozenset((a, b)))
    boards = [(s.params["white"], s.params["black"]) for s in steps if s.kind == "colour"]
    coloured = {frozenset(board) for board in boards}
    if coloured != formed or len(coloured) != len(boards):
        raise ReplayError("the colour steps do not match the pairs formed")
    byes = tuple(step.players[0] for step in steps if step.kind == "bye")
    seated = [p for board in boards for p in board] + list(byes)
    if len(seated) != len(set(seated)):
        raise ReplayError("a player is seated twice")
    return RoundPairing(round_number, tuple(boards), byes)


class _Account:
    def __init__(
        self, tournament: TrfTournament, number: int, pairing: RoundPairing, virtual: VirtualPoints | None
    ) -> None:
        self.history = tournament.up_to(number - 1)
        self.absent = absent_in(tournament, number)
        self.scores = pairing_scores(self.history, number, virtual)
        self.ranks = {n: (-score, n) for n, score in self.scores.items()}
        self.present = sorted(set(self.history.numbers()) - self.absent, key=self.rank)
        self.pairing = pairing
        self.partner = dict(pairing.pairs) | {b: a for a, b in pairing.pairs}
        self.sequences = {n: colour_history(self.history.player(n)) for n in self.history.numbers()}
        self.initial_colour = top_colour(tournament)
        self.last_floats = previous_floats(self.history)
        self.floats_before_last = previous_floats(self.history.up_to(max(number - 2, 0)))
        last = bool(tournament.planned_rounds) and number == tournament.planned_rounds
        self.topscorers = {n for n in self.present if last and self.history.player(n).score * 2 > number - 1}
        self.met: dict[frozenset[int], int] = {}
        for player in self.history.players:
            for index, entry in enumerate(player.rounds):
                if entry.played:
                    self.met[frozenset((player.number, entry.opponent))] = index + 1

    def rank(self, number: int) -> tuple:
        return self.ranks[number]

    def sort(self, numbers) -> list[int]:
        return sorted(numbers, key=self.rank)

    def steps(self) -> list[Step]:
        steps: list[Step] = []
        if self.absent:
            steps.append(Step("absent", tuple(sorted(self.absent)), "C.04.1"))
        by_score: dict = {}
        for n in self.present:
            by_score.setdefault(self.scores[n], []).append(n)
        groups = [[str(level), by_score[level]] for level in sorted(by_score, reverse=True)]
        steps.append(Step("groups", tuple(self.present), "A.2", {"groups": groups}))
        carried: list[int] = []
        for index, (level, residents) in enumerate(groups):
            incoming = self.sort(carried)
            if index == len(groups) - 2 and self._collapses(incoming, residents):
                last_level, last_residents = groups[-1]
                members = self.sort(incoming + residents + last_residents)
                steps.append(
                    Step(
                        "collapse",
                        tuple(members),
                        "A.9",
                        {"score": level, "last": last_level, "mdps": incoming},
                    )
                )
                carried = self._bracket([], members, steps, last=True)
                break
            steps.append(
                Step(
                    "bracket",
                    (*incoming, *residents),
                    "A.3",
                    {"score": level, "residents": residents, "mdps": incoming},
                )
            )
            carried = self._bracket(incoming, residents, steps, last=index == len(groups) - 1)
        for player in carried:
            skipped = [
                n
                for n in self.present
                if self.rank(n) > self.rank(player) and point_without_playing(self.history, n)
            ]
            steps.append(Step("bye", (player,), "C.04.1 c", {"skipped": skipped}))
        steps += self._colours()
        return steps

    # -- brackets -----------------------------------------------------------------------
    def _collapses(self, incoming: list[int], residents: list[int]) -> bool:
        """The last-but-one group (PPB) is merged with the last one (collapsed last bracket,
        A.9 and C.4) when its own pairing cannot be explained on its own: an MDP left in the
        Limbo though compatible, or a player floating down only to complete the round."""
        scratch: list[Step] = []
        self._bracket(incoming, residents, scratch, last=False)
        return any(step.kind in ("limbo", "float.chosen") for step in scratch)

    def _bracket(
        self, incoming: list[int], residents: list[int], steps: list[Step], *, last: bool
    ) -> list[int]:
        members = self.sort(incoming + residents)
        floaters: list[int] = []
        remainder = residents
        if incoming:
            paired = [m for m in incoming if self.partner.get(m) in residents]
            between = [m for m in incoming if self.partner.get(m) in incoming]
            limbo = [m for m in incoming if m not in paired and m not in between]
            if paired:
                self._pair(paired, residents, "mdp", steps)
            partners = {self.partner[m] for m in paired}
            if limbo:
                steps.append(Step("limbo", tuple(limbo), "B.3"))
            floaters += limbo
            remainder = self.sort([r for r in residents if r not in partners] + between)
            part = "remainder" if paired else "homogeneous"
        else:
            part = "homogeneous"
        inside = [n for n in remainder if self.partner.get(n) in remainder]
        pairs_count = len(inside) // 2
        left = [n for n in remainder if n not in inside]
        if pairs_count:
            s1, s2 = remainder[:pairs_count], remainder[pairs_count:]
            self._pair(s1, s2, part, steps)
        if not last:
            for player in left:
                steps.append(self._float(player, members, remainder, left))
        return self.sort(floaters + left)

    def _pair(self, s1: list[int], s2: list[int], part: str, steps: list[Step]) -> None:
        """S1 against S2, then the exchange and the transposition leading to the engine's pairs."""
        count = len(s1)
        steps.append(Step(f"split.{part}", (*s1, *s2), "B.2", {"s1": s1, "s2": s2, "count": count}))
        initial = list(zip(s1, s2, strict=False))
        refused = [r for r in (self._incompatibility(a, b) for a, b in initial) if r]
        refused_pairs = [r["pair"] for r in refused]
        clashes = [
            {"pair": [a, b], "colour": preference(self.sequences[a]).colour}
            for a, b in initial
            if [a, b] not in refused_pairs
            and self.partner.get(a) != b
            and preference(self.sequences[a]).colour
            and preference(self.sequences[a]).colour == preference(self.sequences[b]).colour
        ]
        kept = all(self.partner.get(a) == b for a, b in initial)
        steps.append(
            Step(
                "initial",
                (*s1, *s2),
                "B.1",
                {"pairs": initial, "refused": refused, "clashes": clashes, "kept": kept},
            )
        )
        pool = s1 + s2
        if part != "mdp":
            chosen = self.sort(
                {min(a, self.partner[a], key=self.rank) for a in s1 + s2 if self.partner.get(a) in pool}
            )
            if set(chosen) != set(s1):
                out = self.sort(set(s1) - set(chosen))
                into = self.sort(set(chosen) - set(s1))
                s1, s2 = chosen, self.sort(set(pool) - set(chosen))
                steps.append(
                    Step("exchange", (*out, *into), "D.2", {"out": out, "into": into, "s1": s1, "s2": s2})
                )
        arranged = [self.partner[a] for a in s1]
        arranged += [b for b in s2 if b not in arranged]
        if arranged != s2:
            steps.append(Step("transposition", tuple(s2), "D.1", {"before": s2, "after": arranged}))
        steps.append(Step("pairs", (*s1, *arranged[:count]), "C.6", {"s1": s1, "s2": arranged[:count]}))

    def _incompatibility(self, a: int, b: int) -> dict | None:
        if frozenset((a, b)) in self.met:
            return {"pair": [a, b], "reason": "met", "round": self.met[frozenset((a, b))]}
        pa, pb = preference(self.sequences[a]), preference(self.sequences[b])
        if (
            pa.strength == pb.strength == ABSOLUTE
            and pa.colour == pb.colour
            and not ({a, b} & self.topscorers)
        ):
            return {"pair": [a, b], "reason": "colour", "colour": pa.colour}
        return None

    def _float(self, player: int, members: list[int], pool: list[int], left: list[int]) -> Step:
        others = [n for n in members if n != player]
        reasons = [self._incompatibility(player, n) for n in others]
        if not others:
            return Step("float.alone", (player,), "A.4")
        if all(reasons):
            return Step("float.incompatible", (player,), "C.1", {"reasons": reasons})
        if len(pool) % 2 == 1 and left == [player] and pool[-1] == player:
            return Step("float.odd", (player,), "A.4")
        lower = [n for n in pool if self.rank(n) > self.rank(player)]
        previous = [n for n in lower if self.last_floats.get(n) == "down"]
        before = [n for n in lower if self.floats_before_last.get(n) == "down" and n not in previous]
        return Step(
            "float.chosen",
            (player,),
            "C.12",
            {"previous": previous, "before_last": before, "reasons": [r for r in reasons if r]},
        )

    # -- colours ------------------------------------------------------------------------
    def _colours(self) -> list[Step]:
        steps = []
        for board, (white, black) in enumerate(self.pairing.pairs, 1):
            high, low = self.sort((white, black))
            allocation = allocate(high, low, self.sequences, initial_colour=self.initial_colour)
            rule = allocation.rule if (allocation.white, allocation.black) == (white, black) else "engine"
            prefs = {str(n): preference(self.sequences[n]).as_json() for n in (high, low)}
            steps.append(
                Step(
                    "colour",
                    (white, black),
                    rule,
                    {
                        "board": board,
                        "white": white,
                        "black": black,
                        "high": high,
                        "prefs": prefs,
                        "detail": allocation.detail if rule != "engine" else {},
                    },
                )
            )
        return steps


# -- rendering ----------------------------------------------------------------------------
def _prefs(params: dict, language: str) -> str:
    parts = []
    # The higher-ranked player first: a JSON object read back from PostgreSQL's jsonb has its
    # keys in jsonb's own order, not in the order they were written.
    high = str(params.get("high"))
    for player, pref in sorted(params["prefs"].items(), key=lambda item: item[0] != high):
        if pref["colour"]:
            parts.append(
                T.text(
                    "pref",
                    language,
                    player=player,
                    colour=T.word(pref["colour"], language),
                    strength=T.word(pref["strength"], language),
                )
            )
        else:
            parts.append(T.text("pref.none", language, player=player))
    return " ; ".join(parts) if language == "fr" else "; ".join(parts)


def _reason(reason: dict, language: str) -> str:
    a, b = reason["pair"]
    if reason["reason"] == "met":
        what = T.word("met", language).format(round=reason["round"])
    else:
        what = T.word("colour", language).format(colour=T.word(reason["colour"], language))
    return f"{a}–{b} ({what})"


def _render_colour(step: Step, language: str) -> str:
    p = step.params
    detail = p.get("detail", {})
    key = "colour.E.2.wider" if step.rule == "E.2" and detail.get("wider") else f"colour.{step.rule}"
    values = {"prefs": _prefs(p, language), "player": detail.get("player", p["high"])}
    if step.rule == "E.2":
        pref = p["prefs"][str(p["high"])]
        values["colour"] = T.word(pref["colour"], language) if pref["colour"] else ""
    if step.rule == "E.3":
        values["games_back"] = detail["games_back"]
    if step.rule == "E.5":
        values["parity"] = T.text("odd" if detail["odd"] else "even", language)
        high = p["high"]
        values["colour"] = T.word("w" if p["white"] == high else "b", language)
    why = T.text(key, language, **values)
    return T.text("colour", language, board=p["board"], white=p["white"], black=p["black"], why=why)


def _render_initial(step: Step, language: str) -> str:
    p = step.params
    reasons = ""
    if p["refused"]:
        reasons = T.text(
            "initial.reasons", language, reasons=", ".join(_reason(r, language) for r in p["refused"])
        )
    clashes = p.get("clashes", [])
    if clashes and not p["kept"]:
        shown = ", ".join(
            f"{a}–{b} ({T.text('initial.same', language, colour=T.word(c['colour'], language))})"
            for (a, b), c in ((c["pair"], c) for c in clashes)
        )
        reasons += T.text("initial.clashes", language, pairs=shown)
    if p["kept"]:
        reasons = T.text("initial.ok", language)
    elif not reasons:
        reasons = T.text("initial.other", language)
    return T.text("initial", language, pairs=T.pairs(p["pairs"]), reasons=reasons)


def _render_bracket(step: Step, language: str) -> str:
    p = step.params
    mdps = T.text("bracket.mdps", language, mdps=T.players(p["mdps"], language)) if p["mdps"] else ""
    return T.text(
        "bracket",
        language,
        score=T.score(p["score"], language),
        residents=T.players(p["residents"], language),
        mdps=mdps,
    )


def _render_groups(step: Step, language: str) -> str:
    shown = "; ".join(
        f"{T.score(score, language)} : {T.sequence(members)}" for score, members in step.params["groups"]
    )
    if language == "en":
        shown = shown.replace(" : ", ": ")
    return T.text("groups", language, groups=shown)


def _render_split(step: Step, language: str) -> str:
    p = step.params
    return T.text(step.kind, language, s1=T.sequence(p["s1"]), s2=T.sequence(p["s2"]), count=p["count"])


def _render_float_chosen(step: Step, language: str) -> str:
    previous = step.params["previous"]
    extra = T.text("float.previous", language, players=T.players(previous, language)) if previous else ""
    before = step.params.get("before_last", [])
    if before:
        extra += T.text("float.before_last", language, players=T.players(before, language))
    if step.params["reasons"]:
        reasons = ", ".join(_reason(r, language) for r in step.params["reasons"])
        extra = T.text("float.refused", language, reasons=reasons) + extra
    return T.text("float.chosen", language, player=step.players[0], previous=extra)


def _render_collapse(step: Step, language: str) -> str:
    p = step.params
    return T.text(
        "collapse",
        language,
        score=T.score(p["score"], language),
        last=T.score(p["last"], language),
        players=T.sequence(step.players),
    )


def _render_float_incompatible(step: Step, language: str) -> str:
    reasons = ", ".join(_reason(r, language) for r in step.params["reasons"])
    return T.text("float.incompatible", language, player=step.players[0], reasons=reasons)


def _render_bye(step: Step, language: str) -> str:
    skipped = step.params["skipped"]
    extra = T.text("bye.skipped", language, players=T.players(skipped, language)) if skipped else ""
    return T.text("bye", language, player=step.players[0], skipped=extra)


_RENDER = {
    "absent": lambda s, lang: T.text("absent", lang, players=T.players(s.players, lang)),
    "groups": _render_groups,
    "bracket": _render_bracket,
    "collapse": _render_collapse,
    "split.mdp": _render_split,
    "split.homogeneous": _render_split,
    "split.remainder": _render_split,
    "initial": _render_initial,
    "exchange": lambda s, lang: T.text(
        "exchange",
        lang,
        out=T.players(s.params["out"], lang),
        into=T.players(s.params["into"], lang),
        s1=T.sequence(s.params["s1"]),
        s2=T.sequence(s.params["s2"]),
    ),
    "transposition": lambda s, lang: T.text(
        "transposition", lang, before=T.sequence(s.params["before"]), after=T.sequence(s.params["after"])
    ),
    "pairs": lambda s, lang: T.text(
        "pairs", lang, pairs=T.pairs(zip(s.params["s1"], s.params["s2"], strict=False))
    ),
    "limbo": lambda s, lang: T.text("limbo", lang, players=T.players(s.players, lang)),
    "float.alone": lambda s, lang: T.text("float.alone", lang, player=s.players[0]),
    "float.odd": lambda s, lang: T.text("float.odd", lang, player=s.players[0]),
    "float.incompatible": _render_float_incompatible,
    "float.chosen": _render_float_chosen,
    "colour": _render_colour,
    "bye": _render_bye,
}

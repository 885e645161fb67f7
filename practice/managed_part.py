"""The UVT mock's managed-tournament part (issue 20, "the software part").

When a trainee starts a UVT mock whose blueprint sets the part (``Blueprint.managed_players``),
a short tournament is made for that attempt: its own players, drawn from the attempt's seed
(two trainees never share one), owned by the trainee and run in the real tournament manager.
The statement gives the tasks in the Livre's terms: pair each round with the engine, enter the
results given board by board (one a forfeit), record a withdrawal, register a late entry with
the bye the rules give him, choose the stated tie-breaks for the standings.

At hand-in (``grade``), the tournament's state is graded on the server: each round against the
engine's pairing of the same inputs, each result against the one given, the forfeit, the
withdrawal, the late entry's bye and the tie-breaks as stated. The scale is in ``UNITS`` (units
of the part's points, stated to the trainee beside each task); the tournament is frozen first.
Each round to pair keeps, with its grade, the engine's round it was compared with explained step
by step (as data, rendered in the reader's language by the correction): nothing of it exists
before the hand-in.
"""

from __future__ import annotations

import random
from decimal import ROUND_HALF_UP, Decimal

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from delivery.models import Attempt, Purpose
from managed_tournaments import services as manager
from managed_tournaments.models import ByeKind, ManagedTournament, Result
from managed_tournaments.pairing import engine_round, rating_order, round_pairing
from managed_tournaments.permissions import freeze
from practice.models import ManagedPart
from tournaments.swiss.variants import draw_players, draw_result

# Units of the part's points per task (the scale stated beside each task).
UNITS = {"pair": 5, "results": 2, "forfeit": 1, "withdrawal": 1, "late_entry": 2, "tiebreaks": 2}
# Tie-breaks the statement asks for: subsets in the manager's order, none the default one.
TIEBREAK_SETS = (
    ["buchholz_median", "sonneborn_berger", "cumulative"],
    ["buchholz", "cumulative", "wins"],
    ["buchholz_cut", "sonneborn_berger", "average_rating"],
    ["buchholz_cut", "buchholz", "cumulative"],
)
GAME = {"1": Result.WHITE_WINS, "=": Result.DRAW, "0": Result.BLACK_WINS}


def part_for(attempt: Attempt) -> ManagedPart | None:
    return ManagedPart.objects.filter(attempt=attempt).select_related("tournament").first()


def statement_for(*, seed: int, players: int, rounds: int) -> tuple[dict, list]:
    """The part's statement for ``seed`` and the players to register (name, rating, title,
    federation, sex), the late entry left out."""
    rng = random.Random(f"managed-part:1:{seed}")  # noqa: S311 - an exercise, not a secret
    drawn = draw_players(rng, players + 1)
    late = drawn.pop(rng.randrange(players // 3, players + 1))
    withdrawn = rng.choice(drawn[1:])
    boards = players // 2
    results = {}
    for number in range(1, rounds + 1):
        results[str(number)] = [GAME[draw_result(rng, 2000, 2000)]
                                for _board in range(boards)]
    forfeit_board = rng.randint(1, boards)
    forfeit = rng.choice([Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN])
    results["1"][forfeit_board - 1] = forfeit
    statement = {
        "version": 1,
        "players": players,
        "rounds": rounds,
        "planned_rounds": max(5, rounds + 2),
        "boards": boards,
        "results": results,
        "forfeit": {"round": 1, "board": forfeit_board, "result": forfeit},
        "withdrawal": {"name": withdrawn.name, "from_round": 2},
        "late_entry": {"name": late.name, "rating": late.rating, "federation": late.federation,
                       "bye": rng.choice([ByeKind.HALF, ByeKind.ZERO]), "rounds": [1]},
        "tiebreaks": rng.choice(TIEBREAK_SETS),
    }
    return statement, drawn


@transaction.atomic
def set_part(*, attempt: Attempt, players: int, rounds: int, points: Decimal) -> ManagedPart:
    """Make the attempt's tournament (its players registered, no round paired) and its part.
    Only for a mock exam: in an exam the tournament tools are closed (delivery.middleware)."""
    if attempt.paper.purpose != Purpose.MOCK:
        raise ValidationError(_("La partie tournoi géré est réservée aux examens blancs."))
    statement, registered = statement_for(seed=attempt.seed, players=players, rounds=rounds)
    tournament = manager.create_tournament(
        owner=attempt.candidate,
        name=_("Examen blanc %(unit)s — tournoi géré") % {"unit": attempt.paper.unit or "UVT"},
        planned_rounds=statement["planned_rounds"],
        time_control="90 min + 30 s",
    )
    for player in registered:
        manager.add_player(tournament=tournament, name=player.name, rating=player.rating, title=player.title,
                           federation=player.federation, sex=player.sex)
    return ManagedPart.objects.create(attempt=attempt, tournament=tournament, rounds=rounds, points=points,
                                      statement=statement)


def tasks(part: ManagedPart) -> list[dict]:
    """The tasks in order, each with its key, units and points (the stated scale)."""
    keys = []
    for number in range(1, part.rounds + 1):
        keys += [("pair", number), ("results", number)]
        if number == 1:
            keys += [("forfeit", 1), ("withdrawal", 2), ("late_entry", 2)]
    keys.append(("tiebreaks", part.rounds))
    total = sum(UNITS[key] for key, _round in keys)
    return [{"key": key, "round": number, "units": UNITS[key],
             "points": _round(part.points * UNITS[key] / total)} for key, number in keys]


def _round(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


# --- grading ----------------------------------------------------------------------------------


def grade(part: ManagedPart, *, now=None) -> ManagedPart:
    """Grade the tournament's state and freeze it; a part already graded is left as it was."""
    if part.graded_at is not None:
        return part
    now = now or timezone.now()
    # Frozen before it is read, not after: a change the manager was still writing when the
    # copy was handed in can no longer land between the reading and the freeze unnoticed. The
    # freeze takes the tournament's row, as every change does (locked_for_change): a change
    # that holds it is committed first and graded; any change after it is refused.
    freeze(part.tournament_id, at=now)
    tournament = ManagedTournament.objects.get(pk=part.tournament_id)
    report, gained, total = [], Decimal(0), 0
    for task in tasks(part):
        extra = {}
        if task["key"] == "pair":
            share, faults, extra["explanation"] = _grade_pairing(tournament, task["round"])
        else:
            share, faults = GRADERS[task["key"]](part, tournament, task["round"])
        report.append({**task, "points": str(task["points"]), "share": str(share), "faults": faults, **extra})
        gained += Decimal(task["units"]) * share
        total += task["units"]
    with transaction.atomic():
        part.report = report
        part.marks = min(part.points, _round(part.points * gained / total))
        part.graded_at = now
        part.save(update_fields=["report", "marks", "graded_at"])
    return part


def _round_of(tournament: ManagedTournament, number: int):
    return tournament.rounds.filter(number=number).first()


def _grade_pairing(tournament, number) -> tuple[Decimal, list, dict]:
    """The round's share and faults against the engine's round on the same inputs, and that
    round explained step by step (``_explanation``), computed once from the same data."""
    round_ = _round_of(tournament, number)
    if round_ is None:
        return Decimal(0), [{"code": "not_paired", "round": number}], _explain_unpaired(tournament, number)
    proposed = round_pairing(round_)
    try:
        engine_run = engine_round(tournament, number)
    except ValidationError as error:
        reason = " ".join(error.messages)
        return (Decimal(0), [{"code": "engine_failed", "round": number, "reason": reason}],
                {"code": "engine_failed", "reason": reason})
    report = engine_run.check(proposed)
    engine = engine_run.pairing
    faults = [{"code": "absolute", "rule": v.rule, "message": v.message} for v in report.absolute]
    expected = [("pair", pair) for pair in engine.pairs] + [("bye", (n,)) for n in engine.byes]
    given = {("pair", pair) for pair in proposed.pairs} | {("bye", (n,)) for n in proposed.byes}
    correct = 0
    for kind, players in expected:
        if (kind, players) in given:
            correct += 1
        elif kind == "pair" and ("pair", players[::-1]) in given:
            faults.append({"code": "colours", "engine": list(players)})
        elif kind == "pair":
            faults.append({"code": "missing_board", "engine": list(players)})
        else:
            faults.append({"code": "missing_bye", "engine": players[0]})
    if faults:
        # The whole round the engine gives, for the trainee to compare board by board.
        faults.append({"code": "engine_pairing", "pairs": [list(pair) for pair in engine.pairs],
                       "byes": list(engine.byes)})
    explanation = _explanation(engine_run)
    if report.absolute:
        return Decimal(0), faults, explanation
    return Decimal(correct) / Decimal(len(expected) or 1), faults, explanation


def _explanation(engine_run, *, unpaired: bool = False) -> dict:
    """The engine's round and its steps as data (``Step.as_json``), rendered in the reader's
    language by the correction (``managed_part_text``): stored with the grade, never shown
    before it."""
    pairing = engine_run.pairing
    steps = [{key: value for key, value in step.as_json().items() if key != "text"}
             for step in engine_run.explain().steps]
    return {"pairs": [list(pair) for pair in pairing.pairs], "byes": list(pairing.byes), "steps": steps,
            "unpaired": unpaired}


def _explain_unpaired(tournament, number) -> dict:
    """A round the trainee did not pair is explained as the engine would have paired it from
    what the tournament holds, when it could be paired; otherwise why it could not."""
    last = tournament.last_round()
    if number != (last.number if last else 0) + 1:
        return {"code": "previous_unpaired", "round": number - 1}
    if last is not None and not last.is_complete():
        return {"code": "previous_incomplete", "round": last.number}
    players = list(tournament.players.order_by("number"))
    if number == 1 and rating_order(players) != players:
        return {"code": "not_numbered"}  # start numbers are given when round 1 is paired
    try:
        return _explanation(engine_round(tournament, number), unpaired=True)
    except ValidationError as error:
        return {"code": "engine_failed", "reason": " ".join(error.messages)}


def explanation_after_grading(part: ManagedPart, task: dict) -> dict | None:
    """The explanation of a round to pair for a part graded before explanations were stored with
    the grade (the task's report has none): computed now, as ``_grade_pairing`` would have, from
    the tournament, which is what the grading read (frozen before it, never changed after).

    Kept only if the engine still gives the round the grade was based on (the one the stored
    faults name, or the trainee's own when it was right): an engine changed since would explain
    a pairing the trainee was not marked against. Read-only, nothing written; cached, for the
    engine's run is the page's dearest part. None: a task of another kind, or nothing to show."""
    if task["key"] != "pair" or "explanation" in task or part.graded_at is None:
        return None
    key = f"managed-part-explanation:1:{part.pk}:{task['round']}:{part.graded_at.timestamp()}"
    cached = cache.get(key)
    if cached is None:
        cached = {"data": _explanation_after_grading(part, task)}
        cache.set(key, cached, timeout=None)
    return cached["data"]


def _explanation_after_grading(part: ManagedPart, task: dict) -> dict | None:
    tournament = ManagedTournament.objects.get(pk=part.tournament_id)
    number = task["round"]
    round_ = _round_of(tournament, number)
    if round_ is None:
        return _explain_unpaired(tournament, number)
    try:
        engine_run = engine_round(tournament, number)
    except ValidationError:
        return None  # the stored faults already say why the engine could not pair it
    graded_against = _graded_against(task, round_)
    pairing = engine_run.pairing
    if graded_against != ({tuple(pair) for pair in pairing.pairs}, set(pairing.byes)):
        return None
    return _explanation(engine_run)


def _graded_against(task: dict, round_) -> tuple[set, set] | None:
    """The engine's round (pairs, byes) the stored grade compared the trainee's with."""
    shown = next((fault for fault in task["faults"] if fault["code"] == "engine_pairing"), None)
    if shown is not None:
        return {tuple(pair) for pair in shown["pairs"]}, set(shown["byes"])
    if task["faults"]:
        return None
    proposed = round_pairing(round_)  # right as it stands: the trainee's round is the engine's
    return set(proposed.pairs), set(proposed.byes)


def _grade_results(part, tournament, number) -> tuple[Decimal, list]:
    round_ = _round_of(tournament, number)
    given = part.statement["results"][str(number)]
    skip = part.statement["forfeit"]["board"] if number == 1 else None  # its own task
    if round_ is None:
        return Decimal(0), [{"code": "not_paired", "round": number}]
    boards = {b.number: b.result for b in round_.boards.all()}
    counted = [n for n in range(1, max(len(given), len(boards)) + 1) if n != skip]
    faults, correct = [], 0
    for board in counted:
        wanted = given[board - 1] if board <= len(given) else None
        entered = boards.get(board)
        if wanted is not None and entered == wanted:
            correct += 1
        else:
            faults.append({"code": "result", "board": board, "given": wanted, "entered": entered})
    return Decimal(correct) / Decimal(len(counted) or 1), faults


def _grade_forfeit(part, tournament, number) -> tuple[Decimal, list]:
    forfeit = part.statement["forfeit"]
    round_ = _round_of(tournament, forfeit["round"])
    board = round_.boards.filter(number=forfeit["board"]).first() if round_ else None
    entered = board.result if board else None
    if entered == forfeit["result"]:
        return Decimal(1), []
    return Decimal(0), [{"code": "forfeit", "board": forfeit["board"], "given": forfeit["result"],
                         "entered": entered}]


def _grade_withdrawal(part, tournament, number) -> tuple[Decimal, list]:
    wanted = part.statement["withdrawal"]
    faults = []
    for player in tournament.players.exclude(withdrawn_from_round=None):
        if player.name != wanted["name"]:
            faults.append({"code": "wrong_withdrawal", "name": player.name})
    player = tournament.players.filter(name=wanted["name"]).first()
    if player is None or player.withdrawn_from_round != wanted["from_round"]:
        faults.insert(0, {"code": "withdrawal", "name": wanted["name"], "from_round": wanted["from_round"],
                          "entered": player.withdrawn_from_round if player else None})
    return (Decimal(0) if faults else Decimal(1)), faults


def _grade_late_entry(part, tournament, number) -> tuple[Decimal, list]:
    wanted = part.statement["late_entry"]
    player = tournament.players.filter(name=wanted["name"]).first()
    if player is None:
        return Decimal(0), [{"code": "late_missing", "name": wanted["name"]}]
    faults = []
    if player.rating != wanted["rating"]:
        faults.append({"code": "late_rating", "rating": wanted["rating"], "entered": player.rating})
    byes = {b.round_number: b.kind for b in player.byes.exclude(kind=ByeKind.PAIRING)}
    expected = dict.fromkeys(wanted["rounds"], wanted["bye"])
    if byes != expected:
        faults.append({"code": "late_bye", "bye": wanted["bye"], "rounds": wanted["rounds"],
                       "entered": [[r, k] for r, k in sorted(byes.items())]})
    return Decimal(2 - len(faults)) / 2, faults


def _grade_tiebreaks(part, tournament, number) -> tuple[Decimal, list]:
    wanted = part.statement["tiebreaks"]
    if tournament.tiebreak_list == wanted:
        return Decimal(1), []
    return Decimal(0), [{"code": "tiebreaks", "given": wanted, "entered": tournament.tiebreak_list}]


GRADERS = {"results": _grade_results, "forfeit": _grade_forfeit,
           "withdrawal": _grade_withdrawal, "late_entry": _grade_late_entry, "tiebreaks": _grade_tiebreaks}


# --- the attempt's total ------------------------------------------------------------------------


def grade_for_attempt(attempt: Attempt) -> None:
    """Called by the delivery engine when the attempt is graded (its hand-in)."""
    part = part_for(attempt)
    if part is not None and not attempt.is_open:
        grade(part)


def totals(attempt: Attempt) -> tuple[Decimal, Decimal | None]:
    """The part's (points, marks) for the attempt's total; (0, 0) without a part."""
    part = ManagedPart.objects.filter(attempt=attempt).only("points", "marks").first()
    if part is None:
        return Decimal(0), Decimal(0)
    return part.points, part.marks


class MockPart:
    """The part as ``delivery.parts`` sees it (registered in ``PracticeConfig.ready``)."""

    def grade(self, attempt: Attempt) -> None:
        grade_for_attempt(attempt)

    def totals(self, attempt: Attempt) -> tuple[Decimal, Decimal | None]:
        return totals(attempt)

    def context(self, attempt: Attempt, *, corrected: bool) -> dict | None:
        from practice import managed_part_text

        part = part_for(attempt)
        if part is None or (corrected and part.graded_at is None):
            return None
        rows = (managed_part_text.correction_rows if corrected else managed_part_text.statement_rows)(part)
        return {"part": part, "rows": rows}

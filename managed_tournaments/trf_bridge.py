"""A managed tournament to and from the TRF16 model of tournaments/trf.py.

The engine, the checker and the tie-breaks all read a ``TrfTournament``: the managed one is
turned into that model (every paired round, plus the absences announced for the next one),
and a TRF16 file becomes a managed tournament the same way back.
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.trf import RoundEntry, TrfPlayer, TrfTournament

TIME_CONTROL_RECORD = "122"  # TRF16: allotted time per moves/game


def to_trf(tournament, *, rounds: int | None = None) -> TrfTournament:
    """The tournament as TRF16 after ``rounds`` rounds (by default every paired round and the
    byes announced for the next one, which the engine reads as absences)."""
    paired = tournament.last_round_number()
    last = paired + 1 if rounds is None else min(rounds, paired)
    players = list(tournament.players.all())
    entries: dict[tuple[int, int], RoundEntry] = {}
    from managed_tournaments.models import TRF_CODES, Board

    boards = Board.objects.filter(round__tournament=tournament, round__number__lte=last).select_related(
        "round", "white", "black"
    )
    for board in boards:
        white_code, black_code = TRF_CODES[board.result]
        number = board.round.number
        entries[(board.white.number, number)] = RoundEntry(board.black.number, "w", white_code)
        entries[(board.black.number, number)] = RoundEntry(board.white.number, "b", black_code)
    for bye in tournament.byes.filter(round_number__lte=last).select_related("player"):
        entries[(bye.player.number, bye.round_number)] = RoundEntry(0, "-", bye.kind)
    trf_players = []
    for player in players:
        own: list[RoundEntry] = []
        for number in range(1, last + 1):
            entry = entries.get((player.number, number))
            if entry is None and number > paired and player.plays_in(number):
                break  # not announced absent in the round to pair: the engine pairs him
            own.append(entry or RoundEntry(0, "-", "-"))
        score = sum((e.score for e in own), Fraction(0))
        trf_players.append(
            TrfPlayer(
                number=player.number,
                name=player.name,
                sex=player.sex or " ",
                title=player.title,
                rating=player.rating,
                federation=player.federation.upper(),
                fide_id=player.fide_id,
                birth=player.birth,
                points=score,
                rounds=tuple(own),
            )
        )
    other = (f"{TIME_CONTROL_RECORD} {tournament.time_control}",) if tournament.time_control else ()
    return TrfTournament(
        players=tuple(trf_players),
        name=tournament.name,
        planned_rounds=tournament.planned_rounds,
        initial_colour=tournament.initial_colour,
        other_lines=other,
    )

"""What a pairing question shows: the situation before the round on the board (pairing cards
by the board component, standings), the rounds already handed in with their results revealed,
and the board itself. Nothing here reads an engine pairing of a round not handed in yet."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from questions.pairing import current_round, rounds_to_pair, scale_lines, situation_for, tournament_before
from questions.pairing.board import HAS_BOARD, TEMPLATE, board_context, format_pairing_text
from tournaments.swiss.checker import round_of
from tournaments.trf import TrfTournament

RESULT_TEXT = {
    "1": "1-0",
    "0": "0-1",
    "=": "½-½",
    "+": "1-0 F",
    "-": "0-1 F",
    "W": "1-0",
    "L": "0-1",
    "D": "½-½",
}


@dataclass(frozen=True)
class PairingView:
    """A pairing question's reference in a candidate's view: its body and the variant's seed."""

    body: dict
    seed: int


def points(value: Fraction) -> str:
    whole, half = divmod(value * 2, 2)
    return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"


def standings(tournament: TrfTournament, round_number: int) -> list[dict]:
    history = tournament.up_to(round_number - 1)
    ordered = sorted(history.players, key=lambda p: (-p.score, p.number))
    return [
        {
            "rank": rank,
            "number": p.number,
            "name": p.name,
            "title": p.title,
            "rating": p.rating,
            "score": points(p.score),
        }
        for rank, p in enumerate(ordered, 1)
    ]


def results(tournament: TrfTournament, number: int) -> list[str]:
    """Round ``number`` of ``tournament`` as boards with their results ("3 – 8 : 1-0")."""
    pairing = round_of(tournament, number)
    lines = []
    for white, black in pairing.pairs:
        entry = tournament.entry(white, number)
        lines.append(f"{white} – {black} : {RESULT_TEXT.get(entry.result, entry.result)}")
    lines += [_("%(player)s : exempt (1 point)") % {"player": player} for player in pairing.byes]
    return lines


def handed_rounds(view: PairingView, answer: dict | None) -> list[dict]:
    """The rounds handed in: the candidate's pairing as typed and the round as played (the
    engine's pairing with its results), revealed once handed in."""
    situation = situation_for(view.body, view.seed)
    handed = [r for r in (answer or {}).get("handed") or [] if isinstance(r, dict)]
    result = []
    for index, given in enumerate(handed[: situation.rounds_to_pair - 1]):
        number = situation.round + index
        after = tournament_before(view.body, view.seed, number + 1)
        result.append(
            {"round": number, "given": format_pairing_text(given), "played": results(after, number)}
        )
    return result


def question_context(
    question, response: dict | None, disabled: bool, *, confirm: bool = False, paper: bool = False
) -> dict:
    """``confirm``: the candidate asked to hand the round in; the page asks them to confirm,
    with the boards made and the players left unpaired (as "Submit all and finish" does).
    ``paper``: a grader types a paper copy in: its first round only, no round to hand in, as
    text, the candidate's faults included."""
    from tournaments.swiss.engine import absent_in

    view: PairingView = question.pairing
    situation = situation_for(view.body, view.seed)
    number = current_round(view.body, view.seed, response)
    tournament = tournament_before(view.body, view.seed, number)
    answer = response if isinstance(response, dict) else {}
    current = {"pairs": answer.get("pairs") or [], "byes": answer.get("byes") or []}
    last = situation.round + rounds_to_pair(view.body) - 1
    board = board_context(
        tournament=tournament,
        round_number=number,
        answer=current,
        field_name=question.input_name,
        virtual=situation.virtual(tournament, number),
        readonly=bool(disabled),
        as_written=paper,
    )
    present = len(tournament.players) - len(absent_in(tournament, number))
    seated = {player for pair in current["pairs"] for player in pair} | set(current["byes"])
    return {
        "question": question,
        "round": number,
        "boards_made": len(current["pairs"]),
        "unpaired": max(0, present - len(seated)),
        "confirm_hand_in": confirm and number < last and not disabled and not paper,
        "first_round": situation.round,
        "last_round": last,
        "rounds_to_pair": rounds_to_pair(view.body),
        "scale": scale_lines(view.body),
        # The board shows its own standings; the text stand-in does not.
        "standings": standings(tournament, number) if not HAS_BOARD else [],
        "handed": handed_rounds(view, answer),
        "board_html": render_to_string(TEMPLATE, board),
        "can_hand_in": number < last and not disabled and not paper,
        "hand_in_name": f"{question.prefix}hand_in",
        "hand_in_ask_name": f"{question.prefix}hand_in_ask",
        "round_name": f"{question.prefix}round",
        "disabled": disabled,
        "text": format_pairing_text(current),
    }


COLOUR_LETTER = {"fr": {"w": "B", "b": "N"}, "en": {"w": "W", "b": "B"}}


def _cell(entry, language: str) -> str:
    if entry is None:
        return ""
    if entry.opponent:
        colour = COLOUR_LETTER[language].get(entry.colour, "")
        return f"{entry.opponent}{colour} {RESULT_SYMBOL.get(entry.result, entry.result)}"
    return {"U": "exempt" if language == "fr" else "bye", "H": "½ (bye)", "Z": "0 (abs.)", "F": "1 F"}.get(
        entry.result, "—"
    )


RESULT_SYMBOL = {"1": "1", "0": "0", "=": "½", "+": "1F", "-": "0F", "W": "1", "L": "0", "D": "½"}


def printed_context(question, language: str) -> dict:
    """A paper subject's pairing cards (the situation before the first round to pair), the
    scale, and the rows of the empty pairing sheet."""
    from tournaments.swiss.engine import absent_in

    view: PairingView = question.pairing
    situation = situation_for(view.body, view.seed)
    tournament, number = situation.tournament, situation.round
    history = tournament.up_to(number - 1)
    absent = absent_in(tournament, number)
    rows = []
    for player in sorted(history.players, key=lambda p: p.number):
        rows.append(
            {
                "number": player.number,
                "name": player.name,
                "title": player.title,
                "rating": player.rating,
                "score": points(player.score),
                "rounds": [
                    _cell(player.rounds[r] if r < len(player.rounds) else None, language)
                    for r in range(number - 1)
                ],
                "absent": player.number in absent,
            }
        )
    present = len(history.players) - len(absent)
    return {
        "cards": rows,
        "round": number,
        "previous_rounds": list(range(1, number)),
        "scale": scale_lines(view.body),
        "boards": list(range(1, present // 2 + 1)),
        "bye": present % 2 == 1,
        "rounds_to_pair": situation.rounds_to_pair,
    }


def sheet_rows(question) -> dict:
    """The empty pairing sheet of an answer sheet: one line per board, and the bye."""
    from tournaments.swiss.engine import absent_in

    view: PairingView = question.pairing
    situation = situation_for(view.body, view.seed)
    present = len(situation.tournament.players) - len(absent_in(situation.tournament, situation.round))
    return {"round": situation.round, "boards": list(range(1, present // 2 + 1)), "bye": present % 2 == 1}

"""The pairing board: what a person needs to pair round k+1 of a Swiss by hand (the arbiter's
pairing cards, the score groups, who is out of the round) and the text form of an answer.

An answer is ``{"pairs": [[white, black], …], "byes": [number, …]}``: the candidate's own
boards, nothing more. Nothing here knows the correct pairing, so the page built from
:func:`board_context` can never reveal it. The template is
``templates/tournaments/pairing_board.html``; its script ``static/js/pairing-board.js`` only
edits the answer kept in a hidden input.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.numbers import with_decimal_separator
from tournaments.swiss.checker import colour_history
from tournaments.swiss.colours import ABSOLUTE, MILD, STRONG, preference
from tournaments.swiss.engine import VirtualPoints, absent_in
from tournaments.trf import GAME_RESULTS, UNPLAYED_RESULTS, TrfTournament

BOARD_LINE = re.compile(r"(\d{1,4})\s*[-–]\s*(\d{1,4})")
BYE_LINE = re.compile(r"(?:exempt|bye)\s+(\d{1,4})|(\d{1,4})\s+(?:exempt|bye)", re.IGNORECASE)
MAX_TEXT_LINES = 1000


def empty_answer() -> dict:
    return {"pairs": [], "byes": []}


# --- the text form ---------------------------------------------------------------------


def parse_pairing_text(text: str, *, as_written: bool = False) -> dict:
    """One board a line, White first (« 12-5 » or « 12 - 5 »), « exempt 7 » or « bye 7 » for a
    bye; blank lines are skipped. A player seated twice or against himself is refused with the
    line named, unless ``as_written`` (a paper copy typed in: what the candidate wrote is kept,
    and the grading counts it wrong); whether the numbers exist is :func:`check_players`'
    business."""
    pairs: list[list[int]] = []
    byes: list[int] = []
    seen: dict[int, int] = {}
    lines = text.splitlines()
    if len(lines) > MAX_TEXT_LINES:
        raise ValueError(_("Trop de lignes : %(count)d au plus.") % {"count": MAX_TEXT_LINES})
    for line_number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        board, bye = BOARD_LINE.fullmatch(line), BYE_LINE.fullmatch(line)
        if not board and not bye:
            raise ValueError(
                _(
                    "Ligne %(line)d : « %(text)s » illisible ; écrivez « 12-5 » (Blancs puis Noirs) "
                    "ou « exempt 7 »."
                )
                % {"line": line_number, "text": line[:40]}
            )
        players = [int(board[1]), int(board[2])] if board else [int(bye[1] or bye[2])]
        if as_written:
            (pairs.append(players) if board else byes.append(players[0]))
            continue
        if board and players[0] == players[1]:
            raise ValueError(
                _("Ligne %(line)d : le joueur %(player)d ne peut pas jouer contre lui-même.")
                % {"line": line_number, "player": players[0]}
            )
        for player in players:
            if player in seen:
                raise ValueError(
                    _("Ligne %(line)d : le joueur %(player)d est déjà placé ligne %(other)d.")
                    % {"line": line_number, "player": player, "other": seen[player]}
                )
            seen[player] = line_number
        (pairs.append(players) if board else byes.append(players[0]))
    return {"pairs": pairs, "byes": byes}


def format_pairing_text(answer: dict) -> str:
    """The answer as :func:`parse_pairing_text` reads it, boards first, then the byes."""
    answer = normalise_answer(answer)
    lines = [f"{white}-{black}" for white, black in answer["pairs"]]
    lines += [f"exempt {player}" for player in answer["byes"]]
    return "\n".join(lines)


def normalise_answer(answer: object) -> dict:
    """``answer`` as ``{"pairs": [[w, b], …], "byes": […]}`` with integers, or ValueError
    (French, translatable) if it is not of that shape; None is the empty answer."""
    if answer is None or answer == "":
        return empty_answer()
    if isinstance(answer, str):
        try:
            answer = json.loads(answer)
        except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
            raise ValueError(_("La réponse n'est pas lisible.")) from None
    if not isinstance(answer, dict):
        raise ValueError(_("La réponse doit contenir « pairs » et « byes »."))
    pairs, byes = answer.get("pairs", []), answer.get("byes", [])
    if not isinstance(pairs, list) or not isinstance(byes, list) or len(pairs) + len(byes) > MAX_TEXT_LINES:
        raise ValueError(_("La réponse doit contenir « pairs » et « byes »."))
    if not all(isinstance(p, list) and len(p) == 2 and all(_is_number(n) for n in p) for p in pairs):
        raise ValueError(_("Chaque échiquier doit être une paire de numéros [Blancs, Noirs]."))
    if not all(_is_number(n) for n in byes):
        raise ValueError(_("Chaque exempt doit être un numéro de joueur."))
    return {"pairs": [[int(w), int(b)] for w, b in pairs], "byes": [int(n) for n in byes]}


def check_players(
    answer: dict, tournament: TrfTournament, round_number: int, *, as_written: bool = False
) -> None:
    """Refuse an answer naming a player the file does not know, one out of the round, or one
    seated twice (ValueError naming him). A player left out is not refused here: the checker
    and the grading report him.

    ``as_written``: a paper copy typed in by a grader. Only a number the file does not know is
    refused (a typo of the grader's, not an answer); a player absent or seated twice is what the
    candidate wrote, recorded as it is and counted wrong by the grading
    (``tournaments.swiss.grading``)."""
    known = set(tournament.numbers())
    absent = absent_in(tournament, round_number)
    seen: set[int] = set()
    for player in [n for pair in answer["pairs"] for n in pair] + answer["byes"]:
        if player not in known:
            raise ValueError(_("Le joueur %(player)d n'existe pas dans ce tournoi.") % {"player": player})
        if as_written:
            continue
        if player in absent:
            raise ValueError(_("Le joueur %(player)d ne joue pas cette ronde.") % {"player": player})
        if player in seen:
            raise ValueError(_("Le joueur %(player)d est placé deux fois.") % {"player": player})
        seen.add(player)


def answer_from_post(data, field_name: str, *, as_written: bool = False) -> dict:
    """The answer a form sent: the no-JavaScript textarea (``<field_name>__text``) when it is
    there, else the hidden JSON input (``<field_name>``). ValueError as above; ``as_written``
    as in :func:`parse_pairing_text`."""
    text_name = f"{field_name}__text"
    if text_name in data:
        return parse_pairing_text(data.get(text_name, ""), as_written=as_written)
    return normalise_answer(data.get(field_name, ""))


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 10000


# --- the cards -------------------------------------------------------------------------


def _points(value: Fraction) -> str:
    whole = int(value)
    if value - whole == Fraction(1, 2):
        return f"{whole or ''}½"
    return str(whole) if value == whole else with_decimal_separator(f"{float(value):g}")


def colour_letter(colour: str) -> str:
    return pgettext("colour initial", "B") if colour == "w" else pgettext("colour initial", "N")


def colour_name(colour: str) -> str:
    return _("Blancs") if colour == "w" else _("Noirs")


def _strength(strength: int) -> str:
    return {ABSOLUTE: _("absolue"), STRONG: _("forte"), MILD: _("légère")}[strength]


RESULT_TEXT = {"1": "1", "=": "½", "0": "0", "W": "1", "D": "½", "L": "0", "+": "+", "-": "−"}


def _round_cell(entry, round_number: int, floated: str | None, words: dict) -> dict:
    cell = {
        "round": round_number,
        "no": words["rounds"][round_number],
        "opponent": 0,
        "colour": "",
        "result": "",
        "kind": "",
        "float": "",
    }
    if floated:
        cell["float"] = "↓" if floated == "down" else "↑"
    if entry is None or (not entry.opponent and entry.result in ("-", " ")):
        return {**cell, "kind": "absent", "label": words["absent"], "result": "0"}
    if not entry.opponent:
        label = words["unplayed"].get(entry.result, words["absent"])
        kind = "bye" if entry.result == "U" else "absent"
        return {**cell, "kind": kind, "label": label, "result": _points(entry.score)}
    kind = "game" if entry.played else "forfeit"
    result = RESULT_TEXT.get(entry.result, entry.result.strip())
    letter = words["letters"].get(entry.colour, "")
    label = f"{entry.opponent}{letter}{result}"
    return {
        **cell,
        "kind": kind,
        "opponent": entry.opponent,
        "colour": letter,
        "result": result,
        "label": label,
        "forfeit": kind == "forfeit",
    }


def _absence(tournament: TrfTournament, number: int, round_number: int) -> str:
    entry = tournament.entry(number, round_number)
    code = entry.result if entry else "-"
    if code == "H":
        return _("exempt demandé (½ point)")
    if code == "F":
        return _("exempt (1 point)")
    if code == "Z":
        return _("absent (0 point)")
    earlier = tournament.entry(number, round_number - 1) if round_number > 1 else None
    if earlier is not None and not earlier.opponent and earlier.result == "-":
        return _("retiré")
    return _("absent")


HALVES = {code: int(value * 2) for code, value in {**GAME_RESULTS, **UNPLAYED_RESULTS}.items()}


def past_floats(history: TrfTournament, rounds: int) -> tuple[dict[int, int], list[dict[int, str]]]:
    """Each player's score in half points after ``rounds`` rounds, and the floats of each round
    ("down" or "up"), as ``checker.previous_floats`` tells them (a game against a higher or
    lower score; a point or half point without playing is a downfloat, a forfeit loss none),
    in one pass instead of one per round: the board page is drawn at each visit."""
    halves = {p.number: 0 for p in history.players}
    floats: list[dict[int, str]] = []
    for index in range(rounds):
        before = dict(halves)
        this_round: dict[int, str] = {}
        for player in history.players:
            entry = player.rounds[index] if index < len(player.rounds) else None
            if entry is None:
                continue
            halves[player.number] += HALVES.get(entry.result, 0)
            if entry.played:
                mine, theirs = before[player.number], before.get(entry.opponent, 0)
                if mine != theirs:
                    this_round[player.number] = "down" if mine > theirs else "up"
            elif HALVES.get(entry.result, 0) > 0:
                this_round[player.number] = "down"
        floats.append(this_round)
    return halves, floats


def _standings(cards: list[dict]) -> list[dict]:
    """The cards by score, then pairing number; players on the same score share a rank."""
    ordered = sorted(cards, key=lambda c: (-c["real_score"], c["number"]))
    rank = 0
    for index, card in enumerate(ordered):
        if index == 0 or card["real_score"] != ordered[index - 1]["real_score"]:
            rank = index + 1
        card["rank"] = rank
    return ordered


def board_context(
    *,
    tournament: TrfTournament,
    round_number: int,
    answer: dict | None,
    field_name: str,
    virtual: VirtualPoints | None = None,
    readonly: bool = False,
    as_written: bool = False,
) -> dict:
    """Everything ``tournaments/pairing_board.html`` shows for pairing ``round_number``: the
    cards (each round's opponent, colour, result and float; colour history and A.6
    preference; score and pairing score), the present players by score group (A.2: pairing
    score, then pairing number), who is out of the round, and ``answer``.

    ``as_written``: a grader types a paper copy in. The board's script, which refuses a player
    absent or seated twice, is left out: the text form takes the boards as the candidate wrote
    them (``answer_from_post(…, as_written=True)``)."""
    history = tournament.up_to(round_number - 1)
    absent = absent_in(tournament, round_number)
    words = {
        "letters": {"w": colour_letter("w"), "b": colour_letter("b")},
        "rounds": {r: _("R%(round)d") % {"round": r} for r in range(1, round_number)},
        "absent": _("absent"),
        "unplayed": {"U": _("exempt"), "F": _("exempt (1)"), "H": _("exempt (½)"), "Z": _("absent")},
    }
    halves, floats_by_round = past_floats(history, round_number - 1)
    extra = (virtual or {}).get(round_number, {})
    answer = normalise_answer(answer)
    seats = {}
    for index, (white, black) in enumerate(answer["pairs"], 1):
        seats[white] = seats[black] = index
    cards = []
    for player in sorted(history.players, key=lambda p: p.number):
        sequence = colour_history(player)
        wish = preference(sequence)
        number = player.number
        entries = list(player.rounds) + [None] * (round_number - 1 - len(player.rounds))
        rounds = [
            _round_cell(entries[r - 1], r, floats_by_round[r - 1].get(number), words)
            for r in range(1, round_number)
        ]
        score = Fraction(halves[number], 2)
        pairing_score = score + Fraction(extra.get(number, 0))
        # The strip of rounds is built here rather than in the template: it is most of the
        # page's values, and the board page must answer in a few tens of milliseconds.
        strip = format_html_join(
            "",
            '<li class="pb-round pb-round--{}"><span class="pb-round__no">{}</span> {}{}</li>',
            (
                (
                    c["kind"],
                    c["no"],
                    c["label"],
                    format_html('<span class="pb-float">{}</span>', c["float"]) if c["float"] else "",
                )
                for c in rounds
            ),
        )
        cards.append(
            {
                "number": number,
                "name": player.name,
                "title": player.title,
                "rating": player.rating,
                "score": _points(score),
                "pairing_score": _points(pairing_score),
                "virtual": _points(pairing_score - score) if pairing_score != score else "",
                "sort_score": pairing_score,
                "real_score": score,
                "rounds": rounds,
                "rounds_html": strip,
                "colours": "".join(words["letters"][c] for c in sequence),
                "preference": (
                    {
                        "colour": colour_name(wish.colour),
                        "strength": _strength(wish.strength),
                        "code": wish.colour,
                    }
                    if wish.colour
                    else None
                ),
                "difference": wish.difference,
                "floats": [f"{c['float']}{c['round']}" for c in rounds if c["float"]],
                "last_float": rounds[-1]["float"] if rounds else "",
                "absent": number in absent,
                "absence": _absence(tournament, number, round_number) if number in absent else "",
                "seat": seats.get(number, "bye" if number in answer["byes"] else None),
            }
        )
    present = [c for c in cards if not c["absent"]]
    present.sort(key=lambda c: (-c["sort_score"], c["number"]))
    groups: list[dict] = []
    for card in present:
        if not groups or groups[-1]["score"] != card["pairing_score"]:
            groups.append({"score": card["pairing_score"], "players": []})
        groups[-1]["players"].append(card)
    by_number = {c["number"]: c for c in cards}
    boards = [
        {"board": index, "white": by_number.get(w, {"number": w}), "black": by_number.get(b, {"number": b})}
        for index, (w, b) in enumerate(answer["pairs"], 1)
    ]
    return {
        "field_name": field_name,
        "text_name": f"{field_name}__text",
        "prefix": f"pb-{field_name}",
        "round_number": round_number,
        "rounds_played": list(range(1, round_number)),
        "readonly": readonly,
        "as_written": as_written,
        "cards": cards,
        "groups": groups,
        "absent": [c for c in cards if c["absent"]],
        "standings": _standings(cards),
        "present_count": len(present),
        "answer": answer,
        "answer_json": json.dumps(answer, separators=(",", ":")),
        "answer_text": format_pairing_text(answer),
        "boards": boards,
        "byes": [by_number.get(n, {"number": n}) for n in answer["byes"]],
        "accelerated": bool(virtual and virtual.get(round_number)),
    }

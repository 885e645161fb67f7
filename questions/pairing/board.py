"""The pairing board (``tournaments.pairing_board``, built on its own branch) as this question
uses it: ``board_context``, the template and the answer a form sends. Until that module is in
the tree, a plain text form stands in (one board per line, "12-5", "exempt 7"), so the
question can be answered, saved and graded without it."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

try:  # pragma: no cover - depends on which branches are merged
    from tournaments import pairing_board as _board
except ImportError:  # pragma: no cover
    _board = None

HAS_BOARD = _board is not None
TEMPLATE = "tournaments/pairing_board.html" if _board is not None else "questions/_pairing_text_board.html"
_LINE = re.compile(r"(\d{1,4})\s*[-–]\s*(\d{1,4})")
_BYE = re.compile(r"(?:exempt|bye)\s+(\d{1,4})|(\d{1,4})\s+(?:exempt|bye)", re.IGNORECASE)


def board_context(
    *,
    tournament,
    round_number: int,
    answer: dict | None,
    field_name: str,
    virtual=None,
    readonly: bool = False,
    as_written: bool = False,
) -> dict:
    if _board is not None:
        return _board.board_context(
            tournament=tournament,
            round_number=round_number,
            answer=answer,
            field_name=field_name,
            virtual=virtual,
            readonly=readonly,
            as_written=as_written,
        )
    return {
        "field_name": field_name,
        "readonly": readonly,
        "text": format_pairing_text(answer or {}),
        "answer": answer or {"pairs": [], "byes": []},
    }


def parse_pairing_text(text: str, *, as_written: bool = False) -> dict:
    """``as_written``: a paper copy typed in, kept as the candidate wrote it (see
    ``tournaments.pairing_board``); the stand-in below never refuses a player seated twice."""
    if _board is not None:
        return _board.parse_pairing_text(text, as_written=as_written)
    pairs, byes = [], []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        board, bye = _LINE.fullmatch(line), _BYE.fullmatch(line)
        if not board and not bye:
            raise ValueError(
                _(
                    "Ligne %(line)d : « %(text)s » illisible ; écrivez « 12-5 » (Blancs puis Noirs) "
                    "ou « exempt 7 »."
                )
                % {"line": number, "text": line[:40]}
            )
        if board:
            pairs.append([int(board[1]), int(board[2])])
        else:
            byes.append(int(bye[1] or bye[2]))
    return {"pairs": pairs, "byes": byes}


def format_pairing_text(answer: dict) -> str:
    if _board is not None:
        return _board.format_pairing_text(answer)
    lines = [f"{white}-{black}" for white, black in answer.get("pairs") or []]
    return "\n".join(lines + [f"exempt {player}" for player in answer.get("byes") or []])


def check_players(answer: dict, tournament, round_number: int, *, as_written: bool = False) -> None:
    """ValueError naming a player unknown to ``tournament``, out of the round or seated twice
    (only unknown when ``as_written``: a paper copy, whose faults the grading counts)."""
    if _board is not None:
        _board.check_players(answer, tournament, round_number, as_written=as_written)


def answer_from_post(data, field_name: str, *, as_written: bool = False) -> dict:
    """The board's answer: the text form when it was sent, else the hidden JSON input."""
    if _board is not None:
        return _board.answer_from_post(data, field_name, as_written=as_written)
    import json

    text = data.get(f"{field_name}__text")
    if text is not None and text.strip():
        return parse_pairing_text(text, as_written=as_written)
    raw = data.get(field_name) or ""
    if not raw:
        return {"pairs": [], "byes": []}
    try:
        answer = json.loads(raw)
    except ValueError:
        raise ValueError(_("La réponse n'est pas lisible.")) from None
    if not isinstance(answer, dict):
        raise ValueError(_("La réponse n'est pas lisible."))
    return {"pairs": answer.get("pairs") or [], "byes": answer.get("byes") or []}

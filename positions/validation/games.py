"""Reading PGN and move lists into a :class:`ParsedGame` (:func:`parse_moves`), with messages
naming the move (number and side) at fault."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import chess
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.safe_input import UnsafeInput, has_lone_surrogate, parse_count, shown
from positions.validation.errors import MAX_PGN_BYTES, MAX_PLIES, FenError, IllegalReason, PgnError, Side
from positions.validation.fen import validate_fen
from positions.validation.illegal import (
    _alternatives_text,
    _candidates,
    _long_form,
    _looks_like_move,
    physical_move,
)


@dataclass(frozen=True)
class Annotation:
    """An arrow (``from_square != to_square``) or a circled square from ``[%cal]``/``[%csl]``."""

    from_square: str
    to_square: str
    color: str  # "green", "red", "yellow" or "blue"


@dataclass
class ParsedMove:
    """One half-move of a parsed game, as it was played on the board."""

    ply: int  # 1-based, counted from the start position
    move_number: int
    side: Side
    text: str  # as written
    san: str  # normalised SAN (or the long form for an illegal move)
    uci: str
    fen_before: str
    fen_after: str
    legal: bool = True
    illegal_reason: IllegalReason | None = None
    comment: str = ""
    nags: list[int] = field(default_factory=list)
    clock: float | None = None  # seconds left after the move, from [%clk]
    arrows: list[Annotation] = field(default_factory=list)
    circles: list[Annotation] = field(default_factory=list)

    @property
    def label(self) -> str:
        """``"12."`` for White, ``"12…"`` for Black."""
        return f"{self.move_number}." if self.side == "white" else f"{self.move_number}…"

    @property
    def nag_symbols(self) -> str:
        """NAGs as the usual glyphs (``!``, ``?!``…), others as ``$n``."""
        symbols = {value: key for key, value in _SUFFIX_NAGS.items()}
        return " ".join(symbols.get(nag, f"${nag}") for nag in self.nags)

    @property
    def clock_display(self) -> str:
        return format_clock(self.clock) if self.clock is not None else ""


@dataclass
class ParsedGame:
    start_fen: str
    moves: list[ParsedMove]
    headers: dict[str, str] = field(default_factory=dict)
    comment: str = ""  # comment before the first move
    result: str = "*"

    @property
    def final_fen(self) -> str:
        return self.moves[-1].fen_after if self.moves else self.start_fen

    def fen_at(self, ply: int) -> str:
        """FEN after ``ply`` half-moves (0 = start position); ``ply`` is clamped."""
        if ply <= 0 or not self.moves:
            return self.start_fen
        return self.moves[min(ply, len(self.moves)) - 1].fen_after


def format_clock(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


_TOKEN_RE = re.compile(
    r"""
    (?P<comment>\{[^}]*\}?)
    | (?P<linecomment>;[^\n]*)
    | (?P<open>\()
    | (?P<close>\))
    | (?P<nag>\$\d+)
    | (?P<suffix>[!?]{1,2})
    | (?P<result>1-0|0-1|1/2-1/2|½-½|\*)
    | (?P<number>\d+\s*\.+)
    | (?P<move>[^\s{}();$!?]+)
    | (?P<stray>\S)
    """,
    re.VERBOSE,
)
_HEADER_RE = re.compile(r'^\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
# Bounded digits: a clock of 5,000 digits is no clock (and int() would refuse it).
_CLK_RE = re.compile(r"\[%clk\s+(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d{1,6})?)\]")
MAX_NAG = 255  # the PGN standard's numeric annotation glyphs
# "[^][]" and not "[^]]": an unclosed "[%cal" must not be rescanned to the end at every "[%".
_CAL_RE = re.compile(r"\[%(cal|csl)\s+([^\[\]]*)\]")
_COMMAND_RE = re.compile(r"\[%[^\[\]]*\]")
_SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
_ANNOTATION_COLOURS = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}


def parse_moves(movetext: str, *, fen: str | None = None, allow_illegal: bool = False) -> ParsedGame:
    """Read PGN or a plain move list (SAN or UCI) from ``fen`` (default: initial position).

    A ``FEN`` header (with ``SetUp "1"``) sets the start position; an explicit ``fen``
    argument wins over the header. Variations are skipped; the main line is kept
    with its comments, NAGs, ``[%clk]`` clocks and ``[%cal]``/``[%csl]`` annotations.

    Raises :class:`PgnError` for an illegal (unless ``allow_illegal``) or ambiguous move,
    for text that is not a move, and for input over the limits (100 kB, 1,000 plies).
    """
    if not isinstance(movetext, str):
        raise PgnError(_("Le texte des coups doit être une chaîne de caractères."))
    if has_lone_surrogate(movetext):
        raise PgnError(_("Le texte des coups contient un caractère invalide (demi-caractère UTF-16 isolé)."))
    if len(movetext.encode("utf-8")) > MAX_PGN_BYTES:
        raise PgnError(_("Le PGN est trop long (%(max)d ko au plus).") % {"max": MAX_PGN_BYTES // 1000})
    headers: dict[str, str] = {}
    body_lines = []
    for line in movetext.splitlines():
        match = _HEADER_RE.match(line)
        if match:
            headers[match.group(1)] = match.group(2).replace('\\"', '"')
        elif line.lstrip().startswith("[") and not line.lstrip().startswith("[%") and not body_lines:
            raise PgnError(_("En-tête PGN mal formé : %(line)s") % {"line": line.strip()[:80]})
        else:
            body_lines.append(line)
    start_fen = fen
    if not start_fen and headers.get("FEN"):
        start_fen = headers["FEN"]
    try:
        board = validate_fen(start_fen) if start_fen else chess.Board()
    except FenError as error:
        raise PgnError(_("Position de départ invalide : %(error)s") % {"error": error.message}) from error
    game = ParsedGame(start_fen=board.fen(), moves=[], headers=headers, result=headers.get("Result", "*"))
    depth = 0
    # How long the main line was where each open "(" was read (a count, not a copy: thousands
    # of "(" after a long game would otherwise copy the game thousands of times).
    variation_opened: list[int] = []
    pending_comment: list[str] = []
    for match in _TOKEN_RE.finditer("\n".join(body_lines)):
        kind = match.lastgroup
        token = match.group(kind)
        if kind == "comment" and not token.endswith("}"):
            # An unclosed comment would silently swallow every move after it.
            raise PgnError(
                _("Commentaire ouvert par « { » jamais refermé, %(where)s.")
                % {"where": _position_text(game)},
                **_next_ply(board, game),
            )
        if kind == "stray":
            raise PgnError(_stray_text(token, game), **_next_ply(board, game))
        if kind == "open":
            depth += 1
            variation_opened.append(len(game.moves))
            continue
        if kind == "close":
            if not depth:
                raise PgnError(
                    _("« ) » ferme une variante qui n'a pas été ouverte, %(where)s.")
                    % {"where": _position_text(game)},
                    **_next_ply(board, game),
                )
            depth -= 1
            variation_opened.pop()
            continue
        if depth or kind == "linecomment":
            continue
        if kind == "comment":
            text = token.strip("{}")
            if game.moves:
                _attach_comment(game.moves[-1], text)
            else:
                pending_comment.append(text)
            continue
        if kind in ("nag", "suffix"):
            if game.moves:
                nag = _nag(token, board, game) if kind == "nag" else _SUFFIX_NAGS.get(token)
                if nag is not None:
                    game.moves[-1].nags.append(nag)
            continue
        if kind == "result":
            game.result = token.replace("½-½", "1/2-1/2")
            continue
        if kind == "number":
            continue
        if len(game.moves) >= MAX_PLIES:
            raise PgnError(
                ngettext(
                    "La partie est trop longue (%(max)d demi-coup au plus).",
                    "La partie est trop longue (%(max)d demi-coups au plus).",
                    MAX_PLIES,
                )
                % {"max": MAX_PLIES}
            )
        game.moves.append(_play(board, token, len(game.moves) + 1, allow_illegal=allow_illegal))
    if depth:
        # Like an unclosed comment, an unclosed variation would swallow the rest of the game.
        opened = ParsedGame(start_fen=game.start_fen, moves=game.moves[: variation_opened[0]])
        raise PgnError(
            _("Variante ouverte par « ( » jamais refermée, %(where)s.") % {"where": _position_text(opened)}
        )
    if pending_comment:
        game.comment = _COMMAND_RE.sub("", " ".join(pending_comment)).strip()
    return game


def _nag(token: str, board: chess.Board, game: ParsedGame) -> int:
    try:
        return parse_count(token[1:], maximum=MAX_NAG)
    except UnsafeInput:
        raise PgnError(
            _("Annotation « %(nag)s » inconnue (de $0 à $%(max)d), %(where)s.")
            % {"nag": shown(token, 12), "max": MAX_NAG, "where": _position_text(game)},
            **_next_ply(board, game),
        ) from None


def _position_text(game: ParsedGame) -> str:
    """Where the reader is in the main line: "après 12. Nf3", "après 12… Nf6" or "avant le premier coup"."""
    if not game.moves:
        return _("avant le premier coup")
    last = game.moves[-1]
    return _("après %(label)s %(move)s") % {"label": last.label, "move": last.text}


def _next_ply(board: chess.Board, game: ParsedGame) -> dict:
    return _locate(board, len(game.moves) + 1)


def _stray_text(char: str, game: ParsedGame) -> str:
    where = _position_text(game)
    if char == "}":
        return _("« } » ferme un commentaire qui n'a pas été ouvert, %(where)s.") % {"where": where}
    if char == "$":
        return _("« $ » doit être suivi du numéro d'une annotation (par exemple $1), %(where)s.") % {
            "where": where
        }
    return _("Caractère « %(char)s » inattendu, %(where)s.") % {"char": char, "where": where}


def parse_move_list(moves: list[str], *, fen: str | None = None, allow_illegal: bool = False) -> ParsedGame:
    """Like :func:`parse_moves` for a list of moves, one SAN or UCI move per item."""
    if len(moves) > MAX_PLIES:
        raise PgnError(_("La partie est trop longue (%(max)d demi-coups au plus).") % {"max": MAX_PLIES})
    for item in moves:
        if (
            not isinstance(item, str)
            or not item.strip()
            or len(item) > 12
            or re.search(r"[\s{}();]", item.strip())
        ):
            raise PgnError(_("« %(move)s » n'est pas un coup.") % {"move": str(item)[:20]})
    return parse_moves(" ".join(item.strip() for item in moves), fen=fen, allow_illegal=allow_illegal)


def _attach_comment(move: ParsedMove, text: str) -> None:
    clock = _CLK_RE.search(text)
    if clock:
        hours, minutes, seconds = clock.groups()
        move.clock = int(hours) * 3600 + int(minutes) * 60 + float(seconds)
    for command, value in _CAL_RE.findall(text):
        for item in value.split(","):
            item = item.strip()
            if command == "cal" and re.fullmatch(r"[GRYB][a-h][1-8][a-h][1-8]", item):
                move.arrows.append(Annotation(item[1:3], item[3:5], _ANNOTATION_COLOURS[item[0]]))
            elif command == "csl" and re.fullmatch(r"[GRYB][a-h][1-8]", item):
                move.circles.append(Annotation(item[1:3], item[1:3], _ANNOTATION_COLOURS[item[0]]))
    plain = " ".join(_COMMAND_RE.sub("", text).split())
    if plain:
        move.comment = f"{move.comment} {plain}".strip()


def _locate(board: chess.Board, ply: int) -> dict:
    return {
        "ply": ply,
        "move_number": board.fullmove_number,
        "side": "white" if board.turn == chess.WHITE else "black",
    }


def _where(board: chess.Board, move: str) -> str:
    if board.turn == chess.WHITE:
        return _("le coup %(number)d des Blancs (%(move)s)") % {"number": board.fullmove_number, "move": move}
    return _("le coup %(number)d des Noirs (…%(move)s)") % {"number": board.fullmove_number, "move": move}


def _play(board: chess.Board, token: str, ply: int, *, allow_illegal: bool) -> ParsedMove:
    text = token
    cleaned = re.sub(r"(e\.p\.|ep)$", "", token.rstrip("+#")).rstrip("+#")
    cleaned = cleaned.replace("0-0-0", "O-O-O").replace("0-0", "O-O")
    fen_before = board.fen()
    side: Side = "white" if board.turn == chess.WHITE else "black"
    move_number = board.fullmove_number
    try:
        move = board.parse_san(cleaned)
    except chess.AmbiguousMoveError:
        candidates = _candidates(board, cleaned, legal_only=True)
        raise PgnError(
            _("%(where)s est ambigu : précisez la pièce. Coups possibles : %(legal)s.")
            % {"where": capfirst(_where(board, text)), "legal": ", ".join(candidates) or "—"},
            move=text,
            legal=candidates,
            **_locate(board, ply),
        ) from None
    except (chess.IllegalMoveError, chess.InvalidMoveError):
        move = None
    if move is not None and not move:
        # python-chess reads "--", "0000" and "Z0" as a null move, which no player can make.
        raise PgnError(
            _("%(where)s : « %(move)s » n'est pas un coup (un coup nul n'existe pas sur l'échiquier).")
            % {"where": capfirst(_where(board, text)), "move": text},
            move=text,
            **_locate(board, ply),
        )
    if move is not None:
        san = board.san(move)
        board.push(move)
        return ParsedMove(ply, move_number, side, text, san, move.uci(), fen_before, board.fen())
    if not _looks_like_move(cleaned):
        raise PgnError(
            _(
                "%(where)s : « %(move)s » n'est pas un coup en notation algébrique (ex. Nf3, "
                "exd5, O-O, e8=Q) "
                "ni UCI (ex. g1f3)."
            )
            % {"where": capfirst(_where(board, text)), "move": text},
            move=text,
            **_locate(board, ply),
        )
    legal = _candidates(board, cleaned, legal_only=True)
    if not allow_illegal:
        raise PgnError(
            _("%(where)s est illégal. %(alternatives)s")
            % {"where": capfirst(_where(board, text)), "alternatives": _alternatives_text(legal)},
            move=text,
            legal=legal,
            **_locate(board, ply),
        )
    physical = physical_move(board, cleaned)
    if physical is None:
        raise PgnError(
            _(
                "%(where)s est illégal et ne peut pas être rejoué sur l'échiquier (aucune "
                "pièce ne correspond). "
                "%(alternatives)s"
            )
            % {"where": capfirst(_where(board, text)), "alternatives": _alternatives_text(legal)},
            move=text,
            legal=legal,
            **_locate(board, ply),
        )
    move, reason = physical
    if reason == "own_piece_on_target" and board.piece_type_at(move.to_square) == chess.KING:
        # Nobody can put a man on his own king's square: replaying it would take a king off the board.
        raise PgnError(
            _(
                "%(where)s arrive sur la case de son propre roi : ce coup ne peut pas être rejoué "
                "sur l'échiquier. %(alternatives)s"
            )
            % {"where": capfirst(_where(board, text)), "alternatives": _alternatives_text(legal)},
            move=text,
            legal=legal,
            **_locate(board, ply),
        )
    if reason == "king_capture":
        raise PgnError(
            _(
                "%(where)s prend le roi : c'est un coup illégal (commentaire de l'article 7.5.5) et la suite "
                "ne peut pas être rejouée."
            )
            % {"where": capfirst(_where(board, text))},
            move=text,
            legal=legal,
            **_locate(board, ply),
        )
    long_form = _long_form(board, move)
    board.push(move)
    return ParsedMove(
        ply,
        move_number,
        side,
        text,
        long_form,
        move.uci(),
        fen_before,
        board.fen(),
        legal=False,
        illegal_reason=reason,
    )



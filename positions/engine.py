"""The arbiter's view of a game: statuses, repetitions, claims, flag falls and illegal moves.

>>> from positions.engine import AnalysisRequest, Claim, analyse
>>> result = analyse(AnalysisRequest(moves=["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
...                                  claim=Claim("threefold")))
>>> result.repetition.count, result.claim.valid
(3, True)

:func:`analyse` replays a start position and a move list (PGN or SAN/UCI, possibly with
illegal moves played physically, see :mod:`positions.validation`) up to a ply and reports,
per the FIDE Laws of Chess (2018 edition, used by the FFE):

- the status of the position (checkmate, stalemate, dead position per 5.2.2, fivefold
  repetition per 9.6.1, 75 moves per 9.6.2 — checkmate takes precedence);
- the repetitions of the current position per 9.2.2 (same player to move, same pieces on
  the same squares, same castling rights, and an en passant right only when an en passant
  capture is actually legal), with the plies where it occurred;
- whether each side can still checkmate by any series of legal moves (:mod:`positions.mate`);
- the illegal moves with the sanction of 7.5.5 (standard) or A.4.2 / B.2 (rapid, blitz);
- the verdict on a draw claim (9.2, 9.3, 9.5) and on a flag fall (6.9, A.4.3).

Explanations are written in the request's language.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Literal

import chess
from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext as _

from positions import mate
from positions.notation import (
    NOTATIONS,
    move_to_san,
    moves_in_language,
    parse_moves_in_notation,
    typed_move_in_language,
)
from positions.validation import (
    FenError,
    IllegalReason,
    ParsedGame,
    PgnError,
    format_clock,
    is_move_notation,
    reason_text,
    validate_fen,
)

Rate = Literal["standard", "rapid", "blitz"]
Status = Literal[
    "ongoing",
    "checkmate",
    "stalemate",
    "dead_position",
    "fivefold_repetition",
    "seventy_five_moves",
]
ClaimType = Literal["threefold", "fifty"]
Result = Literal["1-0", "0-1", "1/2-1/2", "*"]
RATES = ("standard", "rapid", "blitz")
CLAIM_TYPES = ("threefold", "fifty")
SIDES = ("white", "black")


class AnalysisInputError(ValueError):
    """The request cannot be analysed; ``field`` names the input at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Claim:
    """A draw claim by the player to move: ``intended_move`` written but not played (9.2.1.1, 9.3.1)."""

    type: ClaimType
    intended_move: str | None = None


@dataclass
class AnalysisRequest:
    fen: str | None = None
    pgn: str | None = None
    moves: list[str] | None = None
    ply: int | None = None
    rate: str = "standard"
    claim: Claim | None = None
    flag_fell: str | None = None
    language: str = "fr"
    # The piece letters of the moves typed ("fr": R D T F C, "en": K Q R B N) and of the moves
    # quoted in the explanations. Chosen by the interface (or the API's parameter), never guessed.
    notation: str = "en"
    node_budget: int = mate.DEFAULT_NODE_BUDGET
    time_budget: float = mate.DEFAULT_TIME_BUDGET


@dataclass
class Repetition:
    count: int
    plies: list[int]  # plies after which the position stood (0 = start position)


@dataclass
class IllegalMove:
    ply: int
    move: str
    reason: str
    sanction: str
    article: str
    move_number: int = 0
    side: str = "white"
    reason_code: IllegalReason | None = None
    restore_fen: str = ""  # the position to reinstate (7.5.1)
    stands: bool = False  # rapid/blitz: not corrected in time, the move stands (A.4.2)


@dataclass
class ClaimVerdict:
    valid: bool
    article: str
    explanation: str
    consequence: str


@dataclass
class FlagFallVerdict:
    result: Result
    article: str
    explanation: str


@dataclass
class PlyInfo:
    """The position after one ply, as an arbiter follows a game."""

    ply: int
    move_number: int
    side: str
    san: str
    uci: str
    fen: str
    legal: bool
    check: bool
    checkmate: bool
    stalemate: bool
    insufficient_material: bool  # dead position by material alone (cheap test, every ply)
    dead_position: bool  # material, or a locked pawn structure proved dead by exhaustive search
    halfmove_clock: int
    repetition_count: int
    clock: str | None = None
    comment: str = ""


@dataclass
class Analysis:
    fen: str
    ply: int
    status: Status
    status_article: str | None
    halfmove_clock: int
    repetition: Repetition
    can_checkmate: dict[str, str]
    mating_lines: dict[str, list[str]]
    illegal_moves: list[IllegalMove]
    claim: ClaimVerdict | None
    flag_fall: FlagFallVerdict | None
    plies: list[PlyInfo]
    start_fen: str
    game_over_at: int | None  # first ply at which the game ended (checkmate, stalemate, 9.6)
    messages: list[str] = field(default_factory=list)
    rate: str = "standard"
    side_to_move: str = "white"

    def to_dict(self) -> dict:
        """The JSON body of ``POST /api/chess/analyse``."""
        return {
            "fen": self.fen,
            "start_fen": self.start_fen,
            "ply": self.ply,
            "side_to_move": self.side_to_move,
            "rate": self.rate,
            "status": self.status,
            "status_article": self.status_article,
            "game_over_at": self.game_over_at,
            "halfmove_clock": self.halfmove_clock,
            "repetition": asdict(self.repetition),
            "can_checkmate": dict(self.can_checkmate),
            "mating_lines": {side: list(line) for side, line in self.mating_lines.items()},
            "illegal_moves": [
                {
                    "ply": item.ply,
                    "move": item.move,
                    "move_number": item.move_number,
                    "side": item.side,
                    "reason": item.reason,
                    "reason_code": item.reason_code,
                    "sanction": item.sanction,
                    "article": item.article,
                    "restore_fen": item.restore_fen,
                    "stands": item.stands,
                }
                for item in self.illegal_moves
            ],
            "claim": asdict(self.claim) if self.claim else None,
            "flag_fall": asdict(self.flag_fall) if self.flag_fall else None,
            "plies": [asdict(item) for item in self.plies],
            "messages": list(self.messages),
        }


# --------------------------------------------------------------------------- helpers


def repetition_key(board: chess.Board) -> tuple:
    """The identity of a position per Art. 9.2.2.

    Same player to move, same men on the same squares, same castling *rights* (a right is
    lost once the king or rook has moved, 9.2.2.2, even if castling was momentarily
    impossible before), and an en passant square only when an en passant capture is legal
    (9.2.2.1: a pawn that *could* have been captured en passant).
    """
    return (
        board.board_fen(),
        board.turn,
        board.clean_castling_rights(),
        board.ep_square if board.has_legal_en_passant() else None,
    )


def _search(
    fen: str,
    color: chess.Color,
    node_budget: int,
    time_budget: float,
    native_budget: int = mate.NATIVE_NODE_BUDGET,
) -> mate.MateSearch:
    """Mate searches are cached by position: in this process (the same game is often analysed
    in both languages) and, for definite answers, in Django's cache shared by the workers.

    A definite answer ("yes" with its line, "no") is true whatever budget found it, so it is
    cached under the position alone and looked up first: every page (reference positions,
    analysis, questions) then shows the same verdict for the same position, whichever asked
    first, even after this process kept an "undetermined" found on a loaded machine."""
    cached = cache.get(_definite_key(fen, color))
    if cached is not None:
        verdict, line, method, nodes = cached
        return mate.MateSearch(
            color, verdict, line=list(line), method=method, nodes=nodes, exhausted=verdict == "no"
        )
    return _search_in_process(fen, color, node_budget, time_budget, native_budget)


def _definite_key(fen: str, color: chess.Color) -> str:
    return "positions:mate:v3:" + hashlib.sha256(f"{fen}|{int(color)}".encode()).hexdigest()[:40]


@lru_cache(maxsize=512)
def _search_in_process(
    fen: str, color: chess.Color, node_budget: int, time_budget: float, native_budget: int
) -> mate.MateSearch:
    result = mate.can_checkmate(
        chess.Board(fen), color, node_budget=node_budget, time_budget=time_budget, native_budget=native_budget
    )
    if result.verdict != "undetermined":  # an undetermined answer may depend on the machine's load
        answer = (result.verdict, tuple(result.line), result.method, result.nodes)
        cache.set(_definite_key(fen, color), answer, timeout=None)
    return result


_search.cache_clear = _search_in_process.cache_clear  # type: ignore[attr-defined]


def _search_fen(board: chess.Board) -> str:
    """The FEN a mate search is cached under: the move counters play no part in "any series of
    legal moves" (9.6 is ignored there), so positions differing only by them share one search."""
    return " ".join([*board.fen().split()[:4], "0", "1"])


LOCKED_NODE_BUDGET = 20_000  # per position and side
# Per analysis: the per-ply proofs of 5.2.2 on locked structures. A long game of shuffling
# bishops behind a locked chain must not cost a search at every ply (the API is public).
LOCKED_TOTAL_BUDGET = 200_000
# The same for the exhaustive search in C (positions: about half a second per position and
# side, four seconds per analysis at most).
LOCKED_NATIVE_BUDGET = 2_000_000
LOCKED_NATIVE_TOTAL_BUDGET = 16_000_000


class _DeadAfterPly:
    """Art. 5.2.2 checked after every ply: by material, and by an exhaustive search of the
    (small) reachable space when the pawns are locked — the game ends at that very ply.

    Each distinct position is searched once per analysis, within a total node budget; once it
    is spent, the remaining plies are judged by material only (the final position still gets
    its full search)."""

    def __init__(
        self, total_budget: int = LOCKED_TOTAL_BUDGET, native_total_budget: int = LOCKED_NATIVE_TOTAL_BUDGET
    ) -> None:
        self.remaining = total_budget
        self.native_remaining = native_total_budget
        self.known: dict[str, bool] = {}

    def __call__(self, board: chess.Board) -> bool:
        if mate.dead_by_material(board):
            return True
        if not mate.pawns_locked(board):
            return False
        fen = _search_fen(board)
        if fen not in self.known:
            if self.remaining <= 0 or self.native_remaining <= 0:
                return False
            dead = True
            for color in chess.COLORS:
                result = _search(
                    fen, color, min(LOCKED_NODE_BUDGET, self.remaining), 1.0,
                    min(LOCKED_NATIVE_BUDGET, self.native_remaining),
                )  # fmt: skip
                self.remaining -= max(1, result.nodes)
                self.native_remaining -= result.native_nodes
                if result.verdict != "no":
                    dead = False
                    break
            self.known[fen] = dead
        return self.known[fen]


def _in_notation(san: str, request: AnalysisRequest) -> str:
    """Moves quoted in an explanation, with the piece letters of the request's notation."""
    return moves_in_language(san, request.notation)


def _side(color: chess.Color) -> str:
    return "white" if color == chess.WHITE else "black"


def _player(color: chess.Color) -> str:
    return _("les Blancs") if color == chess.WHITE else _("les Noirs")


def _of_player(color: chess.Color) -> str:
    return _("des Blancs") if color == chess.WHITE else _("des Noirs")


def _penalty_minutes(rate: str) -> int:
    return 1 if rate == "blitz" else 2  # B.2: one minute instead of two in blitz


def _penalty_article(rate: str, standard: str) -> str:
    return {"standard": standard, "rapid": f"{standard}, A.4", "blitz": f"{standard}, B.2"}[rate]


# --------------------------------------------------------------------------- analysis


def _read_game(request: AnalysisRequest) -> ParsedGame:
    if request.fen is not None and not isinstance(request.fen, str):
        raise AnalysisInputError("fen", _("La FEN doit être une chaîne de caractères."))
    fen = request.fen.strip() if request.fen and request.fen.strip() else None
    if fen:
        try:
            validate_fen(fen)
        except FenError as error:
            raise AnalysisInputError("fen", error.message) from None
    if request.pgn and request.moves:
        raise AnalysisInputError("moves", _("Donnez soit un PGN, soit une liste de coups, pas les deux."))
    try:
        notation = request.notation
        if request.moves is not None:
            if not isinstance(request.moves, list):
                raise AnalysisInputError("moves", _("Les coups doivent être une liste de chaînes."))
            return parse_moves_in_notation(request.moves, notation=notation, fen=fen, allow_illegal=True)
        if request.pgn is not None and not isinstance(request.pgn, str):
            raise AnalysisInputError("pgn", _("Le PGN doit être une chaîne de caractères."))
        return parse_moves_in_notation(request.pgn or "", notation=notation, fen=fen, allow_illegal=True)
    except PgnError as error:
        raise AnalysisInputError("moves" if request.moves is not None else "pgn", error.message) from None


def _check_request(request: AnalysisRequest, game: ParsedGame) -> int:
    if request.notation not in NOTATIONS:
        raise AnalysisInputError("notation", _("« notation » doit valoir fr ou en."))
    if request.rate not in RATES:
        raise AnalysisInputError("rate", _("La cadence doit être standard, rapid ou blitz."))
    if request.flag_fell is not None and request.flag_fell not in SIDES:
        raise AnalysisInputError("flag_fell", _("« flag_fell » doit valoir white ou black."))
    if request.claim is not None:
        if request.claim.type not in CLAIM_TYPES:
            raise AnalysisInputError("claim", _("Le type de réclamation doit être threefold ou fifty."))
        intended = request.claim.intended_move
        if intended is not None and (
            not isinstance(intended, str)
            or len(intended) > 12
            or not is_move_notation(move_to_san(intended, request.notation))
        ):
            # Not a move at all (a typing error): an input error, not a claim to judge. A move that
            # is well written but illegal is a real claim, judged incorrect (9.5.3).
            shown = intended[:12] if isinstance(intended, str) else ""
            # The examples are SAN: in French they read Cf3, 0-0, e8=D (Appendix C).
            raise AnalysisInputError(
                "claim.intended_move",
                moves_in_language(
                    _(
                        "« %(move)s » n'est pas un coup : écrivez le coup annoncé en notation algébrique "
                        "(ex. Nf3, exd5, O-O, e8=Q) ou UCI (ex. g1f3)."
                    ),
                    request.notation,
                )
                % {"move": shown},
            )
    ply = len(game.moves) if request.ply is None else request.ply
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(game.moves):
        raise AnalysisInputError(
            "ply", _("Le demi-coup doit être un entier entre 0 et %(max)d.") % {"max": len(game.moves)}
        )
    return ply


def analyse(request: AnalysisRequest) -> Analysis:
    """Analyse a game as an arbiter would at ``request.ply``. Raises :class:`AnalysisInputError`."""
    language = request.language if request.language in ("fr", "en") else "fr"
    with translation.override(language):
        if request.notation not in NOTATIONS:
            raise AnalysisInputError("notation", _("« notation » doit valoir fr ou en."))
        game = _read_game(request)
        ply = _check_request(request, game)
        return _analyse(request, game, ply)


def _analyse(request: AnalysisRequest, game: ParsedGame, ply: int) -> Analysis:
    board = chess.Board(game.start_fen)
    occurrences: dict[tuple, list[int]] = {repetition_key(board): [0]}
    plies: list[PlyInfo] = []
    game_over_at: int | None = None
    dead_after_ply = _DeadAfterPly()
    for parsed in game.moves[:ply]:
        board = chess.Board(parsed.fen_after)
        key = repetition_key(board)
        occurrences.setdefault(key, []).append(parsed.ply)
        checkmate = board.is_checkmate()
        stalemate = not checkmate and board.is_stalemate()
        info = PlyInfo(
            ply=parsed.ply,
            move_number=parsed.move_number,
            side=parsed.side,
            san=parsed.san,
            uci=parsed.uci,
            fen=parsed.fen_after,
            legal=parsed.legal,
            check=board.is_check(),
            checkmate=checkmate,
            stalemate=stalemate,
            insufficient_material=mate.dead_by_material(board),
            dead_position=dead_after_ply(board),
            halfmove_clock=board.halfmove_clock,
            repetition_count=len(occurrences[key]),
            clock=format_clock(parsed.clock) if parsed.clock is not None else None,
            comment=parsed.comment,
        )
        plies.append(info)
        if game_over_at is None and (
            checkmate
            or stalemate
            or info.dead_position
            or info.repetition_count >= 5
            or info.halfmove_clock >= 150
        ):
            game_over_at = parsed.ply

    final = chess.Board(game.fen_at(ply))
    key = repetition_key(final)
    repetition = Repetition(count=len(occurrences[key]), plies=list(occurrences[key]))
    white = _search(_search_fen(final), chess.WHITE, request.node_budget, request.time_budget)
    black = _search(_search_fen(final), chess.BLACK, request.node_budget, request.time_budget)
    status, status_article = _status(final, repetition, white, black)
    if status == "dead_position" and game_over_at is None:
        game_over_at = ply
    illegal = _illegal_moves(game, ply, request.rate, request)
    analysis = Analysis(
        fen=final.fen(),
        ply=ply,
        status=status,
        status_article=status_article,
        halfmove_clock=final.halfmove_clock,
        repetition=repetition,
        can_checkmate={"white": white.verdict, "black": black.verdict},
        mating_lines={"white": white.line, "black": black.line},
        illegal_moves=illegal,
        claim=None,
        flag_fall=None,
        plies=plies,
        start_fen=game.start_fen,
        game_over_at=game_over_at,
        rate=request.rate,
        side_to_move=_side(final.turn),
    )
    if game_over_at is not None and game_over_at < ply:
        analysis.messages.append(
            _("La partie était déjà terminée au demi-coup %(ply)d ; les coups suivants ne comptent pas.")
            % {"ply": game_over_at}
        )
    # A game that ended earlier (checkmate, stalemate, 5.2.2, 9.6) stays ended: claims and flag
    # falls are judged against the way it ended, not against the moves played afterwards.
    end_status, end_board = status, final
    if game_over_at is not None and game_over_at < ply:
        end_status = _ply_status(plies[game_over_at - 1])
        end_board = chess.Board(plies[game_over_at - 1].fen)
    if request.claim is not None:
        analysis.claim = _judge_claim(request, final, occurrences, end_status)
    if request.flag_fell is not None:
        searches = {chess.WHITE: white, chess.BLACK: black}
        analysis.flag_fall = _judge_flag(request, end_board, end_status, searches)
    if analysis.claim is not None and analysis.flag_fall is not None and end_status == "ongoing":
        analysis.messages.append(_claim_and_flag_text(analysis.claim, analysis.flag_fall))
    return analysis


def _claim_and_flag_text(claim: ClaimVerdict, flag_fall: FlagFallVerdict) -> str:
    """How a draw claim and a flag fall in the same request combine: two separate events, each
    judged on its own; when their outcomes differ, the one that came first decides."""
    if not claim.valid:
        return _(
            "La réclamation et la chute du drapeau sont deux événements distincts, jugés chacun "
            "pour lui-même. La réclamation étant incorrecte, elle ne termine pas la partie : le "
            "verdict de la chute du drapeau s'applique (article 6.9)."
        )
    if flag_fall.result == "1/2-1/2":
        return _(
            "La réclamation et la chute du drapeau sont deux événements distincts, jugés chacun "
            "pour lui-même ; dans les deux cas, la partie est nulle."
        )
    return _(
        "La réclamation et la chute du drapeau sont deux événements distincts, jugés chacun "
        "pour lui-même, et leurs résultats diffèrent : le premier décide. Si la réclamation correcte a "
        "été faite avant que le drapeau soit tombé, la partie est nulle (article 9.5.2) et la chute "
        "du drapeau est sans effet ; si la chute du drapeau avait déjà été constatée par l'arbitre "
        "ou signalée par un joueur (article 6.8), c'est son verdict qui s'applique."
    )


def _status(
    board: chess.Board, repetition: Repetition, white: mate.MateSearch, black: mate.MateSearch
) -> tuple[Status, str | None]:
    if board.is_checkmate():
        return "checkmate", "5.1.1"  # takes precedence over 9.6.2
    if board.is_stalemate():
        return "stalemate", "5.2.1"
    if white.verdict == "no" and black.verdict == "no":
        return "dead_position", "5.2.2"
    if repetition.count >= 5:
        return "fivefold_repetition", "9.6.1"
    if board.halfmove_clock >= 150:
        return "seventy_five_moves", "9.6.2"
    return "ongoing", None


STATUS_ARTICLES: dict[str, str] = {
    "checkmate": "5.1.1",
    "stalemate": "5.2.1",
    "dead_position": "5.2.2",
    "fivefold_repetition": "9.6.1",
    "seventy_five_moves": "9.6.2",
}


def _ply_status(info: PlyInfo) -> Status:
    """Why the game ended at this ply, in the order of precedence (checkmate first)."""
    if info.checkmate:
        return "checkmate"
    if info.stalemate:
        return "stalemate"
    if info.dead_position:
        return "dead_position"
    if info.repetition_count >= 5:
        return "fivefold_repetition"
    if info.halfmove_clock >= 150:
        return "seventy_five_moves"
    return "ongoing"


def _game_over_text(status: Status) -> str:
    return {
        "checkmate": _("échec et mat, article 5.1.1"),
        "stalemate": _("pat, article 5.2.1"),
        "dead_position": _("position morte, article 5.2.2"),
        "fivefold_repetition": _("même position cinq fois, article 9.6.1"),
        "seventy_five_moves": _("75 coups sans prise ni mouvement de pion, article 9.6.2"),
        "ongoing": "",
    }[status]


def _claim_consequence(rate: str, intended: str | None) -> str:
    minutes = _penalty_minutes(rate)
    text = (
        _("L'arbitre ajoute %(minutes)d minutes au temps restant de l'adversaire, puis la partie continue.")
        if minutes > 1
        else _(
            "L'arbitre ajoute une minute au temps restant de l'adversaire (article B.2), puis "
            "la partie continue."
        )
    ) % {"minutes": minutes}
    if intended:
        text += " " + _(
            "Le coup annoncé (%(move)s) doit être joué (article 9.5.3) ; s'il est illégal, un autre coup "
            "doit être joué avec la même pièce."
        ) % {"move": intended}
    return text


def _judge_claim(
    request: AnalysisRequest, board: chess.Board, occurrences: dict[tuple, list[int]], status: Status
) -> ClaimVerdict:
    claim = request.claim
    assert claim is not None
    claimant = _player(board.turn)
    base_article = "9.2" if claim.type == "threefold" else "9.3"
    if status != "ongoing":
        return ClaimVerdict(
            valid=False,
            article=STATUS_ARTICLES[status],
            explanation=_("Aucune réclamation n'est possible : la partie est déjà terminée (%(reason)s).")
            % {"reason": _game_over_text(status)},
            consequence=_("Le résultat est celui de la fin de partie ; aucune pénalité."),
        )
    consequence = _claim_consequence(
        request.rate, typed_move_in_language(claim.intended_move.strip(), request.notation)
        if claim.intended_move else None
    )
    intended_san = move_to_san(claim.intended_move.strip(), request.notation) if claim.intended_move else ""
    penalty_article = _penalty_article(request.rate, "9.5.3")
    intended_move = None
    if claim.intended_move:
        try:
            intended_move = board.parse_san(intended_san.rstrip("!?"))
            if not intended_move:
                raise ValueError("a null move is not a move")  # "--", "0000", "Z0"
        except ValueError:
            return ClaimVerdict(
                valid=False,
                article=penalty_article,
                explanation=_(
                    "Le coup annoncé « %(move)s » n'est pas un coup légal pour %(player)s : la "
                    "réclamation est "
                    "incorrecte."
                )
                % {"move": typed_move_in_language(claim.intended_move.strip(), request.notation),
                   "player": claimant},
                consequence=consequence,
            )
    if claim.type == "threefold":
        if intended_move is not None:
            after = board.copy(stack=False)
            san = board.san(intended_move)
            after.push(intended_move)
            seen = occurrences.get(repetition_key(after), [])
            if len(seen) + 1 >= 3:
                return ClaimVerdict(
                    valid=True,
                    article="9.2.1.1",
                    explanation=_(
                        "Après le coup annoncé %(move)s, la même position (même trait, mêmes "
                        "pièces sur les mêmes "
                        "cases, mêmes coups possibles) apparaîtra pour la %(count)de fois ; "
                        "elle est déjà apparue "
                        "après les demi-coups %(plies)s."
                    )
                    % {
                        "move": _in_notation(san, request),
                        "count": len(seen) + 1,
                        "plies": ", ".join(map(str, seen)),
                    },
                    consequence=_("La partie est déclarée nulle (article 9.5.2)."),
                )
        seen = occurrences.get(repetition_key(board), [])
        if len(seen) >= 3:
            return ClaimVerdict(
                valid=True,
                article="9.2.1.2",
                explanation=_(
                    "La position vient d'apparaître pour la %(count)de fois, %(player)s ayant le trait "
                    "(demi-coups %(plies)s)."
                )
                % {"count": len(seen), "player": claimant, "plies": ", ".join(map(str, seen))},
                consequence=_("La partie est déclarée nulle (article 9.5.2)."),
            )
        if intended_move is not None:
            after = board.copy(stack=False)
            after.push(intended_move)
            count = len(occurrences.get(repetition_key(after), [])) + 1
            explanation = _(
                "Après le coup annoncé, la position n'apparaîtrait que %(count)d fois (il en faut 3, selon "
                "l'article 9.2.2 : même trait, mêmes pièces, mêmes droits de roque et de prise en passant)."
            ) % {"count": count}
        else:
            explanation = _(
                "La position actuelle n'est apparue que %(count)d fois (il en faut 3, selon "
                "l'article 9.2.2 : "
                "même trait, mêmes pièces, mêmes droits de roque et de prise en passant)."
            ) % {"count": len(seen)}
        return ClaimVerdict(
            valid=False, article=penalty_article, explanation=explanation, consequence=consequence
        )

    # Fifty moves (9.3)
    if intended_move is not None:
        after = board.copy(stack=False)
        san = board.san(intended_move)
        after.push(intended_move)
        if after.halfmove_clock >= 100:
            return ClaimVerdict(
                valid=True,
                article="9.3.1",
                explanation=_(
                    "Avec le coup annoncé %(move)s, les 50 derniers coups de chaque joueur "
                    "auront été joués sans "
                    "mouvement de pion ni prise (%(count)d demi-coups)."
                )
                % {"move": _in_notation(san, request), "count": after.halfmove_clock},
                consequence=_("La partie est déclarée nulle (article 9.5.2)."),
            )
    if board.halfmove_clock >= 100:
        return ClaimVerdict(
            valid=True,
            article="9.3.2",
            explanation=_(
                "Les 50 derniers coups de chaque joueur ont été achevés sans mouvement de pion ni prise "
                "(%(count)d demi-coups)."
            )
            % {"count": board.halfmove_clock},
            consequence=_("La partie est déclarée nulle (article 9.5.2)."),
        )
    counted = board.halfmove_clock
    if intended_move is not None:
        after = board.copy(stack=False)
        after.push(intended_move)
        counted = after.halfmove_clock
    return ClaimVerdict(
        valid=False,
        article=penalty_article,
        explanation=_(
            "Seuls %(count)d demi-coups ont été joués depuis le dernier mouvement de pion ou "
            "la dernière prise ; "
            "il en faut 100 (50 coups de chaque joueur) selon l'article %(article)s."
        )
        % {"count": counted, "article": base_article},
        consequence=consequence,
    )


def _judge_flag(
    request: AnalysisRequest, board: chess.Board, status: Status, searches: dict[chess.Color, mate.MateSearch]
) -> FlagFallVerdict:
    flagged = chess.WHITE if request.flag_fell == "white" else chess.BLACK
    article = "6.9" if request.rate == "standard" else "6.9, A.4.3"
    if status == "checkmate":
        winner = not board.turn
        return FlagFallVerdict(
            "1-0" if winner == chess.WHITE else "0-1",
            "5.1.1",
            _(
                "La partie était déjà terminée par échec et mat, qui prime sur la chute du "
                "drapeau (article 6.9)."
            ),
        )
    if status != "ongoing":
        return FlagFallVerdict(
            "1/2-1/2",
            STATUS_ARTICLES[status],
            _(
                "La partie était déjà terminée (%(reason)s) ; la chute du drapeau est sans "
                "effet (article 6.9)."
            )
            % {"reason": _game_over_text(status)},
        )
    opponent = searches[not flagged]
    flagged_name = _player(flagged)
    opponent_name = _player(not flagged)
    if opponent.verdict == "yes":
        line = _in_notation(" ".join(opponent.line), request)
        explanation = _(
            "Le drapeau %(of_flagged)s est tombé et %(opponent)s peuvent mater par une suite de coups légaux "
            "(même avec la coopération de l'adversaire), par exemple : %(line)s. La partie est perdue par "
            "%(flagged)s."
        ) % {
            "of_flagged": _of_player(flagged),
            "flagged": flagged_name,
            "opponent": opponent_name,
            "line": line or "—",
        }
        return FlagFallVerdict("0-1" if flagged == chess.WHITE else "1-0", article, explanation)
    if opponent.verdict == "no":
        how = (
            _("le matériel ne le permet pas")
            if opponent.method == "material"
            else _("toutes les suites de coups légaux ont été examinées sans trouver de mat")
        )
        return FlagFallVerdict(
            "1/2-1/2",
            article,
            _(
                "Le drapeau %(of_flagged)s est tombé, mais %(opponent)s ne peuvent mater par "
                "aucune suite de coups "
                "légaux (%(how)s) : la partie est nulle."
            )
            % {"of_flagged": _of_player(flagged), "opponent": opponent_name, "how": how},
        )
    return FlagFallVerdict(
        "*",
        article,
        _(
            "La recherche n'a pas pu établir, dans son budget, si %(opponent)s peuvent mater "
            "par une suite de coups "
            "légaux ; l'arbitre doit examiner la position (article 6.9)."
        )
        % {"opponent": opponent_name},
    )


def _illegal_moves(game: ParsedGame, ply: int, rate: str, request: AnalysisRequest) -> list[IllegalMove]:
    found: list[IllegalMove] = []
    counted = {"white": 0, "black": 0}
    second_at = {"white": 0, "black": 0}
    minutes = _penalty_minutes(rate)
    for parsed in game.moves[:ply]:
        if parsed.legal:
            continue
        opponent_replied = parsed.ply < ply  # the opponent has made its next move
        reason = reason_text(parsed.illegal_reason) if parsed.illegal_reason else ""
        item = IllegalMove(
            ply=parsed.ply,
            move=parsed.text,
            reason=reason,
            sanction="",
            article="7.5.5",
            move_number=parsed.move_number,
            side=parsed.side,
            reason_code=parsed.illegal_reason,
            restore_fen=parsed.fen_before,
        )
        player = _player(chess.WHITE if parsed.side == "white" else chess.BLACK)
        of_player = _of_player(chess.WHITE if parsed.side == "white" else chess.BLACK)
        if rate != "standard" and opponent_replied:
            item.stands = True
            item.article = "A.4.2" if rate == "rapid" else "A.4.2, B.4"
            item.sanction = _(
                "L'adversaire a joué son coup suivant sans réclamer et l'arbitre n'est pas "
                "intervenu : le coup "
                "illégal subsiste et la partie continue, sans pénalité."
            )
            found.append(item)
            continue
        counted[parsed.side] += 1
        base = "7.5.5" if rate == "standard" else ("7.5.5, A.4.2" if rate == "rapid" else "7.5.5, A.4.2, B.2")
        item.article = base
        if counted[parsed.side] > 2:
            # The second illegal move already decided the game: nothing more to search or to sanction.
            item.sanction = _(
                "La partie était déjà décidée par le deuxième coup illégal %(of_player)s (demi-coup %(ply)d)."
            ) % {"of_player": of_player, "ply": second_at[parsed.side]}
        elif counted[parsed.side] == 1:
            restore = _("La position précédant immédiatement le coup illégal est rétablie (article 7.5.1). ")
            if minutes > 1:
                penalty = _(
                    "Premier coup illégal %(of_player)s : l'arbitre donne %(minutes)d minutes "
                    "supplémentaires à l'adversaire."
                ) % {"of_player": of_player, "minutes": minutes}
            else:
                penalty = _(
                    "Premier coup illégal %(of_player)s : l'arbitre donne une minute supplémentaire à "
                    "l'adversaire (article B.2)."
                ) % {"of_player": of_player}
            item.sanction = restore + penalty
        else:
            second_at[parsed.side] = parsed.ply
            position = chess.Board(parsed.fen_before)
            offender = chess.WHITE if parsed.side == "white" else chess.BLACK
            search = _search(
                _search_fen(position), not offender, request.node_budget // 2, request.time_budget / 2
            )
            if search.verdict == "no":
                item.sanction = _(
                    "Deuxième coup illégal %(of_player)s, mais l'adversaire ne peut mater par "
                    "aucune suite de "
                    "coups légaux : la partie est nulle."
                ) % {"of_player": of_player}
            else:
                item.sanction = _(
                    "Deuxième coup illégal %(of_player)s : la partie est perdue par %(player)s."
                ) % {"of_player": of_player, "player": player}
                if search.verdict == "undetermined":
                    item.sanction += " " + _(
                        "(La recherche n'a pas pu établir si l'adversaire peut encore mater : "
                        "l'arbitre doit le "
                        "vérifier.)"
                    )
        found.append(item)
    return found

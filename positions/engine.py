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

import chess
from django.utils import translation
from django.utils.translation import gettext as _

from positions import mate
from positions.analysis_types import (
    CLAIM_TYPES,
    RATES,
    SIDES,
    Analysis,
    AnalysisInputError,
    AnalysisRequest,
    Claim,
    ClaimType,
    ClaimVerdict,
    FlagFallVerdict,
    IllegalMove,
    PlyInfo,
    Rate,
    Repetition,
    Result,
    Status,
)
from positions.notation import (
    NOTATIONS,
    move_to_san,
    moves_in_language,
    parse_moves_in_notation,
)
from positions.rulings import STATUS_ARTICLES, _illegal_moves, _judge_claim, _judge_flag, _side
from positions.searches import (
    LOCKED_NATIVE_BUDGET,
    LOCKED_NATIVE_TOTAL_BUDGET,
    LOCKED_NODE_BUDGET,
    LOCKED_TOTAL_BUDGET,
    _DeadAfterPly,
    _search,
    _search_fen,
    repetition_key,
)
from positions.validation import (
    FenError,
    ParsedGame,
    PgnError,
    format_clock,
    is_move_notation,
    validate_fen,
)

# The names callers import from here; the pieces live in analysis_types, searches and rulings.
__all__ = [
    "CLAIM_TYPES",
    "LOCKED_NATIVE_BUDGET",
    "LOCKED_NATIVE_TOTAL_BUDGET",
    "LOCKED_NODE_BUDGET",
    "LOCKED_TOTAL_BUDGET",
    "RATES",
    "SIDES",
    "STATUS_ARTICLES",
    "Analysis",
    "AnalysisInputError",
    "AnalysisRequest",
    "Claim",
    "ClaimType",
    "ClaimVerdict",
    "FlagFallVerdict",
    "IllegalMove",
    "PlyInfo",
    "Rate",
    "Repetition",
    "Result",
    "Status",
    "analyse",
    "repetition_key",
]


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

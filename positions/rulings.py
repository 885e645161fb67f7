"""The arbiter's rulings within an analysis: draw claims (9.2, 9.3, 9.5), flag falls (6.9,
A.4.3) and illegal moves (7.5.5, A.4.2, B.2), each explained in the request's language."""

from __future__ import annotations

import chess
from django.utils.translation import gettext as _

from positions import mate
from positions.analysis_types import AnalysisRequest, ClaimVerdict, FlagFallVerdict, IllegalMove, Status
from positions.notation import (
    move_to_san,
    moves_in_language,
    typed_move_in_language,
)
from positions.searches import _search, _search_fen, repetition_key
from positions.validation import (
    ParsedGame,
    reason_text,
)


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


STATUS_ARTICLES: dict[str, str] = {
    "checkmate": "5.1.1",
    "stalemate": "5.2.1",
    "dead_position": "5.2.2",
    "fivefold_repetition": "9.6.1",
    "seventy_five_moves": "9.6.2",
}


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

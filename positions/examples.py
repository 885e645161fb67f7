"""Reference positions for the arbiter: the commentary's examples and the classic traps.

Each position comes with the engine's verdict, computed when the page is shown (the mate
searches are cached by position), so the page cannot contradict the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class ReferencePosition:
    key: str
    fen: str
    title: str | Promise
    text: str | Promise
    article: str
    last_move: str | None = None
    squares: str = ""
    arrows: str = ""


REFERENCE_POSITIONS: list[ReferencePosition] = [
    ReferencePosition(
        "bare-kings",
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        _("Roi contre roi"),
        _("Aucun des deux joueurs ne peut mater : la partie est nulle sur-le-champ."),
        "5.2.2",
    ),
    ReferencePosition(
        "knights",
        "8/8/4k3/4n3/8/4N3/4K3/8 w - - 0 1",
        _("Roi et cavalier contre roi et cavalier"),
        _("Ce n'est pas une position morte : un mat reste possible avec l'aide de l'adversaire."),
        "5.2.2",
    ),
    ReferencePosition(
        "blocked",
        "8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3/8 b - - 0 1",
        _("Chaîne de pions bloquée"),
        _(
            "Les Blancs viennent de jouer h5 : seuls les rois peuvent bouger et aucun ne peut franchir la "
            "chaîne. Position morte, la partie est nulle."
        ),
        "5.2.2",
        last_move="h4h5",
    ),
    ReferencePosition(
        "bishops",
        "8/4k3/8/2b5/8/4B3/4K3/8 w - - 0 1",
        _("Fous de même couleur"),
        _("Tous les fous sont sur des cases noires : aucun mat n'est possible, pour aucun des camps."),
        "5.2.2",
        squares="c5:yellow,e3:yellow",
    ),
    ReferencePosition(
        "knight-pawn",
        "8/8/8/8/3N4/5K2/7p/7k b - - 0 1",
        _("Cavalier contre pion : chute du drapeau"),
        _(
            "Si le drapeau des Noirs tombe, ils perdent : les Blancs peuvent mater par une suite de coups "
            "légaux, le pion noir bloquant son propre roi."
        ),
        "6.9",
        squares="h2:red",
    ),
    ReferencePosition(
        "queen-flag",
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
        _("Dame contre roi seul : chute du drapeau"),
        _("Si le drapeau des Blancs tombe, la partie est nulle : le roi seul ne peut jamais mater."),
        "6.9",
    ),
    ReferencePosition(
        "stalemate",
        "7k/5K2/6P1/8/8/8/8/8 b - - 0 1",
        _("Pat"),
        _(
            "Les Noirs n'ont aucun coup légal et ne sont pas en échec : la partie est nulle, même si un "
            "drapeau tombe ensuite."
        ),
        "5.2.1",
    ),
    ReferencePosition(
        "fifty-mate",
        "R6k/8/6K1/8/8/8/8/8 b - - 100 80",
        _("Mat au cinquantième coup"),
        _(
            "Le coup qui complète les 50 coups sans prise ni pion donne mat : le mat prime, aucune "
            "réclamation n'est plus possible."
        ),
        "9.3, 5.1.1",
        last_move="a1a8",
    ),
    ReferencePosition(
        "castling",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        _("Droits de roque et répétition"),
        _(
            "Si un roi ou une tour bouge puis revient, la position semble identique mais le "
            "droit de roquer est "
            "perdu : ce n'est plus la même position."
        ),
        "9.2.2.2",
        arrows="e1f1:red,f1e1:red",
    ),
    ReferencePosition(
        "en-passant",
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        _("Prise en passant"),
        _(
            "Juste après d7-d5, la prise exd6 en passant est possible : cette position diffère de la même "
            "disposition des pièces apparue plus tard."
        ),
        "9.2.2.1",
        last_move="d7d5",
        arrows="e5d6:green",
    ),
]


@dataclass(frozen=True)
class ReferenceVerdict:
    position: ReferencePosition
    status: str
    white: str
    black: str


# Seconds per side. The reference positions are searched once per process (definite verdicts
# are then kept), so they may take longer than an analysis on a loaded server: the captions
# state what the engine must find, and the node budget still bounds the work.
REFERENCE_TIME_BUDGET = 20.0
_computed: dict[str, tuple[ReferenceVerdict, ...]] = {}


def reference_verdicts() -> tuple[ReferenceVerdict, ...]:
    """The reference positions with the engine's status and mate verdicts (computed once per
    process, unless a search ran out of budget: an "undetermined" is not kept)."""
    from positions.engine import AnalysisRequest, analyse

    if "all" in _computed:
        return _computed["all"]
    verdicts = []
    for position in REFERENCE_POSITIONS:
        analysis = analyse(AnalysisRequest(fen=position.fen, time_budget=REFERENCE_TIME_BUDGET))
        verdicts.append(
            ReferenceVerdict(
                position, analysis.status, analysis.can_checkmate["white"], analysis.can_checkmate["black"]
            )
        )
    if all("undetermined" not in (verdict.white, verdict.black) for verdict in verdicts):
        _computed["all"] = tuple(verdicts)
    return tuple(verdicts)


reference_verdicts.cache_clear = _computed.clear  # type: ignore[attr-defined]

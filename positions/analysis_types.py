"""The requests and answers of the arbiter's analysis (:func:`positions.engine.analyse`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal

from positions import mate
from positions.validation import (
    IllegalReason,
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

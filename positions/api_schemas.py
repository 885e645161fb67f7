"""The body of ``POST /api/chess/analyse`` (django-ninja turns it into the OpenAPI document;
the answer's shape is the engine's own ``Analysis``)."""

from __future__ import annotations

from typing import Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from positions.engine import ClaimType, Rate
from positions.validation import MAX_FEN_LENGTH, MAX_PLIES


class ClaimRequest(Schema):
    """A draw claim by the side to move at `ply`."""

    model_config = ConfigDict(extra="forbid", strict=True)

    type: ClaimType
    intended_move: str | None = Field(
        None,
        examples=["Nf3"],
        description="The move written but not played (9.2.1.1, 9.3.1). One that is not written as a move "
        "(SAN or UCI on existing squares) is a 400 on `claim.intended_move`; a well-written but illegal "
        "move makes the claim incorrect (9.5.3).",
    )


class AnalysisRequest(Schema):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "moves": ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
                    "claim": {"type": "threefold", "intended_move": None},
                }
            ]
        },
    )

    fen: str | None = Field(
        None,
        max_length=MAX_FEN_LENGTH,
        description="Start position; default: the initial position (or the PGN's FEN header).",
    )
    pgn: str | None = Field(None, description="PGN with comments, NAGs, [%clk], [%cal], [%csl].")
    moves: list[str] | None = Field(
        None,
        max_length=MAX_PLIES,
        description="SAN or UCI moves; may contain illegal moves (use either pgn or moves).",
    )
    ply: int | None = Field(None, ge=0, description="Analyse up to this ply (default: the end).")
    rate: Rate = "standard"
    claim: ClaimRequest | None = None
    flag_fell: Literal["white", "black"] | None = Field(
        None,
        description="A flag fall (6.9). It may come with a `claim`: the two events are judged separately "
        "(`claim` and `flag_fall`) and `messages` says which one prevails.",
    )
    lang: Literal["fr", "en"] | None = Field(
        None, description="Language of the explanations (default: Accept-Language, then French)."
    )
    notation: Literal["fr", "en"] = Field(
        "en",
        description="Piece letters of `moves`, `pgn` and `claim.intended_move`, and of the moves quoted in "
        "the explanations: `en` (K Q R B N, SAN) or `fr` (R D T F C: R is the king in French).",
    )

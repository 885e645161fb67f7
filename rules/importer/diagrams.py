"""The diagrams of the 2018 Laws of Chess whose pictures were lost in extraction.

Chapter 2.1 of *Le Livre de l'Arbitre* kept only blank lines or captions where its diagrams
were (the dead position in the commentary of 1.5, line 1192; the moves of the pieces and
castling, lines 1249-1321). The positions, annotations and captions are defined by hand in
``rules/data/sources/diagrams-2018.json``; this module checks them with python-chess and
writes ``diagrams.json``. Articles list the keys of their diagrams (see laws2018.py).
"""

from __future__ import annotations

import json
import re

import chess

from rules.importer import DATA_DIR

EDITION = "2018"
SOURCE_PATH = DATA_DIR / "sources" / "diagrams-2018.json"
_SQUARE = r"[a-h][1-8]"
_ARROW = re.compile(rf"^{_SQUARE}{_SQUARE}(?::[a-z]+)?$")


class DiagramError(ValueError):
    """A hand-made diagram is not a legal position or has a malformed annotation."""


def source_diagrams() -> list[dict]:
    return json.loads(SOURCE_PATH.read_text(encoding="utf-8"))["diagrams"]


def check(diagram: dict) -> None:
    key = diagram["key"]
    try:
        board = chess.Board(diagram["fen"])
    except ValueError as error:
        raise DiagramError(f"{key}: invalid FEN {diagram['fen']!r}: {error}") from error
    if not board.is_valid():
        raise DiagramError(f"{key}: impossible position {diagram['fen']!r} ({board.status()!r})")
    for arrow in diagram["arrows"]:
        if not _ARROW.match(arrow):
            raise DiagramError(f"{key}: malformed arrow {arrow!r}")
    for square in [*diagram["circles"], *diagram["squares"]]:
        if not re.fullmatch(_SQUARE, square):
            raise DiagramError(f"{key}: malformed square {square!r}")
    last_move = diagram["last_move"]
    if last_move:
        move = chess.Move.from_uci(last_move)
        if board.piece_at(move.to_square) is None or board.piece_at(move.from_square) is not None:
            raise DiagramError(f"{key}: last move {last_move} does not lead to this position")
    if not diagram["caption_fr"] or not diagram["caption_en"]:
        raise DiagramError(f"{key}: a caption is missing")


def diagrams() -> list[dict[str, object]]:
    result = []
    for diagram in source_diagrams():
        check(diagram)
        result.append(
            {
                "key": diagram["key"],
                "edition": EDITION,
                "article": diagram["article"],
                "fen": diagram["fen"],
                "orientation": diagram["orientation"],
                "arrows": diagram["arrows"],
                "circles": diagram["circles"],
                "squares": diagram["squares"],
                "last_move": diagram["last_move"],
                "caption_fr": diagram["caption_fr"],
                "caption_en": diagram["caption_en"],
            }
        )
    return result


def keys_by_article() -> dict[str, list[str]]:
    by_article: dict[str, list[str]] = {}
    for diagram in source_diagrams():
        by_article.setdefault(diagram["article"], []).append(diagram["key"])
    return by_article


def build() -> dict[str, object]:
    return {"diagrams.json": diagrams()}

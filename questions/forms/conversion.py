"""From the editor's cleaned data to the bank format (``questions/data/FORMAT.md``) and back."""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from positions.notation import move_to_san, moves_in_language, notation_of_language
from questions.forms.choices import CHOICE_TYPES, format_citation, nonblank_lines, parse_citation


def plain_number(value: Decimal | int | float | None) -> int | float | None:
    if value is None:
        return None
    value = Decimal(value)
    return int(value) if value == value.to_integral_value() else float(value)


def option_key(index: int) -> str:
    """The ``index``-th option key: a, b, c… as Moodle letters its answers."""
    return "abcdefghijklmnopqrstuvwxyz"[index] if index < 26 else f"k{index}"


def _numbered_key(prefix: str) -> Callable[[int], str]:
    return lambda index: f"{prefix}{index + 1}"


def assign_keys(rows: list[dict[str, Any]], make_key: Callable[[int], str], taken: set[str]) -> list[str]:
    """The rows' keys: a row keeps the key it has; a new row gets the next one in the series,
    after the highest already used (by these rows or by ``taken``, the rows being removed and
    the other lists), so a key removed from an earlier version is not given to another row."""
    used = set(taken) | {row.get("key") for row in rows if row.get("key")}
    after = max((index for index in range(len(used) + 100) if make_key(index) in used), default=-1)
    next_index = after + 1
    keys: list[str] = []
    for row in rows:
        key = row.get("key") or ""
        if not key or key in keys:
            while make_key(next_index) in used:
                next_index += 1
            key = make_key(next_index)
            used.add(key)
        keys.append(key)
    return keys


def content_from_cleaned(
    cleaned: dict[str, Any],
    lists: dict[str, list[dict[str, Any]]],
    *,
    taken_keys: set[str] | frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """The question in the bank format. ``taken_keys`` are keys new rows must not get (those
    of the rows being removed)."""
    kind = cleaned.get("type") or "single"
    citations = [parse_citation(value) for value in cleaned.get("citations") or []]
    citations = [citation for citation in citations if citation]
    for citation in cleaned.get("citations_extra") or []:
        if citation not in citations:
            citations.append(citation)
    content: dict[str, Any] = {
        "uid": cleaned.get("uid") or "",
        "type": kind,
        "units": list(cleaned.get("units") or []),
        "tags": list(cleaned.get("tags") or []) if isinstance(cleaned.get("tags"), list) else [],
        "difficulty": cleaned.get("difficulty") or 2,
        "points": plain_number(cleaned.get("points")) or 1,
        "negative_marking": bool(cleaned.get("negative_marking")),
        "eliminatory": bool(cleaned.get("eliminatory")),
        "stem_fr": cleaned.get("stem_fr") or "",
        "stem_en": cleaned.get("stem_en") or "",
        "explanation_fr": cleaned.get("explanation_fr") or "",
        "explanation_en": cleaned.get("explanation_en") or "",
        "citations": citations,
        "source": cleaned.get("source") or "",
        "scenario": _scenario_from_cleaned(cleaned),
        "body": _body_from_cleaned(kind, cleaned, lists, set(taken_keys)),
    }
    return content


def _scenario_from_cleaned(cleaned: dict[str, Any]) -> dict[str, Any] | None:
    fen = (cleaned.get("fen") or "").strip()
    moves = (cleaned.get("moves") or "").strip()
    # Any part of a scenario makes one: a flag fall in the initial position has no FEN or moves.
    parts = (
        "with_scenario",
        "claim_type",
        "flag_fell",
        "clock_white",
        "clock_black",
        "arrows",
        "circles",
        "squares",
    )
    if not fen and not moves and not any(cleaned.get(name) for name in parts):
        return None
    scenario: dict[str, Any] = {
        "fen": fen,
        "moves": moves,
        "orientation": cleaned.get("orientation") or "white",
        "rate": cleaned.get("rate") or "standard",
    }
    if cleaned.get("ply") is not None:
        scenario["ply"] = cleaned["ply"]
    for name in ("arrows", "circles"):
        if cleaned.get(name):
            scenario[name] = list(cleaned[name])
    if cleaned.get("squares"):
        scenario["squares"] = dict(cleaned["squares"])
    if cleaned.get("clock_white") or cleaned.get("clock_black"):
        scenario["clocks"] = {
            "white": cleaned.get("clock_white") or "",
            "black": cleaned.get("clock_black") or "",
        }
        if cleaned.get("clock_to_move"):
            # Stopped clocks have no side "to move": the key is left out, not set to "".
            scenario["clocks"]["to_move"] = cleaned["clock_to_move"]
    if cleaned.get("claim_type"):
        scenario["claim"] = {
            "type": cleaned["claim_type"],
            "intended_move": move_to_san(cleaned.get("intended_move") or "", notation_of_language()) or None,
        }
    if cleaned.get("flag_fell"):
        scenario["flag_fell"] = cleaned["flag_fell"]
    return scenario


def _body_from_cleaned(
    kind: str, cleaned: dict[str, Any], lists: dict[str, list[dict[str, Any]]], taken: set[str]
) -> dict[str, Any]:
    if kind in CHOICE_TYPES:
        options = []
        rows = lists.get("options", [])
        for key, row in zip(assign_keys(rows, option_key, taken), rows, strict=True):
            options.append(
                {
                    "key": key,
                    "text_fr": row.get("text_fr") or "",
                    "text_en": row.get("text_en") or "",
                    "correct": bool(row.get("correct")),
                    "feedback_fr": row.get("feedback_fr") or "",
                    "feedback_en": row.get("feedback_en") or "",
                }
            )
        body: dict[str, Any] = {"options": options, "shuffle": bool(cleaned.get("shuffle"))}
        if kind == "multiple":
            body["scoring"] = cleaned.get("scoring") or "all_or_nothing"
        return body
    if kind == "truefalse":
        return {"answer": cleaned.get("answer")}
    if kind == "numeric":
        return {
            "value": plain_number(cleaned.get("value")),
            "tolerance": plain_number(cleaned.get("tolerance")) or 0,
            "unit_fr": cleaned.get("unit_fr") or "",
            "unit_en": cleaned.get("unit_en") or "",
        }
    if kind == "short":
        return {
            "accepted": nonblank_lines(cleaned.get("accepted", "")),
            "accepted_en": nonblank_lines(cleaned.get("accepted_en", "")),
        }
    if kind == "open":
        return {
            "model_answer_fr": cleaned.get("model_answer_fr") or "",
            "model_answer_en": cleaned.get("model_answer_en") or "",
            "rubric": [
                {
                    "criterion_fr": row.get("criterion_fr") or "",
                    "criterion_en": row.get("criterion_en") or "",
                    "points": plain_number(row.get("points")) or 0,
                }
                for row in lists.get("rubric", [])
            ],
        }
    if kind == "ruling":
        decisions, sanctions = lists.get("decisions", []), lists.get("sanctions", [])
        # Decisions and sanctions share one set of keys (FORMAT.md).
        everything = taken | {row["key"] for row in decisions + sanctions if row.get("key")}
        decision_keys = assign_keys(decisions, _numbered_key("d"), everything)
        sanctions = [
            {**row, "key": ""} if row.get("key") in decision_keys else row for row in sanctions
        ]
        sanction_keys = assign_keys(sanctions, _numbered_key("s"), everything | set(decision_keys))
        return {
            "decisions": [
                {
                    "key": key,
                    "outcome": row.get("outcome") or "other",
                    "text_fr": row.get("text_fr") or "",
                    "text_en": row.get("text_en") or "",
                    "correct": bool(row.get("correct")),
                }
                for key, row in zip(decision_keys, decisions, strict=True)
            ],
            "sanctions": [
                {
                    "key": key,
                    "action": row.get("action") or "other",
                    "text_fr": row.get("text_fr") or "",
                    "text_en": row.get("text_en") or "",
                    "correct": bool(row.get("correct")),
                }
                for key, row in zip(sanction_keys, sanctions, strict=True)
            ],
            "decision_points": plain_number(cleaned.get("decision_points")) or 0,
            "sanction_points": plain_number(cleaned.get("sanction_points")) or 0,
        }
    if kind == "computed":
        from questions.forms.computed import body_from_cleaned

        return body_from_cleaned(cleaned)
    if kind == "pairing":
        try:
            body = json.loads(cleaned.get("pairing_body") or "")
        except ValueError:
            return {}
        return body if isinstance(body, dict) else {}
    return {}


def initial_from_content(content: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """The editor's initial values and list rows for a question in the bank format."""
    scenario = content.get("scenario") or {}
    body = content.get("body") or {}
    clocks = scenario.get("clocks") or {}
    claim = scenario.get("claim") or {}
    initial: dict[str, Any] = {
        "uid": content.get("uid", ""),
        "type": content.get("type", "single"),
        "units": list(content.get("units") or []),
        "tags": ", ".join(content.get("tags") or []),
        "difficulty": content.get("difficulty", 2),
        "points": content.get("points", 1),
        "negative_marking": content.get("negative_marking", False),
        "eliminatory": content.get("eliminatory", False),
        "stem_fr": content.get("stem_fr", ""),
        "stem_en": content.get("stem_en", ""),
        "explanation_fr": content.get("explanation_fr", ""),
        "explanation_en": content.get("explanation_en", ""),
        "citations": [format_citation(citation) for citation in content.get("citations") or []],
        "source": content.get("source", ""),
        "with_scenario": bool(scenario),
        "fen": scenario.get("fen", ""),
        # Stored in SAN; shown (and typed back) with the piece letters of the interface.
        "moves": moves_in_language(scenario.get("moves", "")),
        "ply": scenario.get("ply"),
        "orientation": scenario.get("orientation", "white"),
        "arrows": " ".join(scenario.get("arrows") or []),
        "circles": " ".join(scenario.get("circles") or []),
        "squares": " ".join(
            f"{square}={colour}" for square, colour in (scenario.get("squares") or {}).items()
        ),
        "clock_white": clocks.get("white", ""),
        "clock_black": clocks.get("black", ""),
        "clock_to_move": clocks.get("to_move", ""),
        "rate": scenario.get("rate", "standard"),
        "claim_type": claim.get("type", ""),
        "intended_move": moves_in_language(claim.get("intended_move") or ""),
        "flag_fell": scenario.get("flag_fell") or "",
        "shuffle": body.get("shuffle", True),
        "scoring": body.get("scoring", "all_or_nothing"),
        "answer": {True: "true", False: "false"}.get(body.get("answer"), ""),
        "value": body.get("value"),
        "tolerance": body.get("tolerance", 0),
        "unit_fr": body.get("unit_fr", ""),
        "unit_en": body.get("unit_en", ""),
        "accepted": "\n".join(body.get("accepted") or []),
        "accepted_en": "\n".join(body.get("accepted_en") or []),
        "model_answer_fr": body.get("model_answer_fr", ""),
        "model_answer_en": body.get("model_answer_en", ""),
        "decision_points": body.get("decision_points"),
        "sanction_points": body.get("sanction_points"),
    }
    if content.get("type") == "computed":
        from questions.forms.computed import initial_from_body

        initial.update(initial_from_body(body))
    if content.get("type") == "pairing":
        initial["pairing_body"] = json.dumps(body, ensure_ascii=False, indent=1)
    lists = {
        "options": [dict(option) for option in body.get("options") or []],
        "rubric": [dict(row) for row in body.get("rubric") or []],
        "decisions": [dict(row) for row in body.get("decisions") or []],
        "sanctions": [dict(row) for row in body.get("sanctions") or []],
    }
    return initial, lists

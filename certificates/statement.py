"""The signed statement of a certificate: what it certifies, as canonical JSON.

Canonical: keys sorted, no insignificant spaces, UTF-8 (not ``\\u`` escapes), so that the
same facts always give the same bytes and anyone can re-serialise and check the signature.
The PDF cannot contain its own hash; the statement is signed instead, and both travel in
the PDF as attachments (``statement.json``, ``statement.sig``).
"""

from __future__ import annotations

import json
from typing import Any

from certificates import wording

FORMAT = "ffe-dna-certificate/1"
STATEMENT_NAME = "statement.json"
SIGNATURE_NAME = "statement.sig"


def canonical(statement: dict[str, Any]) -> bytes:
    return json.dumps(statement, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def parse(data: bytes) -> dict[str, Any]:
    """The statement in ``data``; ValueError unless it is canonical JSON of our format."""
    statement = json.loads(data.decode("utf-8"))
    if not isinstance(statement, dict) or statement.get("format") != FORMAT:
        raise ValueError("not a certificate statement")
    if canonical(statement) != data:
        raise ValueError("statement not in canonical form")
    return statement


def details_of(kind: str, source) -> dict[str, Any]:
    """The facts certified, read from the exam office's record."""
    if kind == "unit_pass":
        return {
            "unit": source.unit,
            "session": source.session.date.isoformat() if source.session_id else None,
            "passed_on": source.passed_on.isoformat(),
            "valid_until": source.expires_on.isoformat(),
        }
    if kind == "title":
        return {"title": source.title, "level": source.level, "awarded_on": source.awarded_on.isoformat()}
    return {
        "stage": source.stage,
        "hours": f"{source.hours.normalize():f}",
        "date": source.date.isoformat(),
        "place": source.place,
        "trainer": source.trainer_name,
    }


def certified_on(kind: str, details: dict[str, Any]) -> str:
    return {"unit_pass": details.get("passed_on"), "title": details.get("awarded_on")}.get(kind) or details[
        "date"
    ]


def build(
    *,
    code: str,
    version: int,
    kind: str,
    holder: str,
    details: dict[str, Any],
    issued_on: str,
    verify_url: str,
    key_id: str,
    supersedes: str | None,
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "code": code,
        "version": version,
        "kind": kind,
        "holder": holder,
        "awarded": {language: wording.awarded(kind, details, language) for language in ("fr", "en")},
        "details": details,
        "date": certified_on(kind, details),
        "valid_until": details.get("valid_until"),
        "issued_on": issued_on,
        "issuer": wording.ISSUER,
        "verify_url": verify_url,
        "key_id": key_id,
        "supersedes": supersedes,
    }

"""The public JSON API of the rules engine: ``POST /api/chess/analyse``.

JSON in, JSON out, no session: the view is CSRF-exempt and refuses any other content type
(415). Errors are ``{"error": {"field": …, "message": …}}`` with status 400 (413 when the
body is over the limit, 415 for a non-JSON body); never a 500 for bad input.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from config.api import error_response, method_not_allowed
from positions.engine import CLAIM_TYPES, RATES, AnalysisInputError, AnalysisRequest, Claim, analyse
from positions.validation import MAX_FEN_LENGTH, MAX_PGN_BYTES, MAX_PLIES

MAX_BODY_BYTES = 200_000
ALLOWED_KEYS = {"fen", "pgn", "moves", "ply", "rate", "claim", "flag_fell", "lang", "notation"}


def _request_from_json(body: dict, language: str) -> AnalysisRequest:
    unknown = sorted(set(body) - ALLOWED_KEYS)
    if unknown:
        raise AnalysisInputError(unknown[0], _("Champ inconnu : « %(name)s ».") % {"name": unknown[0][:40]})
    for name in ("fen", "pgn", "rate", "flag_fell", "notation"):
        if body.get(name) is not None and not isinstance(body[name], str):
            raise AnalysisInputError(name, _("Ce champ doit être une chaîne de caractères."))
    moves = body.get("moves")
    if moves is not None and (not isinstance(moves, list) or not all(isinstance(m, str) for m in moves)):
        raise AnalysisInputError("moves", _("« moves » doit être une liste de coups (chaînes)."))
    ply = body.get("ply")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int)):
        raise AnalysisInputError("ply", _("« ply » doit être un entier."))
    claim = None
    raw_claim = body.get("claim")
    if raw_claim is not None:
        if not isinstance(raw_claim, dict) or raw_claim.get("type") not in CLAIM_TYPES:
            raise AnalysisInputError(
                "claim", _("« claim » doit être un objet dont « type » vaut threefold ou fifty.")
            )
        intended = raw_claim.get("intended_move")
        if intended is not None and not isinstance(intended, str):
            raise AnalysisInputError(
                "claim.intended_move", _("« intended_move » doit être un coup (chaîne) ou null.")
            )
        claim = Claim(type=raw_claim["type"], intended_move=intended or None)
    return AnalysisRequest(
        fen=body.get("fen"),
        pgn=body.get("pgn"),
        moves=moves,
        ply=ply,
        rate=body.get("rate") or "standard",
        claim=claim,
        flag_fell=body.get("flag_fell"),
        language=language,
        notation=body.get("notation") or "en",
    )


@csrf_exempt
def analyse_view(request: HttpRequest) -> JsonResponse:
    if request.method != "POST":
        return method_not_allowed(
            _("La méthode %(method)s n'est pas permise : envoyez l'analyse demandée en POST.")
            % {"method": request.method},
            allowed=["POST"],
        )
    body_language = None
    content_type = request.content_type or ""
    if content_type != "application/json":
        return error_response(None, _("Envoyez un corps JSON (Content-Type: application/json)."), status=415)
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    # Check the declared length first: reading a body over Django's own limit raises
    # RequestDataTooBig, which would answer with an HTML page instead of our JSON error.
    if declared > MAX_BODY_BYTES or len(request.body) > MAX_BODY_BYTES:
        return error_response(
            None,
            _("Requête trop volumineuse (%(max)d ko au plus).") % {"max": MAX_BODY_BYTES // 1000},
            status=413,
        )
    try:
        body = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: absurdly nested JSON
        return error_response(None, _("Le corps de la requête n'est pas du JSON valide."))
    if not isinstance(body, dict):
        return error_response(None, _("Le corps de la requête doit être un objet JSON."))
    if isinstance(body.get("lang"), str) and body["lang"][:2] in ("fr", "en"):
        body_language = body["lang"][:2]
    language = body_language or (translation.get_language() or "fr")[:2]
    language = language if language in ("fr", "en") else "fr"
    with translation.override(language):
        try:
            analysis = analyse(_request_from_json(body, language))
        except AnalysisInputError as error:
            return error_response(error.field, error.message)
    response = JsonResponse(analysis.to_dict(), json_dumps_params={"ensure_ascii": False})
    response["Content-Language"] = language
    return response


_VERDICT = {"type": "string", "enum": ["yes", "no", "undetermined"]}

OPENAPI_PATHS = {
    "/chess/analyse": {
        "post": {
            "summary": "An arbiter's analysis of a position or a game",
            "description": (
                "Replays `moves` (or `pgn`) from `fen` up to `ply` (illegal moves are replayed as physically "
                "played) and reports the status (checkmate, stalemate, dead position per Art. "
                "5.2.2, fivefold "
                "repetition per 9.6.1, 75 moves per 9.6.2), repetitions per 9.2.2, whether "
                "each side can still "
                "checkmate by any series of legal moves (bounded helpmate search), the illegal "
                "moves with their "
                "sanction (7.5.5, A.4.2, B.2), and, when asked, the verdict on a draw claim "
                "(9.2, 9.3, 9.5) and "
                "on a flag fall (6.9). Explanations are in the language of `lang` or "
                "Accept-Language (fr, en). "
                f"Limits: body {MAX_BODY_BYTES // 1000} kB, PGN {MAX_PGN_BYTES // 1000} kB, "
                f"{MAX_PLIES} plies, "
                f"FEN {MAX_FEN_LENGTH} characters. No authentication, no CSRF token: JSON only."
            ),
            "operationId": "analyseChessGame",
            "tags": ["chess"],
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AnalysisRequest"}}},
            },
            "responses": {
                "200": {
                    "description": "The analysis",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Analysis"}}},
                },
                "400": {
                    "description": "Invalid input (the field at fault is named)",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                },
                "413": {
                    "description": "Body too large",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                },
                "415": {
                    "description": "Not a JSON body",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                },
                "405": {
                    "description": "Only POST is allowed; `Allow` says so.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                },
            },
        }
    }
}

OPENAPI_SCHEMAS = {
    "AnalysisRequest": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "fen": {
                "type": ["string", "null"],
                "maxLength": MAX_FEN_LENGTH,
                "description": "Start position; default: the initial position (or the PGN's FEN header).",
            },
            "pgn": {
                "type": ["string", "null"],
                "description": "PGN with comments, NAGs, [%clk], [%cal], [%csl].",
            },
            "moves": {
                "type": ["array", "null"],
                "items": {"type": "string"},
                "maxItems": MAX_PLIES,
                "description": "SAN or UCI moves; may contain illegal moves (use either pgn or moves).",
            },
            "ply": {
                "type": ["integer", "null"],
                "minimum": 0,
                "description": "Analyse up to this ply (default: end).",
            },
            "rate": {"type": "string", "enum": list(RATES), "default": "standard"},
            "claim": {
                "type": ["object", "null"],
                "required": ["type"],
                "properties": {
                    "type": {"type": "string", "enum": list(CLAIM_TYPES)},
                    "intended_move": {"type": ["string", "null"], "examples": ["Nf3"]},
                },
                "description": (
                    "A draw claim by the side to move at `ply`. An `intended_move` that is not written "
                    "as a move (SAN or UCI on existing squares) is a 400 with field "
                    "`claim.intended_move`; a well-written but illegal move makes the claim incorrect "
                    "(9.5.3)."
                ),
            },
            "flag_fell": {
                "type": ["string", "null"],
                "enum": ["white", "black", None],
                "description": (
                    "A flag fall (6.9). It may come with a `claim`: the two events are judged "
                    "separately (`claim` and `flag_fall`) and `messages` says which one prevails."
                ),
            },
            "lang": {"type": "string", "enum": ["fr", "en"]},
            "notation": {
                "type": "string",
                "enum": ["fr", "en"],
                "default": "en",
                "description": (
                    "Piece letters of the moves sent and of the moves quoted in the explanations: "
                    "`en` (K Q R B N) or `fr` (R D T F C; R is the king). Returned move lists stay SAN."
                ),
            },
        },
        "examples": [
            {
                "moves": ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
                "claim": {"type": "threefold", "intended_move": None},
            }
        ],
    },
    "Analysis": {
        "type": "object",
        "required": ["fen", "status", "halfmove_clock", "repetition", "can_checkmate", "illegal_moves"],
        "properties": {
            "fen": {"type": "string"},
            "start_fen": {"type": "string"},
            "ply": {"type": "integer"},
            "side_to_move": {"type": "string", "enum": ["white", "black"]},
            "rate": {"type": "string", "enum": list(RATES)},
            "status": {
                "type": "string",
                "enum": [
                    "ongoing",
                    "checkmate",
                    "stalemate",
                    "dead_position",
                    "fivefold_repetition",
                    "seventy_five_moves",
                ],
            },
            "status_article": {"type": ["string", "null"]},
            "game_over_at": {
                "type": ["integer", "null"],
                "description": "First ply at which the game ended.",
            },
            "halfmove_clock": {"type": "integer"},
            "repetition": {
                "type": "object",
                "properties": {
                    "count": {"type": "integer"},
                    "plies": {"type": "array", "items": {"type": "integer"}},
                },
            },
            "can_checkmate": {"type": "object", "properties": {"white": _VERDICT, "black": _VERDICT}},
            "mating_lines": {
                "type": "object",
                "additionalProperties": {"type": "array", "items": {"type": "string"}},
            },
            "illegal_moves": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "ply": {"type": "integer"},
                        "move": {"type": "string"},
                        "move_number": {"type": "integer"},
                        "side": {"type": "string"},
                        "reason": {"type": "string"},
                        "reason_code": {"type": ["string", "null"]},
                        "sanction": {"type": "string"},
                        "article": {"type": "string"},
                        "restore_fen": {"type": "string"},
                        "stands": {"type": "boolean"},
                    },
                },
            },
            "claim": {
                "type": ["object", "null"],
                "properties": {
                    "valid": {"type": "boolean"},
                    "article": {"type": "string"},
                    "explanation": {"type": "string"},
                    "consequence": {"type": "string"},
                },
            },
            "flag_fall": {
                "type": ["object", "null"],
                "properties": {
                    "result": {"type": "string", "enum": ["1-0", "0-1", "1/2-1/2", "*"]},
                    "article": {"type": "string"},
                    "explanation": {"type": "string"},
                },
            },
            "plies": {"type": "array", "items": {"type": "object"}, "description": "Status after each ply."},
            "messages": {"type": "array", "items": {"type": "string"}},
        },
    },
}

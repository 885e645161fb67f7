"""The public JSON API of the rules engine: ``POST /api/chess/analyse`` (mounted by
config/api_urls.py).

JSON in, JSON out, no session and no CSRF token. Errors are ``{"error": {"field": …,
"message": …}}`` with status 400 (413 when the body is over the limit, 415 for a body that
is not JSON); never a 500 for bad input.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _
from ninja import Router
from ninja.decorators import decorate_view

from config.api import COMMON_ERRORS, Error, error_response
from positions import engine
from positions.api_schemas import AnalysisRequest
from positions.engine import Analysis, AnalysisInputError, Claim, analyse
from positions.validation import MAX_FEN_LENGTH, MAX_PGN_BYTES, MAX_PLIES

MAX_BODY_BYTES = 200_000

router = Router(tags=["chess"])


def json_object_body(run: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Refuses, before django-ninja reads it, a body that is not JSON (415), too large (413)
    or not a JSON object (400); answers in the body's ``lang`` when it names one."""

    @wraps(run)
    def wrapper(request: HttpRequest, **kwargs) -> HttpResponse:
        if request.content_type != "application/json":
            message = _("Envoyez un corps JSON (Content-Type: application/json).")
            return error_response(None, message, status=415)
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0
        # The declared length first: reading a body over Django's own limit raises
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
        language = body.get("lang") if body.get("lang") in ("fr", "en") else None
        language = language or (translation.get_language() or "fr")[:2]
        with translation.override(language if language in ("fr", "en") else "fr"):
            return run(request, **kwargs)

    return wrapper


@router.post(
    "/analyse",
    response={200: Analysis, 400: Error, 413: Error, 415: Error, **COMMON_ERRORS},
    operation_id="analyseChessGame",
    summary="An arbiter's analysis of a position or a game",
    description=(
        "Replays `moves` (or `pgn`) from `fen` up to `ply` (illegal moves are replayed as physically played) "
        "and reports the status (checkmate, stalemate, dead position per Art. 5.2.2, fivefold repetition per "
        "9.6.1, 75 moves per 9.6.2), repetitions per 9.2.2, whether each side can still checkmate by any "
        "series of legal moves (bounded helpmate search), the illegal moves with their sanction (7.5.5, "
        "A.4.2, B.2), and, when asked, the verdict on a draw claim (9.2, 9.3, 9.5) and on a flag fall (6.9). "
        "Explanations are in the language of `lang` or Accept-Language (fr, en). "
        f"Limits: body {MAX_BODY_BYTES // 1000} kB, PGN {MAX_PGN_BYTES // 1000} kB, {MAX_PLIES} plies, "
        f"FEN {MAX_FEN_LENGTH} characters. A request the engine cannot analyse (an impossible FEN, an "
        "unreadable PGN, a null move) is a 400 naming the field. No authentication, no CSRF token: JSON only."
    ),
)
@decorate_view(json_object_body)
def analyse_view(
    request: HttpRequest, response: HttpResponse, payload: AnalysisRequest
) -> dict | JsonResponse:
    language = translation.get_language()[:2]
    claim = payload.claim
    try:
        analysis = analyse(
            engine.AnalysisRequest(
                fen=payload.fen,
                pgn=payload.pgn,
                moves=payload.moves,
                ply=payload.ply,
                rate=payload.rate,
                claim=Claim(type=claim.type, intended_move=claim.intended_move or None) if claim else None,
                flag_fell=payload.flag_fell,
                language=language,
                notation=payload.notation,
            )
        )
    except AnalysisInputError as error:
        return error_response(error.field, error.message)
    response["Content-Language"] = language
    return analysis.to_dict()

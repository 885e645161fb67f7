"""What every endpoint of the public JSON API shares (the API itself is assembled in
config/api_urls.py with django-ninja, which generates /api/openapi.json from the code).

Every error is ``{"error": {"field": …, "message": …}}``: bad parameters and bodies (400),
unknown addresses (404), wrong methods (405), bodies over the limit (413), addresses over
the limit (414), bodies that are not JSON (415). Django and django-ninja answer some of
these themselves, with HTML or their own JSON; ``ApiErrorsMiddleware`` and the exception
handlers below give them our shape and a message in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Schema
from ninja.errors import HttpError, ValidationError
from ninja.openapi.schema import OpenAPISchema
from pydantic import ConfigDict, Field

API_PREFIX = "/api/"
# Below gunicorn's limit on the request line (4094 bytes), so that the client gets our
# documented JSON 414 rather than the server's plain-text refusal.
MAX_URL_LENGTH = 4000
METHODS_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


class ErrorDetail(Schema):
    model_config = ConfigDict(extra="allow")

    field: str | None = Field(description="The parameter or body field at fault (`claim.type`), if any.")
    message: str = Field(description="What is wrong, in the language of Accept-Language or `lang`.")
    suggestions: list[str] = Field(
        default_factory=list, description="For an unknown edition or article: the closest ones."
    )


class Error(Schema):
    """The body of every error of the API."""

    error: ErrorDetail


# Answers every operation may give besides its own (the middleware's and the handlers').
COMMON_ERRORS: dict[int, type[Schema]] = {404: Error, 405: Error, 414: Error}


def error_response(field: str | None, message: str, *, status: int = 400, **extra) -> JsonResponse:
    return JsonResponse(
        {"error": {"field": field, "message": message, **extra}},
        status=status,
        json_dumps_params={"ensure_ascii": False},
    )


def method_not_allowed(request: HttpRequest, *, allowed: list[str]) -> JsonResponse:
    rank = {method: position for position, method in enumerate(METHODS_ORDER)}
    allowed = sorted(allowed, key=lambda method: (rank.get(method, len(rank)), method))
    response = error_response(
        None,
        _(
            "La méthode %(method)s n'est pas permise à cette adresse de l'API ; "
            "méthodes permises : %(allowed)s."
        )
        % {"method": request.method, "allowed": ", ".join(allowed)},
        status=405,
    )
    response["Allow"] = ", ".join(allowed)
    return response


def not_found(request: HttpRequest) -> JsonResponse:
    return error_response(
        None,
        _("Adresse inconnue : %(path)s. Les adresses de l'API sont décrites dans /api/openapi.json.")
        % {"path": request.path},
        status=404,
    )


class ApiErrorsMiddleware:
    """Under /api/: refuses over-long addresses with a JSON 414, and turns the HTML 404 of
    an unknown address and django-ninja's plain-text 405 into JSON errors."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path_info.startswith(API_PREFIX):
            return self.get_response(request)
        if len(request.get_full_path()) > MAX_URL_LENGTH:
            return error_response(
                None,
                _("Adresse trop longue (%(max)d caractères au plus).") % {"max": MAX_URL_LENGTH},
                status=414,
            )
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        if response.status_code == 404:
            return not_found(request)
        if response.status_code == 405:
            return method_not_allowed(request, allowed=re.split(r"\s*,\s*", response.get("Allow", "")))
        return response


class ArbitreAPI(NinjaAPI):
    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict | None = None
    ) -> OpenAPISchema:
        # Paths relative to the server ("/rules/editions"), the server being "/api".
        return super().get_openapi_schema(path_prefix="", path_params=path_params)


def _choices(expected: str) -> str:
    return ", ".join(f"« {choice} »" for choice in re.findall(r"'([^']*)'", expected)) or expected


def validation_message(error: dict, field: str) -> str:
    """A pydantic error in the reader's language."""
    kind, context = error.get("type", ""), error.get("ctx") or {}
    names = {"field": field}
    if kind == "missing":
        return _("« %(field)s » est obligatoire.") % names
    if kind == "extra_forbidden":
        return _("Champ inconnu : « %(name)s ».") % {"name": field[:40]}
    if kind in ("string_type", "string_unicode"):
        return _("Ce champ doit être une chaîne de caractères.")
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _("« %(field)s » doit être un entier.") % names
    if kind in ("list_type", "tuple_type"):
        return _("« %(field)s » doit être une liste.") % names
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return _("« %(field)s » doit être un objet JSON.") % names
    if kind in ("literal_error", "enum"):
        return _("« %(field)s » doit valoir %(choices)s.") % {
            **names, "choices": _choices(str(context.get("expected", "")))}
    if kind == "string_too_short":
        return _("« %(field)s » ne doit pas être vide.") % names
    if kind == "string_too_long":
        return _("« %(field)s » : %(max)s caractères au plus.") % {**names, "max": context.get("max_length")}
    if kind == "too_long":
        return _("« %(field)s » : %(max)s éléments au plus.") % {**names, "max": context.get("max_length")}
    if kind in ("greater_than_equal", "greater_than"):
        bound = context.get("ge", context.get("gt"))
        return _("« %(field)s » doit être au moins %(min)s.") % {**names, "min": bound}
    if kind in ("less_than_equal", "less_than"):
        bound = context.get("le", context.get("lt"))
        return _("« %(field)s » doit être au plus %(max)s.") % {**names, "max": bound}
    return _("« %(field)s » n'est pas valide.") % names


def error_field(location: tuple | list) -> tuple[str, int | None]:
    """``("body", "payload", "claim", "type")`` → ``"claim.type"``; ``("query", "q")`` → ``"q"``.
    The position in a list, if any, is returned beside the name."""
    parts = list(location)
    source = parts.pop(0) if parts else ""
    if source == "body" and parts:
        parts.pop(0)  # the name of the view's body argument
    names = [str(part) for part in parts if not isinstance(part, int)]
    positions = [part for part in parts if isinstance(part, int)]
    return ".".join(names), (positions[0] if positions else None)


def validation_error(request: HttpRequest, exc: ValidationError) -> JsonResponse:
    error = exc.errors[0]
    field, position = error_field(error.get("loc", ()))
    message = validation_message(error, field)
    if position is not None:
        message = _("Élément n° %(position)d : %(message)s") % {"position": position + 1, "message": message}
    return error_response(field or None, message)


def http_error(request: HttpRequest, exc: HttpError) -> JsonResponse:
    messages = {
        400: _("Requête mal formée."),
        404: _("Ressource introuvable."),
    }
    return error_response(None, messages.get(exc.status_code, str(exc)), status=exc.status_code)


def install_error_handlers(api: NinjaAPI) -> None:
    api.add_exception_handler(ValidationError, validation_error)
    api.add_exception_handler(Http404, lambda request, exc: not_found(request))
    api.add_exception_handler(HttpError, http_error)

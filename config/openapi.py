"""The OpenAPI 3.1 document of the public API, assembled from the apps' API modules.

Each module listed in ``API_MODULES`` may define ``OPENAPI_PATHS`` (path → path item) and
``OPENAPI_SCHEMAS`` (name → schema); they are merged into one document here.
"""

from __future__ import annotations

from importlib import import_module

from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

API_MODULES = ["rules.api", "positions.api"]


def build_document() -> dict:
    paths: dict = {}
    schemas: dict = {
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {
                "error": {
                    "type": "object",
                    "required": ["message"],
                    "properties": {
                        "field": {"type": ["string", "null"]},
                        "message": {"type": "string"},
                    },
                    "additionalProperties": True,
                }
            },
        }
    }
    for name in API_MODULES:
        try:
            module = import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            continue
        paths.update(getattr(module, "OPENAPI_PATHS", {}))
        schemas.update(getattr(module, "OPENAPI_SCHEMAS", {}))
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Arbitre API",
            "version": "1.0.0",
            "description": (
                "Read-only access to the rulebook of the French chess federation's arbiters "
                "and an arbiter's analysis of chess positions and games."
            ),
        },
        "servers": [{"url": "/api"}],
        "paths": dict(sorted(paths.items())),
        "components": {"schemas": dict(sorted(schemas.items()))},
    }


@require_GET
@cache_control(max_age=300, public=True)
def openapi_json(request: HttpRequest) -> JsonResponse:
    return JsonResponse(build_document(), json_dumps_params={"ensure_ascii": False})

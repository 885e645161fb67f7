"""What every endpoint of the public JSON API shares: its error body (the "Error" schema of
config/openapi.py), also for a wrong method, where Django would answer with an empty page."""

from __future__ import annotations

from django.http import JsonResponse


def error_response(field: str | None, message: str, *, status: int = 400, **extra) -> JsonResponse:
    return JsonResponse(
        {"error": {"field": field, "message": message, **extra}},
        status=status,
        json_dumps_params={"ensure_ascii": False},
    )


def method_not_allowed(message: str, *, allowed: list[str]) -> JsonResponse:
    response = error_response(None, message, status=405)
    response["Allow"] = ", ".join(allowed)
    return response

"""Structured logs: one JSON object per line, each carrying the id of the request it belongs to.

The request id comes from the trusted reverse proxy's ``X-Request-ID`` (only when
``TRUSTED_PROXY_COUNT`` says there is one: a client must not choose ids that would mix
its lines with others') or is generated; it is echoed in the response's ``X-Request-ID``
so that a person reporting an error can quote it. The access line names the URL pattern,
not the path (no ids, tokens or e-mail addresses from URLs) and never the query string or
body; the client's address only with ``LOG_CLIENT_ADDRESS=1``.
"""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from collections.abc import Callable
from contextvars import ContextVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse

request_id_var: ContextVar[str] = ContextVar("request_id", default="-")
access_logger = logging.getLogger("arbitre.request")

REQUEST_ID_HEADER = "X-Request-ID"
ACCEPTABLE_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{8,128}$")
# Attributes every LogRecord has; anything else on a record was passed with ``extra=``.
_STANDARD_ATTRIBUTES = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "request_id"}
# Objects some libraries attach to records (django.request attaches the request itself).
_NEVER_LOGGED = {"request", "response", "server_time", "status_code"}


def incoming_request_id(request: HttpRequest) -> str:
    if settings.TRUSTED_PROXY_COUNT > 0:
        candidate = request.headers.get(REQUEST_ID_HEADER, "")
        if ACCEPTABLE_REQUEST_ID.match(candidate):
            return candidate
    return uuid.uuid4().hex


class RequestIdMiddleware:
    """First in MIDDLEWARE: every log line of the request, and the access line, carry its id."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = incoming_request_id(request)
        request.request_id = request_id
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response[REQUEST_ID_HEADER] = request_id
            self.log_access(request, response, started)
            return response
        finally:
            request_id_var.reset(token)

    @staticmethod
    def log_access(request: HttpRequest, response: HttpResponse, started: float) -> None:
        if not access_logger.isEnabledFor(logging.INFO):
            return
        match = getattr(request, "resolver_match", None)
        fields = {
            "request_id": request.request_id,
            "method": request.method,
            "route": f"/{match.route}" if match is not None and match.route else "(unresolved)",
            "view": match.view_name if match is not None else None,
            "status": response.status_code,
            "duration_ms": round((time.perf_counter() - started) * 1000, 1),
        }
        if settings.LOG_CLIENT_ADDRESS:
            fields["client"] = request.META.get("REMOTE_ADDR")
        access_logger.info("request", extra=fields)


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = request_id_var.get()
        return True


class JsonLinesFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", request_id_var.get()),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD_ATTRIBUTES and key not in _NEVER_LOGGED and not key.startswith("_"):
                entry[key] = value if isinstance(value, str | int | float | bool | type(None)) else str(value)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


JsonLinesFormatter.converter = time.gmtime

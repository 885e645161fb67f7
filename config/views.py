from __future__ import annotations

import logging
import sys
import time
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_safe

from accounts.navigation import home_panels

logger = logging.getLogger(__name__)
HEALTH_CACHE_KEY = "healthz:{}"  # one key per check: concurrent checks never read each other's


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"panels": home_panels(request.user)})


@require_safe  # load balancers probe with HEAD as well as GET
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """For the load balancer: the database and the cache answer (200), or which does not (503).

    No login, no session, no template: two round trips. An exception's text is logged, not
    returned (it may name hosts or users)."""
    checks = {"database": _check_database, "cache": _check_cache}
    results = {}
    for name, check in checks.items():
        started = time.perf_counter()
        try:
            check()
        except Exception:
            logger.exception("health check failed: %s", name)
            results[name] = {"status": "error"}
        else:
            results[name] = {"status": "ok", "ms": round((time.perf_counter() - started) * 1000, 1)}
    healthy = all(result["status"] == "ok" for result in results.values())
    body = {"status": "ok" if healthy else "error", "checks": results}
    return JsonResponse(body, status=200 if healthy else 503)


def _check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _check_cache() -> None:
    value = uuid.uuid4().hex
    key = HEALTH_CACHE_KEY.format(value)
    cache.set(key, value, timeout=30)
    try:
        if cache.get(key) != value:
            raise RuntimeError("the cache did not return what was just stored")
    finally:
        cache.delete(key)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    # A refusal that explains itself to the person (``public_reason``, e.g. a conflict of
    # interest with an exam session) says why; any other keeps the generic text.
    return render(request, "errors/403.html", {"reason": getattr(exception, "public_reason", "")}, status=403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "errors/404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # Called while the exception is being handled, whether a view or a middleware raised it.
    if isinstance(sys.exc_info()[1], DATABASE_UNAVAILABLE):
        return database_unavailable(request)
    # No context processors: whatever broke may be what they depend on.
    template = loader.get_template("errors/500.html")
    return HttpResponse(template.render({"request": request}), status=500)


# The database refuses connections, is restarting, or SQLite stayed locked past its timeout.
DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: the browser (and the exam page's autosave) should come back later.

    Rendered without context processors or session: neither may touch the database."""
    retry_after = settings.DATABASE_RETRY_AFTER_SECONDS
    headers = {"Retry-After": str(retry_after)}
    if request.path_info.startswith("/api/") or "application/json" in request.headers.get("Accept", ""):
        body = {
            "status": "unavailable",
            "message": gettext("Service momentanément indisponible : réessayez dans quelques secondes."),
            "retry_after": retry_after,
        }
        return JsonResponse(body, status=503, headers=headers)
    template = loader.get_template("errors/503.html")
    content = template.render({"request": request, "retry_after": retry_after})
    return HttpResponse(content, status=503, headers=headers)

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from accounts.navigation import home_panels


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"panels": home_panels(request.user)})


@require_GET
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """For the load balancer: the app answers and its database does too."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "errors/403.html", status=403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "errors/404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # No context processors: whatever broke may be what they depend on.
    template = loader.get_template("errors/500.html")
    return HttpResponse(template.render({"request": request}), status=500)

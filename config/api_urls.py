"""The public JSON API. Each app contributes its routes; the OpenAPI document merges the
``OPENAPI_PATHS`` and ``OPENAPI_SCHEMAS`` dictionaries of the modules in API_MODULES."""

from django.urls import include, path

from config import openapi

urlpatterns = [
    path("openapi.json", openapi.openapi_json, name="openapi"),
    path("rules/", include("rules.api_urls")),
    path("chess/", include("positions.api_urls")),
]

"""The public JSON API (django-ninja): each app contributes a router; the OpenAPI document
(/api/openapi.json) and its reference page (/api/docs) are generated from their code."""

from ninja.openapi.docs import Swagger

from certificates.api import router as certificates_router
from config.api import ArbitreAPI, install_error_handlers
from positions.api import router as chess_router
from rules.api import router as rules_router
from rules.urls import ArticleNumberConverter  # noqa: F401 - registers the path converter "number"

api = ArbitreAPI(
    title="Arbitre API",
    version="1.0.0",
    description=(
        "Read-only access to the rulebook of the French chess federation's arbiters and an "
        "arbiter's analysis of chess positions and games. Every error is "
        '`{"error": {"field": …, "message": …}}`, in the language of Accept-Language (fr, en).'
    ),
    servers=[{"url": "/api"}],
    urls_namespace="api",
    openapi_url="/openapi.json",
    docs_url="/docs",
    docs=Swagger(settings={"layout": "BaseLayout", "deepLinking": True}),
)
install_error_handlers(api)
api.add_router("/rules/", rules_router)
api.add_router("/chess/", chess_router)
api.add_router("/certificates/", certificates_router)

urlpatterns = api.urls[0]

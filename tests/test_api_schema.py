"""The API keeps the promises of its OpenAPI document: schemathesis generates requests from
/api/openapi.json (valid and invalid ones) and checks every answer against the document,
through the WSGI application (no server), on the fixture rulebook."""

from __future__ import annotations

import json

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from config.wsgi import application
from rules.services import load_rulebook
from tests.rules.conftest import FIXTURES

CONFIG = schemathesis.Config.from_dict({
    "generation": {"max-examples": 30, "deterministic": True, "database": "none"},
    "checks": {
        # The API also refuses bodies over 200 kB (413) and addresses over 4,000 characters (414).
        "negative_data_rejection": {"expected-statuses": [400, 404, 405, 413, 414, 415]},
    },
})

# Well-formed requests the API may still refuse, because only the data can say: an
# edition that does not exist, a FEN of an impossible position, an unreadable PGN, moves
# that are no moves, a ply past the end of the game.
REFUSALS_THAT_DEPEND_ON_THE_DATA = {
    "/rules/search": {"edition"},
    "/chess/analyse": {"fen", "pgn", "moves", "ply", "claim.intended_move"},
}


@pytest.fixture
def api_schema(db):
    load_rulebook(data_dir=FIXTURES)
    # As Django's test client does: the requests run inside the test's transaction, so the
    # end of a request must not close the database connection (PostgreSQL would lose it).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/openapi.json", application, config=CONFIG)
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


schema = schemathesis.pytest.from_fixture("api_schema")


def valid_data_is_accepted(ctx, response, case) -> None:
    """schemathesis' positive_data_acceptance, except for the refusals listed above, which
    must then be a 400 naming the field at fault."""
    if case.meta is None or not case.meta.generation.mode.is_positive or response.status_code < 400:
        return
    if response.status_code in (404, 405):
        return
    allowed_fields = REFUSALS_THAT_DEPEND_ON_THE_DATA.get(case.operation.path, set())
    field = json.loads(response.content)["error"]["field"] if response.status_code == 400 else None
    assert field in allowed_fields, (
        f"A request valid for the schema was refused with {response.status_code}: {response.content[:300]!r}"
    )


@schema.parametrize()
@settings(max_examples=30, derandomize=True, database=None, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_openapi_document_says(case):
    case.call_and_validate(
        excluded_checks=[positive_data_acceptance], additional_checks=[valid_data_is_accepted]
    )

"""The API's OpenAPI schema validates, and a fuzz over every operation of it finds no HTTP 500
and no answer the schema does not describe."""

import json

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from botapi import selectors
from botapi.api import api
from botapi.api_v2 import api as api_v2
from tests.botapi.helpers import bot_table

schema = schemathesis.openapi.from_dict(api.get_openapi_schema())
schema_v2 = schemathesis.openapi.from_dict(api_v2.get_openapi_schema())
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture
def app():
    """The site's WSGI app on the test's own database connection (as Django's test client
    keeps it): a request's end would close it otherwise."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield get_wsgi_application()
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def table(robo, monkeypatch):
    monkeypatch.setattr(selectors, "WAIT_MAX", 0)  # a long-poll answers at once here
    user, token = robo
    game = bot_table(user)
    return game.seats.get(user=user), token


def no_key_twice(pairs: list[tuple]) -> dict:
    keys = [key for key, _value in pairs]
    assert len(keys) == len(set(keys)), keys
    return dict(pairs)


def served_operations(client, version: str) -> list:
    # A key twice in an object (a status named as a number and as text) is valid JSON that
    # Swagger UI refuses whole.
    served = json.loads(
        client.get(f"/api/{version}/openapi.json").content, object_pairs_hook=no_key_twice
    )
    checked = schemathesis.openapi.from_dict(served)
    assert checked.specification.version.startswith("3.1")
    return [result.ok() for result in checked.get_all_operations()]  # Err raises here


def test_the_schema_is_served_and_is_a_valid_openapi_document(client):
    operations = served_operations(client, "v1")
    assert sorted(f"{op.method.upper()} {op.path}" for op in operations) == [
        "GET /api/v1/invitations",
        "GET /api/v1/me",
        "GET /api/v1/seats",
        "GET /api/v1/seats/{seat_id}",
        "GET /api/v1/seats/{seat_id}/events",
        "POST /api/v1/games/{game_id}/join",
        "POST /api/v1/seats/{seat_id}/moves",
    ]


def test_v2_describes_each_operation_and_only_the_errors_it_gives(client):
    operations = served_operations(client, "v2")
    assert len(operations) == 19
    for operation in operations:
        described = operation.definition.raw
        assert described["description"] and "429" in described["responses"]
        assert "Retry-After" in described["responses"]["429"]["headers"]
    statuses = {op.path: set(op.definition.raw["responses"]) for op in operations}
    assert statuses["/api/v2/me"] == {"200", "401", "429"}


def fuzzed(case, table, app):
    seat, token = table
    # Half of the requests are about the bot's own seat, to reach past the seat check.
    asked = (case.path_parameters or {}).get("seat_id")
    if isinstance(asked, int) and asked % 2:
        case.path_parameters["seat_id"] = seat.id
    case.call_and_validate(
        app=app,
        headers={"Authorization": f"Bearer {token}"},
        checks=CHECKS,
    )


@schema.parametrize()
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case, table, app):
    fuzzed(case, table, app)


@schema_v2.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_v2_request_gets_a_server_error(case, table, app):
    fuzzed(case, table, app)

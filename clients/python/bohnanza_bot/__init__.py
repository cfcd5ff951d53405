"""A small typed client of the Bohnanza bot API, version 2 (`/api/v2/`): `Client` makes each
request, `bohnanza_bot.models` types what it sends and receives, checked against the served
schema by the site's tests (tests/botapi/test_reference_client.py). Standard library only."""

from .client import Client, Refused

__all__ = ["Client", "Refused"]

import pytest


@pytest.fixture
def anonymous_client(client):
    """The Django test client, named for what it is in tests that read as sentences."""
    return client

import pytest

from games.services.lobby import game_create
from tests.helpers import started


@pytest.fixture(autouse=True)
def tasks_run_in_process(eager_celery):
    """Every test here runs Celery tasks eagerly (see tests/conftest.py)."""


@pytest.fixture
def open_game(alice):
    """Alice's 3-player Rio Grande game, waiting for two more players."""
    return game_create(user=alice, edition="rio-grande", players=3, options={})


@pytest.fixture
def started_game(alice, bob, carol):
    """Alice, bob and carol at a Rio Grande table of three, seated at random; the start player
    is to move."""
    return started([alice, bob, carol])

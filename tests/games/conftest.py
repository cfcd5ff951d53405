import pytest

from games import services

from .helpers import make_user


@pytest.fixture(autouse=True)
def tasks_run_in_process(eager_celery):
    """Every test here runs Celery tasks eagerly (see tests/conftest.py)."""


@pytest.fixture
def open_game(alice):
    """Alice's 3-player Rio Grande game, waiting for two more players."""
    return services.game_create(user=alice, edition="rio-grande", players=3, options={})


@pytest.fixture
def started_game(open_game, alice, bob, carol):
    """Alice, bob and carol at one table, seated at random; the start player is to move."""
    services.seat_join(game_id=open_game.id, user=bob)
    services.seat_join(game_id=open_game.id, user=carol)
    return services.game_start(game_id=open_game.id, user=alice)


@pytest.fixture
def players():
    """alice, bob and carol, for the page tests (logged in with force_login)."""
    return {name: make_user(name) for name in ("alice", "bob", "carol")}


@pytest.fixture
def game(players):
    """A started 3-player Amigo game of alice, bob and carol (seats drawn at random)."""
    created = services.game_create(
        user=players["alice"], edition="amigo-classic", players=3, options={}, name="Beans"
    )
    for name in ("bob", "carol"):
        services.seat_join(game_id=created.id, user=players[name], token=created.invite_token)
    return services.game_start(game_id=created.id, user=players["alice"])
